import CaptureCore
import Foundation

/// What `capkit tryon` reads: a still image, or a video file or camera through ffmpeg, with its
/// size, frame rate and (when known) frame count.
struct TryOnInput: Sendable {
    let path: String
    let isStill: Bool
    let width: Int
    let height: Int
    let framesPerSecond: Double
    /// Frames expected (nil: unknown, e.g. a camera).
    let frameCount: Int?
    let maxFrames: Int?

    init(path: String, maxFrames: Int?) throws {
        self.path = path
        self.maxFrames = maxFrames
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ImageFilesSource.imageExtensions.contains(ext) {
            let image = try ImageCodec.decode(contentsOf: URL(fileURLWithPath: path))
            (isStill, width, height, framesPerSecond, frameCount) = (true, image.width, image.height, 1, 1)
        } else {
            let probe = try FFmpegVideoSource(input: path).probe()
            isStill = false
            (width, height, framesPerSecond) = (probe.width, probe.height, probe.fps)
            let counted = FFmpegVideoSource.isCameraDevice(path) ? nil : Self.countFrames(path)
            frameCount = [counted, maxFrames].compactMap { $0 }.min()
        }
    }

    /// The frame source the SDK reads.
    func source() throws -> any FrameSource {
        isStill ? try ImageFilesSource(paths: [path]) : FFmpegVideoSource(input: path, maxFrames: maxFrames)
    }

    /// The video stream's frame count from its header (nil when the container does not say).
    private static func countFrames(_ path: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=nb_frames",
            "-of", "csv=p=0", path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

import Foundation

/// Frames of a video file or a V4L2 camera (`/dev/videoN`), decoded by the `ffmpeg` program into
/// raw RGBA and read from its standard output.
///
/// The frame size is probed with `ffprobe` first (or forced with `size`). Reading happens on a
/// dedicated thread, so no async task blocks; cancelling the consumer terminates `ffmpeg`.
public struct FFmpegVideoSource: FrameSource {
    /// The video file path or camera device.
    public let input: String
    /// Scale frames to this size instead of the native one.
    public let size: (width: Int, height: Int)?
    /// Stop after this many frames (nil: all).
    public let maxFrames: Int?

    public var name: String { input }

    public init(input: String, size: (width: Int, height: Int)? = nil, maxFrames: Int? = nil) {
        self.input = input
        self.size = size
        self.maxFrames = maxFrames
    }

    /// Whether `path` names a camera device rather than a file.
    public static func isCameraDevice(_ path: String) -> Bool { path.hasPrefix("/dev/video") }

    /// Finds a program on PATH.
    static func which(_ program: String) -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The native width, height and frame rate of the first video stream.
    public func probe() throws(FrameSourceError) -> (width: Int, height: Int, fps: Double) {
        guard FileManager.default.fileExists(atPath: input) else {
            throw Self.isCameraDevice(input) ? .cameraUnavailable(input) : .notFound(input)
        }
        guard let ffprobe = Self.which("ffprobe") else { throw .ffmpegMissing }
        var args = [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate",
            "-of", "csv=p=0",
        ]
        if Self.isCameraDevice(input) { args += ["-f", "v4l2"] }
        args.append(input)
        let (status, out, err) = Self.run(ffprobe, args)
        let fields = out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        guard status == 0, fields.count >= 3, let w = Int(fields[0]), let h = Int(fields[1]), w > 0, h > 0 else {
            let reason = err.split(separator: "\n").first.map(String.init) ?? "no video stream"
            throw Self.isCameraDevice(input) ? .cameraUnavailable(input) : .decodingFailed(input: input, reason: reason)
        }
        let rate = fields[2].split(separator: "/").compactMap { Double($0) }
        let fps = rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : (rate.first ?? 30)
        return (w, h, fps > 0 && fps.isFinite ? fps : 30)
    }

    private static func run(_ program: URL, _ args: [String]) -> (Int32, String, String) {
        let p = Process()
        p.executableURL = program
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return (-1, "", "\(error)") }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    public func frames() -> AsyncThrowingStream<Frame, any Error> {
        AsyncThrowingStream { continuation in
            let info: (width: Int, height: Int, fps: Double)
            do {
                info = try probe()
            } catch {
                continuation.finish(throwing: error)
                return
            }
            guard let ffmpeg = Self.which("ffmpeg") else {
                continuation.finish(throwing: FrameSourceError.ffmpegMissing)
                return
            }
            let (w, h) = size ?? (info.width, info.height)
            var args = ["-v", "error", "-nostdin"]
            if Self.isCameraDevice(input) { args += ["-f", "v4l2"] }
            args += ["-i", input]
            if size != nil { args += ["-vf", "scale=\(w):\(h)"] }
            if let maxFrames { args += ["-frames:v", String(maxFrames)] }
            args += ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
            let process = Process()
            process.executableURL = ffmpeg
            process.arguments = args
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            do {
                try process.run()
            } catch {
                continuation.finish(throwing: FrameSourceError.decodingFailed(input: input, reason: "\(error)"))
                return
            }
            let input = self.input
            let fps = info.fps
            let reader = Thread {
                let handle = out.fileHandleForReading
                let frameBytes = w * h * 4
                var index = 0
                var buffer = Data()
                while true {
                    let chunk = handle.readData(ofLength: frameBytes - buffer.count)
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    guard buffer.count == frameBytes else { continue }
                    guard let image = try? RGBAImage(width: w, height: h, pixels: [UInt8](buffer)) else { break }
                    buffer.removeAll(keepingCapacity: true)
                    let frame = Frame(
                        index: index, timestamp: Double(index) / fps, image: image,
                        origin: "\(input)#\(index)")
                    if case .terminated = continuation.yield(frame) { break }
                    index += 1
                }
                process.waitUntilExit()
                let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                if process.terminationStatus != 0 && process.terminationReason == .exit && index == 0 {
                    let reason =
                        message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
                    continuation.finish(throwing: FrameSourceError.decodingFailed(input: input, reason: reason))
                } else {
                    continuation.finish()
                }
            }
            continuation.onTermination = { _ in
                if process.isRunning { process.terminate() }
            }
            reader.start()
        }
    }
}

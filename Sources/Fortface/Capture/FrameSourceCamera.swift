public import CaptureCore
import Foundation

/// A camera on Linux: a V4L2 device (`/dev/videoN`) or a video file through ffmpeg, or a folder
/// of still images (or one image) shown over and over, like a camera looking at a still scene.
///
/// Frames are never queued without bound: a live source (`dropsLateFrames`) keeps only the newest
/// frame while the document engine is busy, as a camera preview does; repeated stills are decoded
/// once and handed out one at a time as the session asks for them.
public struct FrameSourceCamera: FortfaceCameraProvider {
    /// The frames' origin.
    public let source: any FrameSource
    /// Whether the source starts again when it ends (true for still images).
    public let repeats: Bool
    /// Whether frames arriving while the previous one is judged replace it (true for ffmpeg sources).
    public let dropsLateFrames: Bool

    /// A camera reading `source`; `repeats` shows its frames again and again, `dropsLateFrames`
    /// keeps only the newest frame while the session is busy.
    public init(source: any FrameSource, repeats: Bool = false, dropsLateFrames: Bool = false) {
        self.source = source
        self.repeats = repeats
        self.dropsLateFrames = dropsLateFrames
    }

    /// The camera for `path`: `/dev/videoN` and video files through ffmpeg (late frames dropped), an
    /// image or a folder of images repeated. Throws `FrameSourceError.notFound` when nothing
    /// is at `path`.
    public init(path: String) throws(FrameSourceError) {
        let ext = (path as NSString).pathExtension.lowercased()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if FFmpegVideoSource.isCameraDevice(path) {
            self.init(source: FFmpegVideoSource(input: path), dropsLateFrames: true)
        } else if exists, isFolder.boolValue || ImageFilesSource.imageExtensions.contains(ext) {
            self.init(source: try ImageFilesSource(paths: [path]), repeats: true)
        } else if exists {
            self.init(source: FFmpegVideoSource(input: path), dropsLateFrames: true)
        } else {
            throw .notFound(path)
        }
    }

    public func openCamera() async throws -> AsyncThrowingStream<Frame, any Error> {
        if repeats { return Self.repeating(source) }
        if dropsLateFrames { return Self.newestOnly(source) }
        return source.frames()
    }

    /// The source's frames decoded once, then handed out in a loop on demand (pull-based: nothing
    /// is decoded or queued ahead of the consumer). Ends at once when the source has no frame.
    private static func repeating(_ source: any FrameSource) -> AsyncThrowingStream<Frame, any Error> {
        let state = Locked<(frames: [Frame]?, next: Int)>((nil, 0))
        return AsyncThrowingStream(unfolding: {
            if state.withLock({ $0.frames }) == nil {
                var loaded: [Frame] = []
                for try await frame in source.frames() { loaded.append(frame) }
                state.withLock { $0.frames = loaded }
            }
            return state.withLock { s -> Frame? in
                guard let frames = s.frames, !frames.isEmpty else { return nil }
                let index = s.next
                s.next += 1
                let frame = frames[index % frames.count]
                return Frame(index: index, timestamp: frame.timestamp, image: frame.image, origin: frame.origin)
            }
        })
    }

    /// The source read as fast as it delivers, keeping only the newest frame for the consumer.
    private static func newestOnly(_ source: any FrameSource) -> AsyncThrowingStream<Frame, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                do {
                    for try await frame in source.frames() { continuation.yield(frame) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

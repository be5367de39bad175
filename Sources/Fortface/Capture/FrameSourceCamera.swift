import CaptureCore
import Foundation

/// A camera on Linux: a V4L2 device (`/dev/videoN`) or a video file through ffmpeg, or a folder
/// of still images (or one image) shown over and over, like a camera looking at a still scene.
public struct FrameSourceCamera: FortfaceCameraProvider {
    /// The frames' origin.
    public let source: any FrameSource
    /// Whether the source starts again when it ends (true for still images).
    public let repeats: Bool

    /// A camera reading `source`; `repeats` restarts it whenever it ends.
    public init(source: any FrameSource, repeats: Bool = false) {
        self.source = source
        self.repeats = repeats
    }

    /// The camera for `path`: `/dev/videoN` and video files through ffmpeg, an image or a folder of
    /// images repeated. Throws ``FrameSourceError/notFound(_:)`` when nothing is at `path`.
    public init(path: String) throws(FrameSourceError) {
        let ext = (path as NSString).pathExtension.lowercased()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if FFmpegVideoSource.isCameraDevice(path) {
            self.init(source: FFmpegVideoSource(input: path))
        } else if exists, isFolder.boolValue || ImageFilesSource.imageExtensions.contains(ext) {
            self.init(source: try ImageFilesSource(paths: [path]), repeats: true)
        } else if exists {
            self.init(source: FFmpegVideoSource(input: path))
        } else {
            throw .notFound(path)
        }
    }

    public func openCamera() async throws -> AsyncThrowingStream<Frame, any Error> {
        guard repeats else { return source.frames() }
        let source = self.source
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var index = 0
                    while !Task.isCancelled {
                        var yielded = false
                        for try await frame in source.frames() {
                            yielded = true
                            continuation.yield(Frame(index: index, timestamp: frame.timestamp, image: frame.image,
                                                     origin: frame.origin))
                            index += 1
                            await Task.yield()
                        }
                        // An empty source would spin: it simply ends.
                        if !yielded { break }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

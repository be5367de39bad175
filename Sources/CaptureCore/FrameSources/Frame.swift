/// One frame from a ``FrameSource``.
public struct Frame: Sendable {
    /// Position in the source, from 0.
    public let index: Int
    /// Presentation time in seconds from the start (0 for stills).
    public let timestamp: Double
    /// The pixels.
    public let image: RGBAImage
    /// Where the frame came from (a file path, or a path and frame number), for messages.
    public let origin: String

    public init(index: Int, timestamp: Double, image: RGBAImage, origin: String) {
        self.index = index
        self.timestamp = timestamp
        self.image = image
        self.origin = origin
    }
}

/// Why a frame source failed.
public enum FrameSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input does not exist or cannot be opened.
    case notFound(String)
    /// The `ffmpeg`/`ffprobe` programs are missing.
    case ffmpegMissing
    /// `ffmpeg` could not decode the input; `reason` is the first line of its message.
    case decodingFailed(input: String, reason: String)
    /// A still image failed to decode.
    case image(path: String, ImageError)
    /// The camera device cannot be opened (missing, busy, or no permission).
    case cameraUnavailable(String)

    public var description: String {
        switch self {
        case let .notFound(p): return "\(p): no such file, folder or device."
        case .ffmpegMissing:
            return "Video input needs the ffmpeg program: run scripts/bootstrap (apt-get install ffmpeg)."
        case let .decodingFailed(input, reason): return "\(input): ffmpeg cannot decode it (\(reason))."
        case let .image(path, error): return "\(path): \(error)"
        case let .cameraUnavailable(d): return "\(d): the camera cannot be opened (missing, busy, or no permission)."
        }
    }
}

/// A sequence of frames: still images, a folder of images, a video file or a camera.
public protocol FrameSource: Sendable {
    /// A short description for messages (never pixel data).
    var name: String { get }
    /// The frames in order. The stream ends after the last frame, or throws a ``FrameSourceError``.
    func frames() -> AsyncThrowingStream<Frame, any Error>
}

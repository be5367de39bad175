public import Foundation

/// Still images (JPEG or PNG) as frames, in the given order; folders are expanded to their
/// image files, sorted by name. A file that fails to decode ends the stream with its error only
/// when `stopOnError` is set; otherwise it is reported through ``ImageFilesSource/Item/failure``
/// by ``items()``, which callers that want to go on after a bad file use instead of ``frames()``.
public struct ImageFilesSource: FrameSource {
    /// The file extensions treated as images.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]

    /// The image files, folders already expanded.
    public let files: [URL]

    public var name: String { files.count == 1 ? files[0].path : "\(files.count) images" }

    /// Expands `paths` (files or folders) into image files.
    public init(paths: [String]) throws(FrameSourceError) {
        var out: [URL] = []
        for p in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else { throw .notFound(p) }
            let url = URL(fileURLWithPath: p)
            if isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: p)) ?? []
                out += names.sorted()
                    .filter { Self.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                    .map { url.appendingPathComponent($0) }
            } else {
                out.append(url)
            }
        }
        files = out
    }

    /// One file: its decoded frame or why it failed.
    public enum Item: Sendable {
        case frame(Frame)
        case failure(path: String, ImageError)
    }

    /// Each file in turn, decoded lazily; a bad file does not stop the others.
    public func items() -> AsyncStream<Item> {
        let files = self.files
        return AsyncStream { continuation in
            let task = Task {
                for (i, url) in files.enumerated() {
                    if Task.isCancelled { break }
                    do throws(ImageError) {
                        let image = try ImageCodec.decode(contentsOf: url)
                        continuation.yield(.frame(Frame(index: i, timestamp: 0, image: image, origin: url.path)))
                    } catch {
                        continuation.yield(.failure(path: url.path, error))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func frames() -> AsyncThrowingStream<Frame, any Error> {
        let items = self.items()
        return AsyncThrowingStream { continuation in
            let task = Task {
                for await item in items {
                    switch item {
                    case let .frame(f): continuation.yield(f)
                    case let .failure(path, error):
                        continuation.finish(throwing: FrameSourceError.image(path: path, error))
                        return
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

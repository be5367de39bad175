public import Foundation

/// The file a user picked for upload.
public enum FortfacePickedFile: Sendable, Equatable {
    /// A file on disk (read, size-checked and validated by the session).
    case file(URL)
    /// Bytes handed over directly (a photo from the gallery).
    case bytes(Data)
    /// The user chose nothing.
    case nothing
}

/// Where an upload session's file comes from: the photo or file gallery on Apple platforms; on
/// Linux, ``LocalFileProvider``.
public protocol FortfaceFileProvider: Sendable {
    /// Asks for a file; `photoGallery` is the guide's `openPhotoGalery` (photos rather than files).
    func pickFile(photoGallery: Bool) async -> FortfacePickedFile
}

/// A file provider that always picks the same path (Linux, command line, tests).
public struct LocalFileProvider: FortfaceFileProvider {
    /// The path picked; nil picks nothing.
    public let path: String?

    /// Picks `path` (nil: nothing).
    public init(path: String?) {
        self.path = path
    }

    public func pickFile(photoGallery: Bool) async -> FortfacePickedFile {
        path.map { .file(URL(fileURLWithPath: $0)) } ?? .nothing
    }
}

import CaptureCore
package import Foundation

/// A picked file that passed the upload checks: its bytes and MIME type.
package struct UploadedDocument: Sendable, Equatable {
    /// The file's bytes, at most the upload limit.
    package var bytes: Data
    /// `image/jpeg`, `image/png` or `application/pdf`.
    package var mime: String

    /// Largest image the decode probe accepts (a decompression-bomb guard): 50 megapixels.
    package static let maximumPixels = 50_000_000

    /// Reads and checks a picked file, in this order: exists (else `documentNotFound`); at most
    /// `maximumBytes` (else `fileSizeTooBig`, decided from the file size before reading and again
    /// on the bytes read); not empty, and a JPEG or PNG that libjpeg-turbo or libspng decodes
    /// completely, or a PDF that passes ``PDFStructureCheck`` (else `fileCorrupted`).
    package static func load(
        _ picked: FortfacePickedFile, maximumBytes: Int
    )
        -> Result<UploadedDocument, SessionDetailsModel>
    {
        let bytes: Data
        switch picked {
        case .nothing:
            return .failure(.noFileSelected)
        case let .bytes(data):
            guard data.count <= maximumBytes else { return .failure(.fileSizeTooBig) }
            bytes = data
        case let .file(url):
            switch read(url, maximumBytes: maximumBytes) {
            case let .success(data): bytes = data
            case let .failure(details): return .failure(details)
            }
        }
        return validate(bytes)
    }

    /// Reads at most `maximumBytes + 1` bytes, so a file that grows after its size was checked
    /// cannot make the SDK read without bound.
    private static func read(_ url: URL, maximumBytes: Int) -> Result<Data, SessionDetailsModel> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            return .failure(.documentNotFound)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size > maximumBytes
        {
            return .failure(.fileSizeTooBig)
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .failure(.documentNotFound) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data() else {
            return .failure(.fileCorrupted("the file cannot be read"))
        }
        guard data.count <= maximumBytes else { return .failure(.fileSizeTooBig) }
        return .success(data)
    }

    /// The content checks: a real decode for images, a structure check for PDFs.
    package static func validate(_ bytes: Data) -> Result<UploadedDocument, SessionDetailsModel> {
        guard !bytes.isEmpty else { return .failure(.fileCorrupted("the file is empty")) }
        if let format = ImageCodec.sniff(bytes) {
            do throws(ImageError) {
                _ = try ImageCodec.decode(bytes, maxPixels: maximumPixels)
            } catch {
                return .failure(.fileCorrupted(reason(for: error, format: format)))
            }
            return .success(UploadedDocument(bytes: bytes, mime: format == .jpeg ? "image/jpeg" : "image/png"))
        }
        if bytes.starts(with: Array("%PDF-".utf8)) {
            do throws(PDFStructureCheck.Failure) {
                try PDFStructureCheck.validate(bytes)
            } catch {
                return .failure(.fileCorrupted("the PDF is damaged (\(error))"))
            }
            return .success(UploadedDocument(bytes: bytes, mime: "application/pdf"))
        }
        return .failure(.fileCorrupted("it is not a PDF, JPEG or PNG file"))
    }

    /// A short reason without decoder text (which may quote file content).
    private static func reason(for error: ImageError, format: ImageCodec.Format) -> String {
        let name = format == .jpeg ? "JPEG" : "PNG"
        switch error {
        case .tooLarge: return "the \(name) image declares more than \(maximumPixels) pixels"
        case .invalidDimensions: return "the \(name) image declares invalid dimensions"
        default: return "the \(name) image is damaged or truncated"
        }
    }
}

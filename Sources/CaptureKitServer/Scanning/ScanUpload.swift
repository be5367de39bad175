package import BlinkID
package import Foundation
package import Hummingbird
import NIOCore

/// The body of `POST /v1/documents/scan`, in any of its three forms:
/// - `application/json`: `{"front": "<base64>", "back": "<base64>", "mode": "single", "images": false}`;
/// - `multipart/form-data`: file parts `front` and `back`, text parts `mode` and `images`;
/// - `image/jpeg` or `image/png`: the front image alone as the body.
///
/// `mode` and `images` may also come as query parameters (the body's values win). Each image is at
/// most `maxImageBytes` bytes (413 `imageTooLarge` above); images stay in memory only.
package struct ScanUpload: Sendable {
    /// The front image (or the only side).
    package var front: Data
    /// The back image, for two-sided documents.
    package var back: Data?
    /// `single` (default): one side is enough; `automatic`: a two-sided document needs both.
    package var mode: ScanningMode
    /// Whether the answer carries the document, face and signature crops.
    package var includeImages: Bool

    /// The JSON form's body.
    struct JSONBody: Decodable {
        var front: String?
        var back: String?
        var mode: String?
        var images: Bool?
    }

    /// The largest body a request may send for images of at most `maxImageBytes` each: two base64
    /// images plus room for the rest of a JSON or multipart body.
    package static func bodyLimit(maxImageBytes: Int) -> Int {
        2 * ((maxImageBytes + 2) / 3 * 4) + 64 * 1024
    }

    /// Reads the upload from `request`.
    /// - Throws: ``APIError`` `payloadTooLarge`/`imageTooLarge` (413), `unsupportedMediaType` (415),
    ///   `badRequest` or `invalidJSON` (400).
    package static func read(from request: Request, maxImageBytes: Int) async throws -> ScanUpload {
        let contentType = request.headers[.contentType] ?? ""
        let lowered = contentType.lowercased()
        let query = request.uri.queryParameters
        var mode = query["mode"].map(String.init)
        var images = query["images"].map(String.init)
        let front: Data
        var back: Data?
        if lowered.hasPrefix("image/jpeg") || lowered.hasPrefix("image/png") {
            front = Data(
                try await collect(request, limit: maxImageBytes, maxImageBytes: maxImageBytes).readableBytesView)
        } else if lowered.hasPrefix("application/json") {
            let buffer = try await collect(
                request, limit: bodyLimit(maxImageBytes: maxImageBytes), maxImageBytes: maxImageBytes)
            guard let body = try? JSONDecoder().decode(JSONBody.self, from: Data(buffer.readableBytesView)) else {
                throw APIError.invalidJSON
            }
            guard let text = body.front else { throw APIError.badRequest("front (a base64 JPEG or PNG) is required.") }
            front = try decodeBase64(text, part: "front", maxImageBytes: maxImageBytes)
            back = try body.back.map { try decodeBase64($0, part: "back", maxImageBytes: maxImageBytes) }
            mode = body.mode ?? mode
            images = body.images.map { $0 ? "true" : "false" } ?? images
        } else if let boundary = MultipartFormData.boundary(contentType: contentType) {
            let buffer = try await collect(
                request, limit: bodyLimit(maxImageBytes: maxImageBytes), maxImageBytes: maxImageBytes)
            let form: MultipartFormData
            do {
                form = try MultipartFormData(body: Data(buffer.readableBytesView), boundary: boundary, maxParts: 8)
            } catch {
                throw APIError.badRequest("The multipart body cannot be read (\(error)); send parts front, back, mode.")
            }
            guard let part = form.part(named: "front") else {
                throw APIError.badRequest("The form needs a file part named front.")
            }
            front = part.body
            back = form.part(named: "back")?.body
            mode = form.part(named: "mode").map { String(decoding: $0.body, as: UTF8.self) } ?? mode
            images = form.part(named: "images").map { String(decoding: $0.body, as: UTF8.self) } ?? images
        } else {
            throw APIError(
                .unsupportedMediaType, code: "unsupportedMediaType",
                message: "Send application/json, multipart/form-data, image/jpeg or image/png."
            )
        }
        if front.count > maxImageBytes || (back?.count ?? 0) > maxImageBytes {
            throw APIError.imageTooLarge(limit: maxImageBytes)
        }
        if back?.isEmpty == true { back = nil }
        return ScanUpload(
            front: front, back: back, mode: try parseMode(mode), includeImages: try parseFlag(images, name: "images"))
    }

    /// The body, at most `limit` bytes; a larger one can only hold an image over `maxImageBytes`, so
    /// it is answered as ``APIError/imageTooLarge(limit:)``.
    static func collect(_ request: Request, limit: Int, maxImageBytes: Int) async throws -> ByteBuffer {
        do {
            return try await RequestBody.collect(request, limit: limit)
        } catch let error as APIError where error.code == "payloadTooLarge" {
            throw APIError.imageTooLarge(limit: maxImageBytes)
        }
    }

    private static func decodeBase64(_ text: String, part: String, maxImageBytes: Int) throws -> Data {
        // Checked before decoding: the decoded size is at most 3/4 of the text.
        guard text.utf8.count / 4 * 3 <= maxImageBytes + 3 else { throw APIError.imageTooLarge(limit: maxImageBytes) }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw APIError.badRequest("\(part) is not base64.")
        }
        return data
    }

    private static func parseMode(_ text: String?) throws -> ScanningMode {
        switch text?.trimmingCharacters(in: .whitespacesAndNewlines) {
        case nil, "", "single": return .single
        case "automatic": return .automatic
        default: throw APIError.badRequest("mode must be single or automatic.")
        }
    }

    private static func parseFlag(_ text: String?, name: String) throws -> Bool {
        switch text?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case nil, "", "false", "0": return false
        case "true", "1": return true
        default: throw APIError.badRequest("\(name) must be true or false.")
        }
    }
}

import CaptureCore
import Crypto
import Foundation
import HTTPTypes
package import Hummingbird
import NIOCore

/// Uploading blobs and answering downloads of them with HTTP caching and `Range` support.
package struct BlobStorage: Sendable {
    let environment: ServerEnvironment

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// The answer to an upload.
    package struct UploadResponse: Codable, Sendable, Equatable {
        package var sha256: String
        package var size: Int
        package var mediaType: String
    }

    /// Stores `bytes` under their SHA-256; returns after commit.
    package func upload(_ bytes: [UInt8], mediaType: String?) async throws -> UploadResponse {
        guard !bytes.isEmpty else { throw APIError.badRequest("The blob is empty; send its bytes as the body.") }
        let type =
            mediaType.flatMap { LicenseService.isPrintable($0, length: 1...127) ? $0 : nil }
            ?? "application/octet-stream"
        let sha256 = SHA256.hash(data: bytes).hexString
        try await environment.store.insertBlob(
            BlobRecord(sha256: sha256, mediaType: type, bytes: bytes, createdAt: environment.nowSeconds)
        )
        return UploadResponse(sha256: sha256, size: bytes.count, mediaType: type)
    }

    /// Whether `text` is 64 lowercase hex digits.
    package static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Answers a download of `blob`: 200 with the whole body, 206 with one range, 304 when
    /// `If-None-Match` has its ETag, 416 for a range outside it. The ETag is the strong `"<sha256>"`;
    /// blobs are immutable, so they are cacheable for a year.
    package static func download(_ blob: BlobRecord, request: Request) throws -> Response {
        let eTag = "\"\(blob.sha256)\""
        var headers: HTTPFields = [
            .eTag: eTag, .acceptRanges: "bytes", .cacheControl: "public, max-age=31536000, immutable",
            .contentType: blob.mediaType,
        ]
        if let ifNoneMatch = request.headers[.ifNoneMatch],
            ifNoneMatch.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == eTag || $0 == "*"
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        var rangeHeader = request.headers[.range]
        if let ifRange = request.headers[.ifRange], ifRange != eTag {
            rangeHeader = nil  // The client's partial copy is of other bytes: send everything.
        }
        switch ByteRange.parse(rangeHeader, size: blob.bytes.count) {
        case .whole:
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: blob.bytes)))
        case let .partial(range):
            headers[.contentRange] = "bytes \(range.first)-\(range.last)/\(blob.bytes.count)"
            let slice = blob.bytes[range.first...range.last]
            return Response(
                status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: slice)))
        case .unsatisfiable:
            throw APIError.rangeNotSatisfiable(size: blob.bytes.count)
        }
    }
}

// `SHA256.Digest.hexString` comes from CaptureCore (ResourceManifest+Files.swift).

import Foundation
package import Hummingbird
package import NIOCore

/// Reads request bodies with a cap: a declared `Content-Length` over the cap is refused before
/// reading (413), and so is a streamed body that grows past it.
package enum RequestBody {
    /// Collects the body, at most `limit` bytes.
    package static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }

    /// Collects and decodes a JSON body. Requires `Content-Type: application/json`.
    package static func decodeJSON<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else { throw APIError.unsupportedMediaType }
        let buffer = try await collect(request, limit: limit)
        do {
            return try JSONDecoder().decode(T.self, from: Data((buffer).readableBytesView))
        } catch {
            throw APIError.invalidJSON
        }
    }
}

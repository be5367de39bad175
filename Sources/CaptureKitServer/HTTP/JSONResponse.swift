import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore

/// Builds JSON answers (keys sorted, so bodies are stable byte for byte).
package enum JSONResponse {
    /// A JSON response with `status`.
    package static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

import Crypto
package import Foundation

/// The `{key, data, imgData}` object the SDK hands to the app and the app's backend sends to the
/// API: standard base64 strings (`notes/security.md` §3.3). `imgData` is absent on cancel and timeout.
package struct SealedPayload: Codable, Sendable, Equatable {
    /// The payload key (32 bytes) wrapped with RSA-OAEP-SHA256 under the session key.
    package var key: String
    /// `iv(12) ‖ ciphertext ‖ tag(16)` of the metadata JSON, AAD `"fortface/v1/data/" + sessionId`.
    package var data: String
    /// `iv(12) ‖ ciphertext ‖ tag(16)` of the image, AAD `"fortface/v1/img/" + sessionId`.
    package var imgData: String?

    package init(key: String, data: String, imgData: String?) {
        self.key = key
        self.data = data
        self.imgData = imgData
    }

    /// The JSON object `{key, data, imgData}` (without `imgData` when there is no image), as
    /// `SessionEngineResult.data` carries it.
    package func jsonData() -> Data {
        var object = ["key": key, "data": data]
        if let imgData { object["imgData"] = imgData }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a [String: String] cannot fail; an empty object is the impossible fallback.
        return (try? encoder.encode(object)) ?? Data("{}".utf8)
    }

    /// SHA-256 over the three fields (length-prefixed), identifying this exact payload: the API
    /// answers a resubmission of the same payload with the same result.
    package var digest: String {
        var hasher = SHA256()
        for field in [key, data, imgData ?? ""] {
            var length = UInt64(field.utf8.count).bigEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            hasher.update(data: Data(field.utf8))
        }
        hasher.update(data: [imgData == nil ? 0 : 1])
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

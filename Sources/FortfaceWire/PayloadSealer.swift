import Crypto
package import Foundation
import _CryptoExtras

/// Seals a capture result for the API: a fresh 32-byte payload key wrapped with RSA-OAEP-SHA256
/// under the session key, the metadata and the image each sealed with AES-256-GCM under it with
/// their own AAD (`notes/security.md` §3.3).
package enum PayloadSealer {
    /// The AAD of `data` for `sessionId`.
    package static func dataAAD(sessionId: String) -> Data { Data(("fortface/v1/data/" + sessionId).utf8) }
    /// The AAD of `imgData` for `sessionId`.
    package static func imageAAD(sessionId: String) -> Data { Data(("fortface/v1/img/" + sessionId).utf8) }

    /// Seals `metadata` (and `image`, for a successful capture). The image's size and SHA-256 are
    /// written into the metadata here, binding the two blobs together.
    /// - Throws: `.fileTooBig` over 4,194,304 bytes, `.missingImage` / `.unexpectedImage` when the
    ///   image does not fit the status, `.sessionMismatch`, `.sealingFailed`.
    package static func seal(
        metadata: PayloadMetadata, image: Data?, sessionId: String, sessionKey: SessionPublicKey
    ) throws(PayloadError) -> SealedPayload {
        guard metadata.sessionId == sessionId else { throw .sessionMismatch }
        var metadata = metadata
        if let image {
            guard metadata.status == .success else { throw .unexpectedImage }
            guard image.count <= UploadLimits.maximumFileBytes else { throw .fileTooBig(bytes: image.count) }
            metadata.imgBytes = image.count
            metadata.imgSha256 = Hex.encode(SHA256.hash(data: image))
        } else {
            guard metadata.status != .success else { throw .missingImage }
            metadata.imgBytes = nil
            metadata.imgSha256 = nil
        }
        do {
            let contentKey = SymmetricKey(size: .bits256)
            let publicKey = try sessionKey.publicKey()
            let wrapped = try contentKey.withUnsafeBytes { raw in
                try publicKey.encrypt(Data(raw), padding: .PKCS1_OAEP_SHA256)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let plaintext = try encoder.encode(metadata)
            let data = try AES.GCM.seal(plaintext, using: contentKey, authenticating: dataAAD(sessionId: sessionId))
            var imgData: String?
            if let image {
                let box = try AES.GCM.seal(image, using: contentKey, authenticating: imageAAD(sessionId: sessionId))
                imgData = box.combined?.base64EncodedString()
            }
            guard let combined = data.combined else { throw PayloadError.sealingFailed }
            return SealedPayload(
                key: wrapped.base64EncodedString(), data: combined.base64EncodedString(), imgData: imgData
            )
        } catch {
            throw .sealingFailed
        }
    }
}

/// Lower-case hexadecimal.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The lower-case hex text of `bytes`.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out = [UInt8]()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

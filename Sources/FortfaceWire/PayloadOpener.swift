import Crypto
package import Foundation
package import _CryptoExtras

/// A payload opened by the API: the verified metadata and, for a successful capture, the image.
package struct OpenedPayload: Sendable, Equatable {
    /// The decrypted, decoded metadata (its `sessionId` is the session it was opened for).
    package let metadata: PayloadMetadata
    /// The image bytes (nil for cancel, timeout and error payloads).
    package let image: Data?
}

/// Opens `{key, data, imgData}` with a session's private key (`notes/security.md` §3.3).
///
/// Decoding is strict (canonical standard base64, exact lengths: the wrapped key is exactly the
/// modulus length, the payload key exactly 32 bytes, each blob at least `iv(12) + tag(16)`), and
/// every failure to decode, unwrap, decrypt or parse is the one generic ``PayloadError/invalidPayload``.
package enum PayloadOpener {
    private static let nonceBytes = 12
    private static let tagBytes = 16

    /// Opens `payload` for `sessionId`.
    /// - Throws: `.invalidPayload`; after a successful decryption `.fileTooBig` (over 4,194,304 bytes),
    ///   `.imageMismatch`, `.missingImage` or `.unexpectedImage`.
    package static func open(
        _ payload: SealedPayload, sessionId: String, privateKey: _RSA.Encryption.PrivateKey
    ) throws(PayloadError) -> OpenedPayload {
        let modulusBytes = privateKey.keySizeInBits / 8
        guard let wrapped = StrictBase64.decode(payload.key), wrapped.count == modulusBytes,
            let data = StrictBase64.decode(payload.data), data.count > nonceBytes + tagBytes
        else {
            throw .invalidPayload
        }
        var image: Data?
        if let imgData = payload.imgData {
            guard let sealed = StrictBase64.decode(imgData), sealed.count >= nonceBytes + tagBytes else {
                throw .invalidPayload
            }
            image = sealed
        }

        let contentKey: SymmetricKey
        let plaintext: Data
        do {
            let unwrapped = try privateKey.decrypt(wrapped, padding: .PKCS1_OAEP_SHA256)
            guard unwrapped.count == 32 else { throw PayloadError.invalidPayload }
            contentKey = SymmetricKey(data: unwrapped)
            let box = try AES.GCM.SealedBox(combined: data)
            let dataAAD = PayloadSealer.dataAAD(sessionId: sessionId)
            plaintext = try AES.GCM.open(box, using: contentKey, authenticating: dataAAD)
            if let sealed = image {
                let box = try AES.GCM.SealedBox(combined: sealed)
                let imageAAD = PayloadSealer.imageAAD(sessionId: sessionId)
                image = try AES.GCM.open(box, using: contentKey, authenticating: imageAAD)
            }
        } catch {
            throw .invalidPayload
        }

        let metadata: PayloadMetadata
        do {
            try StrictJSON.validate(plaintext)
            metadata = try JSONDecoder().decode(PayloadMetadata.self, from: plaintext)
        } catch {
            throw .invalidPayload
        }
        guard metadata.v == PayloadMetadata.currentVersion, metadata.sessionId == sessionId else {
            throw .invalidPayload
        }

        if let image {
            guard metadata.status == .success else { throw .unexpectedImage }
            guard image.count <= UploadLimits.maximumFileBytes else { throw .fileTooBig(bytes: image.count) }
            guard metadata.imgBytes == image.count,
                metadata.imgSha256 == Hex.encode(SHA256.hash(data: image))
            else {
                throw .imageMismatch
            }
        } else {
            guard metadata.status != .success else { throw .missingImage }
            guard metadata.imgBytes == nil, metadata.imgSha256 == nil else { throw .imageMismatch }
        }
        return OpenedPayload(metadata: metadata, image: image)
    }
}

import CaptureCore
import DocumentEngine
import FortfaceWire
import Foundation

/// One parser of untrusted input, as a fuzz target: ``run(_:)`` feeds it arbitrary bytes and must
/// return (typed errors are fine) for every input; a crash, a sanitizer report or a hang is a bug.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `MRZParser.parse`: the bytes as text, one MRZ line per `\n`.
    case mrz
    /// `AAMVAParser.parse` and `parseStrictly` on the bytes as a PDF417 payload (accepted: the
    /// lenient parse succeeds, as it does for issuers' quirks).
    case aamva
    /// `ImageCodec.decode` on JPEG data (seeded with JPEGs).
    case jpeg
    /// `ImageCodec.decode` on PNG data (seeded with PNGs).
    case png
    /// `CompactJWS.parse` and `LicenseVerifier.verify` on the bytes as a licence key.
    case jws
    /// `DeviceTokenVerifier.verify` on the bytes as a Fortface device token.
    case deviceToken = "device-token"
    /// The Fortface payload opener: the first byte picks a JSON `{key, data, imgData}` opened with
    /// a session key, metadata bytes sealed and opened (the part behind the RSA and GCM layers), or a
    /// session public key PEM.
    case sealedPayload = "sealed-payload"

    /// Runs the target on one input; returns whether the parser accepted it (the seeds must be
    /// accepted, so that the fuzzer starts from inputs that reach deep into the parser).
    @discardableResult
    func run(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .mrz:
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            return (try? MRZParser.parse(lines.map(String.init), today: FuzzFixtures.today)) != nil
        case .aamva:
            _ = try? AAMVAParser.parseStrictly(bytes)
            return (try? AAMVAParser.parse(bytes)) != nil
        case .jpeg, .png:
            return (try? ImageCodec.decode(Data(bytes), maxPixels: FuzzFixtures.maximumPixels)) != nil
        case .jws:
            let text = String(decoding: bytes, as: UTF8.self)
            let parsed = (try? CompactJWS.parse(text)) != nil
            return (try? FuzzFixtures.licenseVerifier.verify(text, now: FuzzFixtures.now)) != nil && parsed
        case .deviceToken:
            let token = String(decoding: bytes, as: UTF8.self)
            return (try? FuzzFixtures.deviceTokenVerifier.verify(token, now: FuzzFixtures.now)) != nil
        case .sealedPayload:
            guard let mode = bytes.first else { return false }
            let rest = Array(bytes.dropFirst())
            switch mode % 3 {
            case 0:
                guard let payload = try? JSONDecoder().decode(SealedPayload.self, from: Data(rest)) else {
                    return false
                }
                return
                    (try? PayloadOpener.open(
                        payload, sessionId: FuzzFixtures.sessionID, privateKey: FuzzFixtures.sessionKey.privateKey))
                    != nil
            case 1:
                guard let payload = try? FuzzFixtures.seal(metadataBytes: rest) else { return false }
                return
                    (try? PayloadOpener.open(
                        payload, sessionId: FuzzFixtures.sessionID, privateKey: FuzzFixtures.sessionKey.privateKey))
                    != nil
            default:
                return (try? SessionPublicKey(pem: String(decoding: rest, as: UTF8.self))) != nil
            }
        }
    }
}

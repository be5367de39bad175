import CaptureCore
import Crypto
import FortfaceWire
import Foundation
import _CryptoExtras

/// The seed corpus committed under `Fuzz/corpus/<target>/`: a few valid inputs per target, made
/// here (fictional data, the fixed fuzz keys) so that `capkit-fuzz seeds` can write them again.
enum FuzzSeeds {
    /// The seeds of `target`, by file name.
    static func seeds(for target: FuzzTarget) throws -> [String: [UInt8]] {
        switch target {
        case .mrz:
            return [
                "td3.txt": text(
                    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"),
                "td1.txt": text(
                    "I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<"),
                "td2.txt": text(
                    "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nD231458907UTO7408122F1204159<<<<<<<6"),
                "mrva.txt": text(
                    "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL8988901C4XXX4009078F96121096ZE184226B<<<<<<"),
            ]
        case .aamva:
            let elements = [
                "DAQD1234567", "DCSPUBLIC", "DACJOHN", "DADQUINCY", "DBB07041979", "DBA07042030", "DBD01022024",
                "DBC1", "DAU069 IN", "DAYBRO", "DAG789 E OAK ST", "DAIANYTOWN", "DAJCA", "DAK902230000",
                "DCFDOC0123456789", "DCGUSA", "DCAC", "DCBNONE", "DCDNONE", "DDEN", "DDFN", "DDGN",
            ]
            // Version 09: the 21-byte header, one directory entry (10 bytes), the subfile at 31.
            let v09 = "DL" + elements.joined(separator: "\n") + "\r"
            // Version 01: the `AAMVA` file type, no jurisdiction version (19-byte header), CR LF separators.
            let v01 = "DL" + elements.joined(separator: "\r\n") + "\r"
            return [
                "v09.txt": text("@\n\u{1E}\rANSI 636014090001DL0031" + String(format: "%04d", v09.utf8.count) + v09),
                "v01.txt": text("@\n\u{1E}\rAAMVA6360000101DL0029" + String(format: "%04d", v01.utf8.count) + v01),
            ]
        case .jpeg:
            return ["gradient.jpg": Array(try ImageCodec.encodeJPEG(gradient(), quality: 80))]
        case .png:
            return ["gradient.png": Array(try ImageCodec.encodePNG(gradient()))]
        case .jws:
            let iat = FuzzFixtures.now.addingTimeInterval(-3600)
            let claims = LicenseClaims(
                sub: "cus_fuzz", jti: "lic_fuzz", aud: ["com.example.fuzz"], prod: "blinkid", plat: ["linux"],
                feat: ["mrz", "barcode"], iat: iat, nbf: iat, exp: iat.addingTimeInterval(86_400 * 365),
                maxSdk: "9.0.0",
                online: LicenseClaims.OnlineCheck(required: false))
            let token = try CompactJWS.sign(
                claims, typ: LicenseClaims.tokenType, kid: "fuzz", key: FuzzFixtures.licenseKey)
            return ["licence.txt": text(token)]
        case .deviceToken:
            let certificate = try DeviceCertificate.issue(
                devicePublicKey: FuzzFixtures.deviceKey.publicKey, app: "com.example.fuzz",
                issuedAt: FuzzFixtures.now.addingTimeInterval(-60), validity: 86_400,
                authority: FuzzFixtures.deviceAuthority)
            let iat = Int64(FuzzFixtures.now.timeIntervalSince1970) - 10
            let claims = DeviceTokenClaims(
                jti: "fuzz-jti-0001", iat: iat, exp: iat + DeviceTokenClaims.lifetime, app: "com.example.fuzz",
                sdk: "1.9.0", plat: "linux", os: "Linux", model: "fuzz", dbg: false, env: "sandbox",
                sig: IntegritySignals(), att: DeviceAttestation(certificate: certificate))
            let credentials = DeviceCredentials(signingKey: FuzzFixtures.deviceKey, certificate: certificate)
            return ["token.txt": text(try DeviceToken.make(claims: claims, credentials: credentials))]
        case .sealedPayload:
            let metadata = PayloadMetadata(
                sessionId: FuzzFixtures.sessionID, status: .cancelled, side: .front, documentType: nil,
                expectedType: "PASSPORT", mode: .camera, mime: nil, sdk: "1.9.0",
                device: PayloadMetadata.Device(brand: "Fuzz", model: "fuzz", platform: "linux"), location: nil,
                timings: PayloadMetadata.Timings(startedAt: 1_768_435_000, capturedAt: nil), attempts: 1)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let metadataJSON = Array(try encoder.encode(metadata))
            let sealed = try FuzzFixtures.seal(metadataBytes: metadataJSON)
            let pem = try SessionPublicKey(pem: FuzzFixtures.sessionKey.privateKey.publicKey.pemRepresentation).pem
            return [
                "sealed.json": [0] + Array(sealed.jsonData()),
                "metadata.json": [1] + metadataJSON,
                "session-key.pem": [2] + Array(pem.utf8),
            ]
        }
    }

    private static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// A small colour gradient.
    private static func gradient() -> RGBAImage {
        var image = RGBAImage(width: 24, height: 16)
        for y in 0..<16 {
            for x in 0..<24 {
                image[x, y] = RGBA(r: UInt8(x * 10), g: UInt8(y * 15), b: UInt8((x + y) * 6))
            }
        }
        return image
    }
}

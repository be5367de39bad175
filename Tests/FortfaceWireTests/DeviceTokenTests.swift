import CaptureCore
import Crypto
import Foundation
import Testing

@testable import FortfaceWire

@Suite struct DeviceTokenTests {
    let verifier = WireFixtures.verifier

    @Test func aFreshTokenVerifiesAndYieldsItsClaims() throws {
        let credentials = try WireFixtures.credentials()
        let claims = WireFixtures.claims(credentials: credentials)
        let token = try DeviceToken.make(claims: claims, credentials: credentials)
        #expect(try verifier.verify(token, now: WireFixtures.now) == claims)
        #expect(claims.exp == claims.iat + 300)
        #expect(Base64URL.decode(claims.jti)?.count == 16)
    }

    @Test func everyCallGivesANewTokenAndJti() throws {
        let credentials = try WireFixtures.credentials()
        let first = WireFixtures.claims(credentials: credentials)
        let second = WireFixtures.claims(credentials: credentials)
        #expect(first.jti != second.jti)
        #expect(
            try DeviceToken.make(claims: first, credentials: credentials)
                != DeviceToken.make(claims: second, credentials: credentials))
    }

    @Test func tamperedAppOrDebugClaimBreaksTheSignature() throws {
        let credentials = try WireFixtures.credentials()
        let token = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: credentials), credentials: credentials)
        let parts = token.split(separator: ".").map(String.init)
        var claims = try JSONDecoder().decode(DeviceTokenClaims.self, from: Data(Base64URL.decode(parts[1])!))
        claims.dbg = true
        let tampered = parts[0] + "." + Base64URL.encode(try WireFixtures.claimsJSON(claims)) + "." + parts[2]
        #expect(throws: DeviceTokenError.badSignature) { try verifier.verify(tampered, now: WireFixtures.now) }
        // Changing the app also breaks the certificate binding, which is checked first.
        claims.dbg = false
        claims.app = "com.attacker.app"
        let otherApp = parts[0] + "." + Base64URL.encode(try WireFixtures.claimsJSON(claims)) + "." + parts[2]
        #expect(throws: DeviceTokenError.certificateMismatch) { try verifier.verify(otherApp, now: WireFixtures.now) }
    }

    @Test func tokenSignedByAnUncertifiedKeyIsRefused() throws {
        let credentials = try WireFixtures.credentials()
        let impostor = DeviceCredentials(signingKey: P256.Signing.PrivateKey(), certificate: credentials.certificate)
        let claims = WireFixtures.claims(credentials: credentials)
        // The impostor's kid does not match the certificate.
        let token = try DeviceToken.make(claims: claims, credentials: impostor)
        #expect(throws: DeviceTokenError.certificateMismatch) { try verifier.verify(token, now: WireFixtures.now) }
        // Same kid in the header, but signed by another key.
        let header = #"{"alg":"ES256","kid":"\#(credentials.kid)","typ":"fortface-dri+jwt"}"#
        let forged = try WireFixtures.signedToken(
            headerJSON: header, claimsJSON: WireFixtures.claimsJSON(claims), key: P256.Signing.PrivateKey()
        )
        #expect(throws: DeviceTokenError.badSignature) { try verifier.verify(forged, now: WireFixtures.now) }
    }

    @Test func certificateFromAnotherCAOrExpiredOrForAnotherAppIsRefused() throws {
        let wrongCA = try WireFixtures.credentials(authority: WireFixtures.otherAuthority)
        let token = try DeviceToken.make(claims: WireFixtures.claims(credentials: wrongCA), credentials: wrongCA)
        #expect(throws: DeviceTokenError.untrustedCertificate) { try verifier.verify(token, now: WireFixtures.now) }

        let expired = try WireFixtures.credentials(issuedAt: WireFixtures.now.addingTimeInterval(-7200), validity: 3600)
        let expiredToken = try DeviceToken.make(claims: WireFixtures.claims(credentials: expired), credentials: expired)
        #expect(throws: DeviceTokenError.certificateExpired) {
            try verifier.verify(expiredToken, now: WireFixtures.now)
        }

        let otherApp = try WireFixtures.credentials(app: "com.other.app")
        let otherAppToken = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: otherApp), credentials: otherApp
        )
        #expect(throws: DeviceTokenError.certificateMismatch) {
            try verifier.verify(otherAppToken, now: WireFixtures.now)
        }
    }

    @Test func expiredAndFutureTokensAreRefusedOutsideTheSkew() throws {
        let credentials = try WireFixtures.credentials()
        let token = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: credentials), credentials: credentials)
        let iat = WireFixtures.now
        // Valid up to exp + 120 s, refused one second later.
        #expect(throws: Never.self) { try verifier.verify(token, now: iat.addingTimeInterval(420)) }
        #expect(throws: DeviceTokenError.expired) { try verifier.verify(token, now: iat.addingTimeInterval(421)) }
        // Issued at most 120 s in the future.
        #expect(throws: Never.self) { try verifier.verify(token, now: iat.addingTimeInterval(-120)) }
        #expect(throws: DeviceTokenError.notYetValid) { try verifier.verify(token, now: iat.addingTimeInterval(-121)) }
    }

    @Test func aLifetimeLongerThanFiveMinutesIsRefused() throws {
        let credentials = try WireFixtures.credentials()
        var claims = WireFixtures.claims(credentials: credentials)
        claims.exp = claims.iat + 3600
        let token = try DeviceToken.make(claims: claims, credentials: credentials)
        #expect(throws: DeviceTokenError.invalidLifetime) { try verifier.verify(token, now: WireFixtures.now) }
    }

    @Test(arguments: ["none", "HS256", "EdDSA", "RS256", "ES384"])
    func algorithmsOtherThanES256AreRefusedBeforeAnyCryptography(alg: String) throws {
        let credentials = try WireFixtures.credentials()
        let header = #"{"alg":"\#(alg)","kid":"\#(credentials.kid)","typ":"fortface-dri+jwt"}"#
        let token = try WireFixtures.signedToken(
            headerJSON: header, claimsJSON: WireFixtures.claimsJSON(WireFixtures.claims(credentials: credentials)),
            key: credentials.signingKey
        )
        #expect(throws: DeviceTokenError.unsupportedAlgorithm(alg)) {
            try verifier.verify(token, now: WireFixtures.now)
        }
    }

    @Test func unknownTypeVersionOrAttestationKindIsRefused() throws {
        let credentials = try WireFixtures.credentials()
        var claims = WireFixtures.claims(credentials: credentials)
        let json = try WireFixtures.claimsJSON(claims)
        let wrongType = try WireFixtures.signedToken(
            headerJSON: #"{"alg":"ES256","kid":"\#(credentials.kid)","typ":"JWT"}"#, claimsJSON: json,
            key: credentials.signingKey
        )
        #expect(throws: DeviceTokenError.wrongType("JWT")) { try verifier.verify(wrongType, now: WireFixtures.now) }

        claims.v = 2
        let v2 = try DeviceToken.make(claims: claims, credentials: credentials)
        #expect(throws: DeviceTokenError.unsupportedVersion(2)) { try verifier.verify(v2, now: WireFixtures.now) }
        claims.v = 0
        let v0 = try DeviceToken.make(claims: claims, credentials: credentials)
        #expect(throws: DeviceTokenError.unsupportedVersion(0)) { try verifier.verify(v0, now: WireFixtures.now) }

        claims.v = 1
        claims.att = DeviceAttestation(kind: "appattest", cert: credentials.certificate)
        let appAttest = try DeviceToken.make(claims: claims, credentials: credentials)
        #expect(throws: DeviceTokenError.unsupportedAttestation("appattest")) {
            try verifier.verify(appAttest, now: WireFixtures.now)
        }
    }

    @Test func oversizedTokensAreRefusedBeforeParsing() {
        let huge = String(repeating: "a", count: 1_048_576)
        #expect(throws: DeviceTokenError.tooLarge(bytes: 1_048_576, limit: 16_384)) {
            try verifier.verify(huge, now: WireFixtures.now)
        }
    }

    @Test func malformedTokensGetMalformed() throws {
        let credentials = try WireFixtures.credentials()
        let token = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: credentials), credentials: credentials)
        let parts = token.split(separator: ".").map(String.init)
        let cases = [
            "",
            parts[0] + "." + parts[1],
            token + "." + parts[2],
            token + "=",
            parts[0] + "." + parts[1] + "+/" + "." + parts[2],
            token.replacingOccurrences(of: ".", with: ". "),
            "é" + token,
        ]
        for candidate in cases {
            #expect {
                try verifier.verify(candidate, now: WireFixtures.now)
            } throws: { error in
                if case .malformed = error as? DeviceTokenError { return true }
                return false
            }
        }
    }

    @Test func hostileClaimsJSONIsRefused() throws {
        let credentials = try WireFixtures.credentials()
        let header = #"{"alg":"ES256","kid":"\#(credentials.kid)","typ":"fortface-dri+jwt"}"#
        let good = String(
            decoding: try WireFixtures.claimsJSON(WireFixtures.claims(credentials: credentials)), as: UTF8.self)
        let nested = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let hostile: [[UInt8]] = [
            Array(good.replacingOccurrences(of: #""dbg":false"#, with: #""dbg":false,"dbg":true"#).utf8),
            Array(good.replacingOccurrences(of: #""dbg":false"#, with: #""dbg":false,"\u0064bg":true"#).utf8),
            Array(good.replacingOccurrences(of: #""v":1"#, with: #""v":"1""#).utf8),
            Array(("{\"x\":" + nested + "}").utf8),
            [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D],
            Array(good.dropLast().utf8),
        ]
        for claims in hostile {
            let token = try WireFixtures.signedToken(
                headerJSON: header, claimsJSON: claims, key: credentials.signingKey)
            #expect {
                try verifier.verify(token, now: WireFixtures.now)
            } throws: { error in
                if case .malformed = error as? DeviceTokenError { return true }
                return false
            }
        }
    }

    @Test func integritySignalsAreSuitableOnlyWhenNoneIsRaised() {
        #expect(IntegritySignals().isSuitable)
        #expect(!IntegritySignals(debuggerAttached: true).isSuitable)
        #expect(!IntegritySignals(preloadInjection: true).isSuitable)
        #expect(!IntegritySignals(jailbroken: true).isSuitable)
        #expect(!IntegritySignals(emulator: true).isSuitable)
        #expect(!IntegritySignals(hookingDetected: true).isSuitable)
    }

    @Test func credentialsRoundTripThroughTheirJSONFile() throws {
        let credentials = try WireFixtures.credentials()
        let data = try JSONEncoder().encode(credentials)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["privateKey", "certificate"])
        let decoded = try JSONDecoder().decode(DeviceCredentials.self, from: data)
        #expect(decoded.kid == credentials.kid)
        #expect(decoded.certificate == credentials.certificate)
        let broken = Data(#"{"privateKey":"AAAA","certificate":"x"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeviceCredentials.self, from: broken) }
    }
}

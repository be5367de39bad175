import CaptureKitTesting
import Crypto
import Foundation
import Testing

@testable import CaptureCore

/// Offline licence verification (`notes/security.md` §4, cases 27–29).
@Suite struct LicenseVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    let key: Curve25519.Signing.PrivateKey
    let verifier = LicenseVerifier(
        keyring: LicenseKeyring.development, product: "blinkid", platform: "linux",
        bundleID: "com.example.scanner", sdkVersion: "1.2.0")

    init() throws {
        key = try TestKeys.developmentPrivateKey()
    }

    func claims(
        aud: [String] = ["com.example.scanner"], prod: String = "blinkid", plat: [String] = ["linux", "ios"],
        feat: [String] = ["mrz"], nbf: Date = now.addingTimeInterval(-86_400),
        exp: Date = now.addingTimeInterval(86_400), maxSdk: String = "1.99.99"
    ) -> LicenseClaims {
        LicenseClaims(
            sub: "acme", jti: "lic-1", aud: aud, prod: prod, plat: plat, feat: feat,
            iat: nbf, nbf: nbf, exp: exp, maxSdk: maxSdk)
    }

    func issue(
        _ claims: LicenseClaims, kid: String = "dev-2026", key: Curve25519.Signing.PrivateKey? = nil
    )
        throws -> String
    {
        try CompactJWS.sign(claims, typ: LicenseClaims.tokenType, kid: kid, key: key ?? self.key)
    }

    func refusal(_ token: String, now: Date = now) -> LicenseError? {
        do {
            _ = try verifier.verify(token, now: now)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Valid

    @Test func aLicenceIssuedWithTheDevelopmentKeyVerifies() throws {
        let issued = claims()
        let verified = try verifier.verify(try issue(issued), now: Self.now)
        #expect(verified == issued)
        try verifier.require(feature: "mrz", in: verified)
    }

    @Test func surroundingWhitespaceFromCopyingIsIgnored() throws {
        let token = try issue(claims())
        #expect(throws: Never.self) { try verifier.verify("  \(token)\n", now: Self.now) }
    }

    @Test func aWildcardAudienceCoversEveryApplication() throws {
        #expect(throws: Never.self) { try verifier.verify(try issue(claims(aud: ["*"])), now: Self.now) }
    }

    // MARK: Time

    @Test func anExpiredLicenceIsRefusedWithItsExpiryDate() throws {
        let exp = Self.now.addingTimeInterval(-3600)
        #expect(refusal(try issue(claims(exp: exp))) == .expired(exp))
    }

    @Test func aLicenceNotYetValidIsRefusedWithItsStartDate() throws {
        let nbf = Self.now.addingTimeInterval(3600)
        #expect(refusal(try issue(claims(nbf: nbf, exp: nbf.addingTimeInterval(86_400)))) == .notYetValid(nbf))
    }

    @Test func expiryHonoursTheClockSkewToTheSecond() throws {
        let token = try issue(claims(exp: Self.now))
        let skew = verifier.clockSkew
        #expect(refusal(token, now: Self.now.addingTimeInterval(skew - 1)) == nil)
        #expect(refusal(token, now: Self.now.addingTimeInterval(skew)) == .expired(Self.now))
        #expect(refusal(token, now: Self.now.addingTimeInterval(skew + 1)) == .expired(Self.now))
    }

    @Test func notBeforeHonoursTheClockSkewToTheSecond() throws {
        let nbf = Self.now
        let token = try issue(claims(nbf: nbf, exp: nbf.addingTimeInterval(86_400)))
        let skew = verifier.clockSkew
        #expect(refusal(token, now: nbf.addingTimeInterval(-skew - 1)) == .notYetValid(nbf))
        #expect(refusal(token, now: nbf.addingTimeInterval(-skew)) == nil)
        #expect(refusal(token, now: nbf.addingTimeInterval(-skew + 1)) == nil)
    }

    // MARK: Binding

    @Test func aLicenceForAnotherApplicationProductOrPlatformIsRefused() throws {
        #expect(refusal(try issue(claims(aud: ["com.other.app"]))) == .wrongApplication)
        #expect(refusal(try issue(claims(aud: []))) == .wrongApplication)
        #expect(refusal(try issue(claims(prod: "fbx"))) == .wrongProduct)
        #expect(refusal(try issue(claims(plat: ["ios", "android"]))) == .wrongPlatform)
    }

    @Test func aLicenceWhoseMaxSdkIsBelowThisSDKIsRefused() throws {
        #expect(refusal(try issue(claims(maxSdk: "1.1.99"))) == .sdkVersionNotCovered)
        #expect(refusal(try issue(claims(maxSdk: "1.2.0-rc.1"))) == .sdkVersionNotCovered)
        #expect(refusal(try issue(claims(maxSdk: "1.2.0"))) == nil)
        #expect(refusal(try issue(claims(maxSdk: "one"))) == .malformed)
    }

    @Test func aFeatureNotInTheLicenceIsRefusedByName() throws {
        let verified = try verifier.verify(try issue(claims(feat: ["mrz"])), now: Self.now)
        #expect(throws: LicenseError.featureNotLicensed("barcode")) {
            try verifier.require(feature: "barcode", in: verified)
        }
    }

    // MARK: The development key

    /// The verifier of an app with its own key `prod-2027` and the development opt-in as given.
    func appVerifier(allowsDevelopmentLicenses: Bool, own: Curve25519.Signing.PrivateKey) -> LicenseVerifier {
        LicenseVerifier(
            keyring: LicenseKeyring.trusted(
                publicKeys: ["prod-2027": own.publicKey.rawRepresentation],
                allowsDevelopmentLicenses: allowsDevelopmentLicenses),
            product: "blinkid", platform: "linux", bundleID: "com.example.scanner", sdkVersion: "1.2.0")
    }

    @Test func aDevelopmentLicenceIsRefusedWithoutTheOptInAndAcceptedWithIt() throws {
        let own = Curve25519.Signing.PrivateKey()
        let development = try issue(claims())
        #expect(throws: LicenseError.developmentLicenseNotAllowed) {
            try appVerifier(allowsDevelopmentLicenses: false, own: own).verify(development, now: Self.now)
        }
        #expect(throws: LicenseError.developmentLicenseNotAllowed) {
            try LicenseVerifier(
                keyring: LicenseKeyring.trusted(allowsDevelopmentLicenses: false), product: "blinkid",
                platform: "linux", bundleID: "com.example.scanner", sdkVersion: "1.2.0"
            ).verify(development, now: Self.now)
        }
        #expect(
            try appVerifier(allowsDevelopmentLicenses: true, own: own).verify(development, now: Self.now).sub
                == "acme")
        // The app's own licences verify either way.
        let owned = try issue(claims(), kid: "prod-2027", key: own)
        #expect(try appVerifier(allowsDevelopmentLicenses: false, own: own).verify(owned, now: Self.now).sub == "acme")
    }

    @Test func theRefusalSaysWhatToDo() {
        #expect(
            LicenseError.developmentLicenseNotAllowed.description.hasPrefix(
                "Licence signed with the development key; set allowsDevelopmentLicenses for development builds only."))
    }

    @Test func theDevelopmentKeyIsRecognisedByItsBytesUnderAnyKeyID() throws {
        let keyring = LicenseKeyring.trusted(
            publicKeys: [
                "prod-2027": Data(LicenseKeyring.developmentPublicKey),
                "dev-2026": Data(LicenseKeyring.developmentPublicKey),
            ],
            allowsDevelopmentLicenses: false)
        #expect(keyring.keyIDs.isEmpty)
        #expect(LicenseKeyring.trusted(allowsDevelopmentLicenses: true).keyIDs == ["dev-2026"])
    }

    @Test func aForgedLicenceClaimingTheDevelopmentKeyIsStillForged() throws {
        let rogue = Curve25519.Signing.PrivateKey()
        let token = try issue(claims(), kid: "dev-2026", key: rogue)
        #expect(throws: LicenseError.forged) {
            try appVerifier(allowsDevelopmentLicenses: false, own: rogue).verify(token, now: Self.now)
        }
    }

    // MARK: Forgery

    @Test func aLicenceSignedWithAnotherKeyIsForged() throws {
        let rogue = Curve25519.Signing.PrivateKey()
        #expect(refusal(try issue(claims(), key: rogue)) == .forged)
    }

    @Test func tamperedClaimsAreForged() throws {
        let token = try issue(claims(feat: ["mrz"]))
        let parts = token.split(separator: ".").map(String.init)
        var widened = claims(feat: ["mrz", "barcode"])
        widened.aud = ["*"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let forged = parts[0] + "." + Base64URL.encode(try encoder.encode(widened)) + "." + parts[2]
        #expect(refusal(forged) == .forged)
    }

    @Test func algNoneAndHS256HeadersAreForged() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let payload = Base64URL.encode(try encoder.encode(claims()))
        let publicKey = LicenseKeyring.developmentPublicKey
        for alg in ["none", "HS256"] {
            let header = Base64URL.encode(Array(#"{"alg":"\#(alg)","kid":"dev-2026","typ":"license+jwt"}"#.utf8))
            let input = header + "." + payload
            // HS256 keyed with the public key: the classic algorithm-confusion forgery.
            let mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: publicKey))
            #expect(refusal(input + "." + Base64URL.encode(Array(mac))) == .forged)
            #expect(refusal(input + ".") == .forged)
        }
    }

    @Test func anUnknownKeyIDIsForged() throws {
        #expect(refusal(try issue(claims(), kid: "prod-2099")) == .forged)
    }

    @Test func aTokenOfAnotherTypeIsMalformed() throws {
        let manifest = ResourceManifest(manifestVersion: 1, issuedAt: Self.now, resources: [])
        let token = try CompactJWS.sign(manifest, typ: ResourceManifest.tokenType, kid: "dev-2026", key: key)
        #expect(refusal(token) == .malformed)
    }

    // MARK: Garbage

    @Test(arguments: ["", " ", "not a licence", "a.b", "a.b.c", "a.b.c.d", "....", "éé.éé.éé"])
    func garbageIsMalformed(_ token: String) {
        #expect(refusal(token) == .malformed)
    }

    @Test func hugeInputIsRefusedWithoutParsing() throws {
        let token = try issue(claims())
        let huge = token + String(repeating: "A", count: 1 << 20)
        #expect(refusal(huge) == .malformed)
    }

    @Test func aSignedPayloadWithoutLicenceClaimsIsMalformed() throws {
        let token = try CompactJWS.sign(["hello": "world"], typ: LicenseClaims.tokenType, kid: "dev-2026", key: key)
        #expect(refusal(token) == .malformed)
    }

    // MARK: Messages

    @Test func errorDescriptionsNeverContainTheKey() throws {
        let token = try issue(claims(exp: Self.now.addingTimeInterval(-1)))
        let errors: [LicenseError] = [
            .malformed, .forged, .expired(Self.now), .notYetValid(Self.now), .wrongApplication, .wrongProduct,
            .wrongPlatform, .sdkVersionNotCovered, .featureNotLicensed("barcode"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            for part in token.split(separator: ".") { #expect(!error.description.contains(part)) }
        }
        #expect(LicenseError.expired(Self.now).description.contains("2027-01-15"))
    }
}

import CaptureKitTesting
import Crypto
import Foundation
import Testing

@testable import CaptureCore

/// Semantic versions, the built-in keyring and signing-key files.
@Suite struct LicenseSupportTests {
    @Test func semanticVersionsCompareByPrecedence() throws {
        let ordered = [
            "0.1.0", "0.9.9", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta.2",
            "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.2.10", "1.10.0", "2.0.0",
        ]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        for (lower, higher) in zip(versions, versions.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower))
        }
        #expect(versions.map(\.description) == ordered)
    }

    @Test(arguments: [
        "", "1", "1.2", "1.2.3.4", "01.2.3", "1.2.-3", "+1.2.3", "1.2.3+build", "1.2.3-", "1.2.3-a..b",
        "1.2.3-01", " 1.2.3", "v1.2.3", "1.2.3 ", "9999999999.0.0", "1.2.x",
    ])
    func textThatIsNotASemanticVersionIsRefused(_ text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test func theSDKVersionIsASemanticVersion() {
        #expect(CaptureKitVersion.current == "0.1.0")
        #expect(SemanticVersion(CaptureKitVersion.current) == CaptureKitVersion.semantic)
        #expect(CaptureKitVersion.isVersion("0.1.0", atMost: "1.99.99") == true)
        #expect(CaptureKitVersion.isVersion("2.0.0", atMost: "1.99.99") == false)
        #expect(CaptureKitVersion.isVersion("2.0", atMost: "1.99.99") == nil)
    }

    @Test func theCommittedDevelopmentKeyMatchesTheDevelopmentKeyring() throws {
        let key = try TestKeys.developmentPrivateKey()
        let trusted = try #require(LicenseKeyring.development.key(for: "dev-2026"))
        #expect(key.publicKey.rawRepresentation == trusted.rawRepresentation)
        #expect(LicenseKeyring.development.keyIDs == ["dev-2026"])
    }

    @Test func aKeyFileRoundTripsThroughItsTextForm() throws {
        let folder = try TemporaryFolder()
        let key = DevelopmentSigningKey.generate()
        let url = folder.child("k.ed25519")
        try Data(DevelopmentSigningKey.fileContents(of: key).utf8).write(to: url)
        let loaded = try DevelopmentSigningKey.load(from: url)
        #expect(loaded.rawRepresentation == key.rawRepresentation)
        #expect(DevelopmentSigningKey.publicKeyText(of: key) == Base64URL.encode(key.publicKey.rawRepresentation))
    }

    @Test func aMissingOrMalformedKeyFileGivesATypedErrorWithoutItsContents() throws {
        let folder = try TemporaryFolder()
        let missing = folder.child("absent")
        #expect(throws: DevelopmentSigningKey.LoadError.missing(path: missing.path)) {
            try DevelopmentSigningKey.load(from: missing)
        }
        let samples = [
            "", "not base64!", Base64URL.encode([UInt8](repeating: 1, count: 31)),
            String(repeating: "A", count: 10_000), "QUJD\nREVG",
        ]
        for (index, sample) in samples.enumerated() {
            let url = folder.child("bad-\(index)")
            try Data(sample.utf8).write(to: url)
            #expect(throws: DevelopmentSigningKey.LoadError.malformed(path: url.path)) {
                try DevelopmentSigningKey.load(from: url)
            }
        }
    }
}

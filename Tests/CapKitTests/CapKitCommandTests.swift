import CaptureCore
import CaptureKitTesting
import Foundation
import Testing

/// `capkit` as a user runs it: argument validation, exit statuses (0 success, 1 a failure of the
/// work, 64 a usage mistake) and the `--json` lines of `capkit scan` on a bundled sample.
@Suite(.timeLimit(.minutes(1)))
struct CapKitCommandTests {
    /// ArgumentParser's status for a usage mistake (`EX_USAGE`).
    static let usageError: Int32 = 64

    /// A BlinkID licence signed with the committed development key, valid for a day from now.
    static func developmentLicence() throws -> String {
        let now = Date()
        let claims = LicenseClaims(
            sub: "capkit-tests", jti: UUID().uuidString, aud: ["*"], prod: "blinkid",
            plat: ["linux", "macos", "ios", "android"], feat: ["mrz", "barcode"], iat: now,
            nbf: now, exp: now.addingTimeInterval(86_400), maxSdk: "9.99.99")
        return try CompactJWS.sign(
            claims, typ: LicenseClaims.tokenType, kid: DevelopmentSigningKey.kid,
            key: TestKeys.developmentPrivateKey())
    }

    // MARK: Argument validation and exit statuses

    @Test func helpListsTheCommandsAndSucceeds() async throws {
        let outcome = try await CapKitRunner.run(["--help"])
        #expect(outcome.status == 0)
        for command in ["scan", "demo", "serve", "license", "tryon", "capture"] {
            #expect(outcome.standardOutput.contains(command))
        }
    }

    @Test func anUnknownCommandOrOptionIsAUsageError() async throws {
        let unknown = try await CapKitRunner.run(["scna"])
        #expect(unknown.status == Self.usageError)
        #expect(unknown.standardError.contains("Error:"))
        let option = try await CapKitRunner.run(["scan", "--no-such-option"])
        #expect(option.status == Self.usageError)
        let value = try await CapKitRunner.run(["scan", "--max-frames", "many", "x.jpg"])
        #expect(value.status == Self.usageError)
    }

    @Test func licenceIssueValidatesItsArgumentsBeforeSigning() async throws {
        let days = try await CapKitRunner.run(
            ["license", "issue", "--subject", "acme", "--product", "blinkid", "--days", "0"])
        #expect(days.status == Self.usageError)
        #expect(days.standardError.contains("--days must be between 1 and 3650."))
        let missing = try await CapKitRunner.run(["license", "issue", "--product", "blinkid"])
        #expect(missing.status == Self.usageError)
        #expect(missing.standardError.contains("--subject"))
        #expect(missing.standardOutput.isEmpty)  // nothing was signed
    }

    @Test func licenceInspectExitsOneForAKeyThatDoesNotVerify() async throws {
        let garbage = try await CapKitRunner.run(["license", "inspect", "not-a-licence"])
        #expect(garbage.status == 1)
        #expect(garbage.standardError.contains("Not a licence key"))

        let licence = try Self.developmentLicence()
        let valid = try await CapKitRunner.run(["license", "inspect", licence])
        #expect(valid.status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(valid.standardOutput.utf8)) as? [String: Any])
        #expect(report["signatureValid"] as? Bool == true)
        #expect(report["validity"] as? String == "valid")
        #expect(!valid.standardOutput.contains(licence))  // the key itself is never printed

        let parts = licence.split(separator: ".")
        let forged = try await CapKitRunner.run(["license", "inspect", "\(parts[0]).\(parts[1]).\(parts[1])"])
        #expect(forged.status == 1)
    }

    @Test func scanWithoutAnInputOrWithAMissingFileFails() async throws {
        let none = try await CapKitRunner.run(["scan"])
        #expect(none.status == 1)
        #expect(none.standardError.contains("Give an image, folder or video to scan."))
        let missing = try await CapKitRunner.run(["scan", "--json", "samples/documents/no-such-file.jpg"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.isEmpty)
    }

    // MARK: The development key

    @Test func aDevelopmentLicenceFromTheEnvironmentNeedsTheFlag() async throws {
        let outcome = try await CapKitRunner.run(
            ["scan", "samples/documents/td3.jpg"],
            environment: ["CAPTUREKIT_LICENSE_KEY": try Self.developmentLicence()])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("set allowsDevelopmentLicenses for development builds only"))
        #expect(outcome.standardOutput.isEmpty)
    }

    // MARK: --json

    @Test func scanJSONFollowsTheDocumentedSchema() async throws {
        let outcome = try await CapKitRunner.run(
            ["scan", "--json", "--allow-development-licenses", "samples/documents/td3.jpg"],
            environment: ["CAPTUREKIT_LICENSE_KEY": try Self.developmentLicence()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        let first = try #require(lines.first)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        // The passport page's printed fields are read too, and compared with its MRZ.
        #expect(
            Set(line.keys) == ["input", "detectionStatus", "documentLocation", "mrz", "barcode", "viz", "dataMatch"])
        #expect((line["input"] as? String)?.hasSuffix("samples/documents/td3.jpg") == true)
        #expect(line["detectionStatus"] as? String == "success")
        #expect(line["barcode"] is NSNull)  // explicit null: no barcode on a passport page

        let location = try #require(line["documentLocation"] as? [String: Any])
        #expect(Set(location.keys) == ["upperLeft", "upperRight", "lowerRight", "lowerLeft"])
        for corner in location.values {
            let point = try #require(corner as? [String: Any])
            #expect(Set(point.keys) == ["x", "y"])
            #expect(point["x"] is NSNumber && point["y"] is NSNumber)
        }

        let mrz = try #require(line["mrz"] as? [String: Any])
        #expect(Set(mrz.keys) == ["rawLines", "valid", "verified", "fields", "characterConfidences"])
        let rawLines = try #require(mrz["rawLines"] as? [String])
        #expect(rawLines.count == 2 && rawLines.allSatisfy { $0.count == 44 })  // TD3: two lines of 44
        // One confidence in 0...1 per character of the raw lines.
        let confidences = try #require(mrz["characterConfidences"] as? [[Double]])
        #expect(confidences.map(\.count) == rawLines.map(\.count))
        #expect(confidences.joined().allSatisfy { (0...1).contains($0) })
        #expect(mrz["valid"] as? Bool == true)
        let fields = try #require(mrz["fields"] as? [String: Any])
        #expect(
            Set(fields.keys) == [
                "documentType", "documentCode", "issuingCountry", "documentNumber", "dateOfBirth", "dateOfExpiry",
                "sex",
                "nationality", "primaryName", "secondaryName", "optionalData1", "optionalData2",
            ])
        #expect(fields["documentType"] as? String == "td3")
        #expect((fields["documentCode"] as? String)?.hasPrefix("P") == true)
        let birth = try #require(fields["dateOfBirth"] as? String)
        #expect(birth.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil)

        let viz = try #require((line["viz"] as? [[String: Any]])?.first)
        #expect(Set(viz.keys) == ["side", "layout", "fields", "notRead"])
        #expect(viz["layout"] as? String == "icao-td3")
        let printed = try #require(viz["fields"] as? [String: [String: Any]])
        #expect(printed["dateOfBirth"]?["date"] as? String == birth)
        #expect(printed["primaryName"]?["value"] is String)
        let match = try #require(line["dataMatch"] as? [String: Any])
        #expect(match["state"] as? String == "success")
        // The MRZ read on the same page confirms the printed name (fields it does not carry have no "mrz").
        #expect(printed["primaryName"]?["mrz"] as? String == "verified")
        #expect(printed.values.allSatisfy { ($0["mrz"] as? String).map { $0 == "verified" } ?? true })
    }

    @Test func evalExplainsWhereAnMRZWasLost() async throws {
        // Given the tuning stress line's frame of seed 18, drawn at 320x180: a card whose MRZ is
        // printed at a pitch of about 5 px, which no zone search finds
        let run = try await CapKitRunner.run([
            "eval", "--family", "tuning", "--tiers", "stress", "--count", "1", "--seed", "18", "--size", "320x180",
            "--explain",
        ])
        // Then the frame is named with the stage that lost it, and the line counts it
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("tuning-stress-000000.jpg MRZ lost at zone not found: pitch "))
        #expect(run.standardOutput.contains("MRZ lost at: zone not found 1"))
    }

    @Test func aamvaReadsAPayloadWhoseDirectoryLiesAndRefusesOneThatIsNoAAMVAFile() async throws {
        // Given a payload whose header undercounts its subfiles and writes the DL subfile without
        // its type (as one jurisdiction's cards do), and a file that is no AAMVA payload
        let temporary = try TemporaryFolder(prefix: "capkit-aamva")
        let folder = temporary.url
        let header = "@\n\u{1E}\rANSI 636039040001DL00410048ZH00890009"
        let quirky = folder.appendingPathComponent("quirky.txt"), other = folder.appendingPathComponent("other.txt")
        // with the family name written in Latin-1 (SÉMPLE, É = 0xC9), as several issuers do
        let payload =
            Data((header + "DAQ024437335\nDCSS").utf8) + [0xC9]
            + Data("MPLE\nDACFIRST\nDBB10211950\rZHZHA01\r".utf8)
        try payload.write(to: quirky)
        try Data("M1SAMPLE/PASSENGER E1234567".utf8).write(to: other)

        // Then the first is read, its quirks listed as warnings that hold no values
        let read = try await CapKitRunner.run(["aamva", "--json", quirky.path])
        #expect(read.status == 0)
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any])
        let barcode = try #require(line["barcode"] as? [String: Any])
        let aamva = try #require(barcode["aamva"] as? [String: Any])
        #expect(aamva["customerID"] as? String == "024437335")
        #expect(aamva["dateOfBirth"] as? String == "1950-10-21")
        let warnings = try #require(barcode["warnings"] as? [[String: Any]])
        let codes = Set(warnings.compactMap { $0["code"] as? String })
        #expect(codes.isSuperset(of: ["extraDesignators", "missingSubfileType", "latin1Text"]))
        #expect(aamva["familyName"].flatMap { ($0 as? [String: Any])?["value"] as? String } == "S\u{C9}MPLE")
        // and the raw payload comes back byte for byte (the text form shows the Latin-1 byte as U+FFFD)
        #expect((barcode["rawPayloadBase64"] as? String).flatMap { Data(base64Encoded: $0) } == payload)
        #expect(!String(describing: warnings).contains("024437335"))
        // And strictly, or for a file that is no AAMVA payload, the exit status is 1
        #expect(try await CapKitRunner.run(["aamva", "--strict", quirky.path]).status == 1)
        let refused = try await CapKitRunner.run(["aamva", other.path])
        #expect(refused.status == 1 && refused.standardError.contains("compliance indicator"))
        #expect(try await CapKitRunner.run(["aamva"]).status == Self.usageError)
    }
}

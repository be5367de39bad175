import Foundation
import Testing

@testable import DocumentEngine

/// The AAMVA parser on payload texts as real issuers' layouts write them (Evaluation/real-aamva:
/// envoy/ENVLicenseParser's `data/`, MIT; MANIFEST.md there says what each file is). Every file gives
/// a record; the state layouts, which hold known fake values, give those values.
@Suite struct BarcodeAAMVARealPayloadTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Evaluation/real-aamva/payloads")

    static func payload(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name + ".txt")))
    }

    /// The 16 state layouts: `(file, jurisdiction, expiry year)`.
    static let stateLayouts: [(String, String, Int)] = [
        ("CA", "CA", 2025), ("CAExpired", "CA", 2010), ("GA", "GA", 2025), ("GAExpired", "GA", 2010),
        ("HI", "HI", 2025), ("HIExpired", "HI", 2010), ("SC", "SC", 2025), ("SCExpired", "SC", 2010),
        ("VA", "VA", 2025), ("VAExpired", "VA", 2010), ("VA2", "VA", 2025), ("VAExpired2", "VA", 2010),
        ("VT", "VT", 2025), ("VTExpired", "VT", 2010), ("WA", "WA", 2025), ("WAExpired", "WA", 2010),
    ]

    @Test func theFolderHoldsEveryFileOfTheManifest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".txt")
        }
        #expect(files.count == 22)
        #expect(Set(Self.stateLayouts.map { $0.0 + ".txt" }).isSubset(of: Set(files)))
    }

    @Test(arguments: stateLayouts.map(\.0))
    func aStateLayoutGivesItsKnownValues(_ name: String) throws {
        let (_, state, expiryYear) = try #require(Self.stateLayouts.first { $0.0 == name })
        let record = try AAMVAParser.parse(Self.payload(name))
        let f = record.fields
        #expect(f.familyName?.value == "LAST" && f.firstName?.value == "FIRST" && f.middleName?.value == "MIDDLE")
        #expect(f.customerID == "024437335")
        #expect(f.address?.street1 == "1234 FAKE ST" && f.address?.city == "FAKE TOWN")
        #expect(f.address?.jurisdiction == state && f.address?.postalCode == "363659076")
        if state == "SC" {
            // Version 1 dates are CCYYMMDD; these files hold 19502110 and 19602509, which are no dates
            // in that order: kept raw with a warning, never guessed. Their expiry is the 20th of November.
            #expect(f.dateOfBirth == nil && f.dateOfIssue == nil)
            #expect(record.warnings.contains(.recovered(.invalidValue(element: "DBB", expected: "a date"))))
            #expect(f.dateOfExpiry == AAMVADate(year: expiryYear, month: 11, day: expiryYear == 2025 ? 20 : 19))
        } else {
            #expect(f.dateOfBirth == AAMVADate(year: 1950, month: 10, day: 21))
            #expect(f.dateOfIssue == AAMVADate(year: 1960, month: 9, day: 25))
            #expect(f.dateOfExpiry == AAMVADate(year: expiryYear, month: 10, day: 21))
        }
    }

    @Test(arguments: ["GASample", "HISample", "SCSample", "VASample", "VTSample", "WASample"])
    func aJurisdictionSampleCardGivesANameAnAddressAndANumber(_ name: String) throws {
        let record = try AAMVAParser.parse(Self.payload(name))
        let f = record.fields
        #expect(f.familyName?.value.isEmpty == false && f.firstName?.value.isEmpty == false)
        #expect(f.address?.street1?.isEmpty == false && f.address?.city?.isEmpty == false)
        #expect(f.customerID?.isEmpty == false)
        #expect(f.dateOfBirth != nil && f.dateOfExpiry != nil)
    }
}

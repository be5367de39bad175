import CaptureCore
import DocumentEngine
import Testing

@testable import DocumentSynthesis

/// The generated RG and CNH samples the classifier is measured on.
@Suite struct BrazilianSynthesisTests {
    private func render(_ side: BrazilianDocumentSide, seed: UInt64, withMRZ: Bool = false) throws -> RenderedDocument {
        var random = SeededGenerator(seed: seed)
        let identity = BrazilianIdentity.random(using: &random)
        return try BrazilianDocumentRenderer(pixelsPerMillimetre: 4).render(
            side, identity: identity,
            withMRZ: withMRZ, using: &random)
    }

    @Test func theSameSeedDrawsTheSamePixelsAndAnotherSeedDoesNot() throws {
        for side in BrazilianDocumentSide.allCases {
            let a = try render(side, seed: 5), b = try render(side, seed: 5), c = try render(side, seed: 6)
            #expect(a.image == b.image)
            #expect(a.image != c.image)
            #expect(a.image.width == 342 && a.image.height == 216)
        }
    }

    @Test func theCINBackCarriesAValidBrazilianTD1MRZAndTheOthersNone() throws {
        let cin = try render(.rgBack, seed: 9, withMRZ: true)
        #expect(cin.kind == .td1Back)
        let record = try MRZParser.parse(cin.mrzLines, today: MRZDate(year: 2026, month: 11, day: 22))
        #expect(record.format == .td1)
        #expect(record.issuingCountry == "BRA")
        #expect(record.documentCode == "ID")
        #expect(record.allChecksPassed)
        for side in BrazilianDocumentSide.allCases {
            #expect(try render(side, seed: 9).mrzLines.isEmpty)
        }
    }

    @Test func frontsHaveAPortraitAndEveryCPFHasValidCheckDigits() throws {
        #expect(try render(.rgFront, seed: 3).face != nil)
        #expect(try render(.cnhFront, seed: 3).face != nil)
        #expect(try render(.cnhBack, seed: 3).face == nil)
        var random = SeededGenerator(seed: 77)
        for _ in 0..<50 {
            let digits = BrazilianIdentity.cpf(using: &random).compactMap(\.wholeNumberValue)
            #expect(digits.count == 11)
            for length in [9, 10] {
                let sum = (0..<length).reduce(0) { $0 + digits[$1] * (length + 1 - $1) }
                #expect(digits[length] == (sum % 11 < 2 ? 0 : 11 - sum % 11))
            }
        }
    }
}

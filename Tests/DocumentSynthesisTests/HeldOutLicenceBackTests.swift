import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct HeldOutLicenceBackTests {
    private let small = [HeldOutLicenceBackScenes.PixelSize(width: 240, height: 136)]

    @Test func theSameSeedGivesIdenticalFramesAndPayloads() throws {
        let scenes = HeldOutLicenceBackScenes(tier: .phoneLike, frameSizes: small)
        let a = try scenes.frame(seed: 5), b = try scenes.frame(seed: 5), c = try scenes.frame(seed: 6)
        #expect(a.image == b.image)
        #expect(a.payload == b.payload && a.quirks == b.quirks && a.barcode == b.barcode)
        #expect(a.image != c.image)
        #expect(a.payload != c.payload)
    }

    @Test func aVideoShowsOneCardAndPayloadInFramesThatDiffer() throws {
        let frames = try HeldOutLicenceBackScenes(tier: .hard, frameSizes: small).video(seed: 9, frames: 3)
        #expect(frames.count == 3)
        #expect(Set(frames.map(\.payload)).count == 1)
        #expect(frames[0].image != frames[1].image && frames[1].image != frames[2].image)
        #expect(frames[0].barcode != frames[1].barcode)
        // The first frame of a video is the single frame of the same seed.
        #expect(try HeldOutLicenceBackScenes(tier: .hard, frameSizes: small).frame(seed: 9).image == frames[0].image)
    }

    @Test func aboutOneCardInThreeCarriesQuirks() {
        var random = SeededGenerator(seed: 1)
        let drawn = (0..<600).map { _ in HeldOutAAMVAQuirk.draw(version: 8, using: &random) }
        let share = Double(drawn.filter { !$0.isEmpty }.count) / 600
        #expect((0.28...0.40).contains(share), "\(share)")
        #expect(!drawn.contains { $0.contains(.legacyFileType) }, "the AAMVA file type belongs to version 01")
    }

    /// Every quirk the family writes is one the lenient parser names (or silently tolerates), and
    /// the file still parses to a record.
    @Test(arguments: HeldOutAAMVAQuirk.allCases)
    func everyQuirkKeepsTheFileReadable(quirk: HeldOutAAMVAQuirk) throws {
        let payload = AAMVAPayloadGenerator().generate(seed: 41, version: quirk == .legacyFileType ? 1 : 8)
        var random = SeededGenerator(seed: 2)
        let bytes = HeldOutAAMVAQuirk.rewrite(payload, quirks: [quirk], using: &random)
        #expect(bytes != payload.bytes)
        let record = try AAMVAParser.parse(bytes)
        let codes = Set(record.allWarnings.map(\.code))
        switch quirk {
        case .crLFSeparators: #expect(codes.contains("carriageReturnSeparators"))
        case .noFinalCR: #expect(codes.contains("missingSegmentTerminator"))
        case .latin1Names: #expect(codes.contains("latin1Text"))
        case .legacyFileType: #expect(codes.contains("legacyFileType"))
        case .wrongOffsets: #expect(codes.contains("subfileOffset"), "\(codes)")
        case .wrongLengths:
            #expect(
                !codes.isDisjoint(with: ["subfileLength", "subfileLengthMismatch", "truncatedSubfile"]), "\(codes)")
        case .trailingCRLF, .paddedValues, .elementOrder, .emptyName: break
        }
        #expect(record.fields.customerID == payload.fields.customerID)
        #expect(record.fields.dateOfBirth == payload.fields.dateOfBirth)
    }

    @Test func withoutQuirksThePayloadIsTheTextbookFile() {
        let payload = AAMVAPayloadGenerator().generate(seed: 3)
        var random = SeededGenerator(seed: 4)
        #expect(HeldOutAAMVAQuirk.rewrite(payload, quirks: [], using: &random) == payload.bytes)
        #expect(HeldOutAAMVAQuirk.generatedBodiesCount(payload) < payload.bytes.count)
    }
}

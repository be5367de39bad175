import CaptureCore
import Foundation
import Testing

@testable import Fortface

/// The real document engine as the capture judge, on the bundled sample photographs.
struct DocumentScannerJudgeTests {
    private func frame(_ path: String) throws -> Frame {
        let image = try ImageCodec.decode(contentsOf: FortfaceFixtures.repositoryFile(path))
        return Frame(index: 0, timestamp: 0, image: image, origin: path)
    }

    @Test func aWellPlacedPassportIsCapturableAndRecognisedByItsMRZ() throws {
        let judge = try #require(DocumentScannerJudge.bundled(now: FortfaceFixtures.now))
        let verdict = judge.judge(try frame("samples/documents/td3.jpg"))
        #expect(verdict == FrameVerdict(isCapturable: true, documentType: .PASSPORT))
    }

    @Test func aFrameWithoutADocumentIsNotCapturable() throws {
        let judge = try #require(DocumentScannerJudge.bundled(now: FortfaceFixtures.now))
        let blank = Frame(
            index: 0, timestamp: 0, image: RGBAImage(width: 640, height: 360, fill: RGBA(r: 90, g: 90, b: 90)),
            origin: "blank")
        #expect(judge.judge(blank) == FrameVerdict(isCapturable: false, documentType: nil))
    }
}

import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation
import Testing

@testable import OCRTraining

/// Real line crops: loaded from the folder the fetch script writes, printed into a band as the scanner
/// would rectify one, cut by the engine's line finder and labelled one character per cell.
@Suite struct MRZRealLinesTests {
    static let text = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"

    /// A tight, binarised crop of `text` in OCR-B at about 60 px cap height, as the crops of the
    /// public line set are.
    static func crop(_ text: String) throws -> GrayImage {
        let cap = 60.0, pitch = cap * DocumentLayout.mrzPitch / DocumentLayout.mrzCapHeight
        let canvas = CairoCanvas(width: Int(pitch * Double(text.count + 4)), height: 160)
        canvas.selectFont(family: "OCR B", size: cap / 0.70)
        for (i, ch) in text.enumerated() {
            canvas.addTextOutline(String(ch), x: 2 * pitch + Double(i) * pitch, baseline: 110, shear: 0)
        }
        canvas.fillOutlines(
            ink: RGBA(r: 0, g: 0, b: 0), weight: 0, paper: RGBA(r: 255, g: 255, b: 255))
        let gray = canvas.image().grayscale()
        var x0 = gray.width, x1 = 0, y0 = gray.height, y1 = 0
        for y in 0..<gray.height {
            for x in 0..<gray.width where gray[x, y] < 128 {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        try #require(x1 > x0 && y1 > y0, "the font rendered nothing")
        var tight = gray.cropped(to: PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
        for i in tight.pixels.indices { tight.pixels[i] = tight.pixels[i] < 128 ? 0 : 255 }
        return tight
    }

    static func bundledClassifier() throws -> MRZCharacterClassifier {
        let folder = try #require(DocumentEngineInfo.bundledResourcesFolder)
        return try MRZCharacterClassifier(weights: Data(contentsOf: folder.appendingPathComponent("mrz-ocrb.bin")))
    }

    @Test func aCleanCropIsCutIntoItsCellsAndReadExactly() throws {
        let real = MRZRealLines(lines: [.init(image: try Self.crop(Self.text), text: Self.text)])
        let scores = MRZRealLineEvaluation.score(try Self.bundledClassifier(), on: real, strengths: [0], seed: 3)
        #expect(scores.count == 1)
        #expect(scores[0].lines == 1 && scores[0].cut == 1)
        #expect(scores[0].exactLines == 1 && scores[0].characterAccuracy == 1)
        #expect(scores[0].confidentlyWrong == 0)
    }

    @Test func aLineGivesOnePatchPerCharacterForEveryBandCut() throws {
        let real = MRZRealLines(lines: [.init(image: try Self.crop(Self.text), text: Self.text)])
        let set = MRZTrainingSet.fromRealLines(real, variants: 3, seed: 7, jitter: false)
        #expect(set.blocks == 3)
        try #require(set.rejectedBlocks < 3)
        #expect(set.count == (3 - set.rejectedBlocks) * Self.text.count)
        // Labels follow the text, cell by cell.
        let alphabet = MRZCharacterClassifier.alphabet
        #expect(String(set.labels.prefix(Self.text.count).map { alphabet[Int($0)] }) == Self.text)
    }

    @Test func aCropOfTheWrongLengthIsNotCut() throws {
        // The crop holds 44 characters; labelled as a 30-character line, no fit is that far off.
        let real = MRZRealLines(lines: [.init(image: try Self.crop(Self.text), text: String(Self.text.prefix(30)))])
        let set = MRZTrainingSet.fromRealLines(real, variants: 2, seed: 7, jitter: false)
        #expect(set.count == 0 && set.rejectedBlocks == 2)
    }

    @Test func loadingSaysWhatIsWrongWithTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mrz-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try MRZRealLines.load(folder: folder, split: "train")
        } throws: { error in
            if case .missingIndex = error as? MRZRealLines.LoadError { return true }
            return false
        }

        let index = folder.appendingPathComponent("index.jsonl")
        try Data("{\"file\": \"train/0.png\"}\n".utf8).write(to: index)
        #expect {
            try MRZRealLines.load(folder: folder, split: "train")
        } throws: { error in
            if case .malformedIndex(line: 1) = error as? MRZRealLines.LoadError { return true }
            return false
        }

        try Data("{\"file\": \"train/0.png\", \"text\": \"ABC\", \"split\": \"train\"}\n".utf8).write(to: index)
        #expect {
            try MRZRealLines.load(folder: folder, split: "train")
        } throws: { error in
            if case .unreadableImage("train/0.png") = error as? MRZRealLines.LoadError { return true }
            return false
        }
        // Another split's records are not read.
        #expect(try MRZRealLines.load(folder: folder, split: "validation").lines.isEmpty)
    }

    @Test func aWrittenFolderLoadsItsSplit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mrz-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("validation"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let crop = try Self.crop(Self.text)
        try ImageCodec.encodePNG(crop, compressionLevel: 1).write(
            to: folder.appendingPathComponent("validation/0001.png"))
        try Data(
            "{\"file\": \"validation/0001.png\", \"text\": \"\(Self.text)\", \"split\": \"validation\"}\n".utf8
        ).write(to: folder.appendingPathComponent("index.jsonl"))
        let real = try MRZRealLines.load(folder: folder, split: "validation")
        #expect(real.lines.count == 1 && real.lines[0].text == Self.text)
        #expect(real.lines[0].image.width == crop.width && real.lines[0].image.pixels == crop.pixels)
    }
}

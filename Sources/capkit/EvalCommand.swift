import ArgumentParser
import CaptureCore
import DocumentEngine
import Foundation

/// `capkit eval`: accuracy of the document engine on frames with ground truth.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure localisation and exact-MRZ rates on frames with ground truth (truth.jsonl).")

    @Option(help: "A folder of frames with truth.jsonl (as written by `capkit synth`).")
    var folder: String

    @Option(help: "MRZ recogniser weights (default: the bundled ones).")
    var weights: String?

    @Flag(help: "Print one line per frame.")
    var verbose = false

    @Option(help: "Write a preview PNG (found outline red, truth green) of every frame that fails to this folder.")
    var failures: String?

    struct Truth: Decodable {
        struct XY: Decodable { var x: Double; var y: Double }
        struct Corners: Decodable { var upperLeft, upperRight, lowerRight, lowerLeft: XY }
        var file: String
        var mrz: [String]?
        var corners: Corners
        var frameWidth: Int
        var frameHeight: Int
    }

    func run() async throws {
        let url = URL(fileURLWithPath: folder)
        let lines = try String(contentsOf: url.appendingPathComponent("truth.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let truths = try lines.map { try JSONDecoder().decode(Truth.self, from: Data($0.utf8)) }
        let weightsURL = weights.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: "Sources/DocumentEngine/Resources/mrz-ocrb.bin")
        let classifier = try MRZCharacterClassifier(weights: Data(contentsOf: weightsURL))
        let scanner = DocumentScanner(classifier: classifier)
        let today = MRZDate(year: 2026, month: 11, day: 22)
        var located = 0, mrzFrames = 0, exact = 0, lineFound = 0
        var cpu = 0.0
        for t in truths {
            let image = try ImageCodec.decode(contentsOf: url.appendingPathComponent(t.file)).grayscale()
            let start = CPUClock.now()
            let a = scanner.analyze(image, roi: PixelRect(x: 0, y: 0, width: image.width, height: image.height), today: today)
            cpu += CPUClock.now() - start
            let truthQuad = Quadrilateral2D(corners: [t.corners.upperLeft, t.corners.upperRight, t.corners.lowerRight,
                                                      t.corners.lowerLeft].map { Point2D(x: $0.x, y: $0.y) })
            let diagonal = (Double(t.frameWidth * t.frameWidth + t.frameHeight * t.frameHeight)).squareRoot()
            let error = a.documentQuad.map { $0.maxCornerDistance(to: truthQuad) / diagonal }
            if let e = error, e <= 0.02 { located += 1 }
            var ok = false
            if let truthMRZ = t.mrz {
                mrzFrames += 1
                if a.mrzReading != nil { lineFound += 1 }
                let read = a.mrz?.correctedLines ?? a.mrzReading?.lines
                ok = read == truthMRZ
                if ok { exact += 1 }
            }
            if let failures, !ok || (error ?? 1) > 0.02 {
                var preview = try ImageCodec.decode(contentsOf: url.appendingPathComponent(t.file))
                preview.drawQuadrilateral(truthQuad, colour: RGBA(r: 0, g: 220, b: 0, a: 200), thickness: 3)
                if let q = a.documentQuad { preview.drawQuadrilateral(q, colour: RGBA(r: 255, g: 0, b: 0, a: 220), thickness: 2) }
                for box in a.mrzCharacterBoxes.joined() { preview.drawQuadrilateral(box, colour: RGBA(r: 0, g: 120, b: 255, a: 160), thickness: 1) }
                try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
                try ImageCodec.encodePNG(preview, compressionLevel: 1).write(to: URL(fileURLWithPath: failures).appendingPathComponent(t.file + ".png"))
            }
            if verbose {
                let e = error.map { String(format: "%.4f", $0) } ?? "none"
                print("\(t.file) corner-error \(e) placement \(a.placement.rawValue) mrz \(t.mrz == nil ? "-" : (ok ? "exact" : (a.mrzReading == nil ? "not-found" : "wrong")))")
                if !ok, let truthMRZ = t.mrz, let read = a.mrz?.correctedLines ?? a.mrzReading?.lines {
                    for (r, tr) in zip(read, truthMRZ) where r != tr { print("    read  \(r)\n    truth \(tr)") }
                }
            }
        }
        let n = Double(truths.count)
        print(String(format: "frames %d  localised %.3f  MRZ found %.3f  exact MRZ %.3f  mean CPU %.1f ms", truths.count,
                     Double(located) / n, Double(lineFound) / Double(max(1, mrzFrames)),
                     Double(exact) / Double(max(1, mrzFrames)), cpu / n * 1000))
    }
}

import ArgumentParser
import CaptureCore
import DocumentClassification
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit bench-viz` (part of `make bench`): CPU time per side of the printed-field (VIZ) reader
/// on phone-like 1080p frames of the held-out family, with Tesseract reading the whole rectified
/// side as the peer, run on the same frames in the same process.
struct BenchVizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-viz",
        abstract: "CPU time per side of the VIZ reader, with Tesseract on the whole rectified side as the peer.",
        discussion: """
            Frames are generated (held-out family, phone-like tier, fixed seeds) for the TD3 data page, \
            the TD2 card, the TD1 front and the AAMVA licence front. The reader rectifies the side from its true corners at 12 px/mm, finds the field \
            lines and reads them (the cost paid once per side). The peer rectifies the same side at the same \
            scale and reads it with one Tesseract call (Latin model, automatic page segmentation). Times are \
            the calling thread's CPU time.
            """)

    @Option(help: "Frames per layout.")
    var frames = 10

    @Option(help: "Size of generated frames, WIDTHxHEIGHT.")
    var size = "1920x1080"

    @Option(help: "First seed.")
    var seed: UInt64 = 700

    @Option(help: "Family of the frames: heldout (the default, as make bench reports) or tuning (wide variation).")
    var family = "heldout"

    @Option(help: "Layouts measured (td3, td2, td1front, aamva), comma-separated.")
    var layouts = "td3,td2,td1front,aamva"

    @Option(
        help:
            "How Tesseract's line handles are set up: 'lines' (LSTM only, no word lists: the reader's default) or 'plain' (the default engine and every word list, as before)."
    )
    var tesseractSetup = "lines"

    func validate() throws {
        guard frames > 0 else { throw ValidationError("--frames must be at least 1.") }
        guard family == "heldout" || family == "tuning" else {
            throw ValidationError("Unknown --family \(family); use heldout or tuning.")
        }
        guard tesseractSetup == "lines" || tesseractSetup == "plain" else {
            throw ValidationError("Unknown --tesseract-setup \(tesseractSetup); use lines or plain.")
        }
    }

    func run() throws {
        let dims = size.split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2 else { throw ValidationError("Bad --size \(size); expected WIDTHxHEIGHT.") }
        let catalogue: VizLayoutCatalogue
        let reader: VizReader
        let peer: TesseractPageReader
        do {
            catalogue = try VizLayoutCatalogue.bundled()
            reader = VizReader(recognizer: try TesseractVizRecognizer(lineReading: tesseractSetup != "plain"))
            peer = try TesseractPageReader()
        } catch {
            throw CommandFailure("\(error)")
        }
        let today = MRZDate(year: 2026, month: 11, day: 26)
        print(
            "== Printed fields (VIZ), \(size) phone-like \(family == "tuning" ? "tuning (wide)" : "held-out") frames; peer: Tesseract on the whole rectified side =="
        )
        let sides: [(String, String, DocumentLayout.Kind, String?)] = [
            ("td3", "TD3 data page", .td3, nil), ("td2", "TD2 card", .td2, nil),
            ("td1front", "TD1 front", .td1Front, nil),
            ("aamva", "AAMVA licence front", .td1Front, "aamva-front"),
        ]
        let chosen = Set(layouts.split(separator: ",").map(String.init))
        for (key, name, kind, layoutID) in sides where chosen.contains(key) {
            var own: [Double] = [], other: [Double] = []
            for i in 0..<frames {
                let frameSeed = seed &+ UInt64(i) &* 7919
                let scene =
                    family == "tuning"
                    ? try SceneComposer(
                        tier: .phoneLike, frameWidth: dims[0], frameHeight: dims[1], kinds: [kind],
                        printsVizFromLayouts: true, vizLayoutID: layoutID, vizVariation: .wide
                    ).compose(seed: frameSeed)
                    : try HeldOutSceneComposer(
                        tier: .phoneLike, frameWidth: dims[0], frameHeight: dims[1], kinds: [kind],
                        printsVizFromLayouts: true, vizLayoutID: layoutID
                    ).compose(seed: frameSeed)
                guard let truth = scene.document.viz, let layout = catalogue.layout(id: truth.layoutID) else {
                    continue
                }
                let gray = scene.image.grayscale()
                var start = ThreadCPUTime.now()
                _ = try reader.read(frame: gray, quad: scene.truth.corners, layout: layout, today: today)
                own.append(ThreadCPUTime.now() - start)
                start = ThreadCPUTime.now()
                let side = DocumentLayout.of(kind)
                let s = reader.pixelsPerMillimetre
                if let page = PerspectiveWarp.rectify(
                    gray, quad: scene.truth.corners, width: Int((side.width * s).rounded()),
                    height: Int((side.height * s).rounded()))
                {
                    _ = try peer.text(of: page)
                }
                other.append(ThreadCPUTime.now() - start)
            }
            guard !own.isEmpty, !other.isEmpty else { continue }
            let mean = own.reduce(0, +) / Double(own.count), peerMean = other.reduce(0, +) / Double(other.count)
            let p90 = own.sorted()[min(own.count - 1, Int(Double(own.count) * 0.9))]
            print(
                "\(name): "
                    + String(
                        format: "VIZ %.0f ms CPU per side (p90 %.0f ms, %d sides); peer %.0f ms; ratio %.2f",
                        mean * 1000, p90 * 1000, own.count, peerMean * 1000, mean / peerMean))
        }
    }
}

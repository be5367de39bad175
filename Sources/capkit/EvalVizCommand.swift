import ArgumentParser
import CaptureCore
import DocumentClassification
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit eval-viz`: the visual-zone reader on generated data pages and card fronts, per field:
/// exact, wrong (a value reported that differs from what was printed) and not read.
struct EvalVizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval-viz",
        abstract:
            "Measure the printed-field (VIZ) reader on generated documents: per-field exact rate and CPU per side.",
        discussion: """
            For each family (tuning: the generator's own frames, printed as --tuning-variation says; heldout: the held-out composer, other fonts, \
            wear and optics), tier and layout (TD3 data page, TD1 front), --count frames are generated \
            (seeded). The document is rectified from its true corners (the reader is measured, not the \
            localiser) and read once with Tesseract. A field is exact when the value equals what was printed \
            (names with their diacritics, dates by day, month and year); wrong when a value was reported that \
            differs (the figure that must stay at zero); not read when the reader declined it.
            """)

    @Option(help: "Families (tuning, heldout), comma-separated.")
    var families = "tuning,heldout"

    @Option(help: "Tiers (clean, phone, hard), comma-separated.")
    var tiers = "clean,phone"

    @Option(help: "Layouts (td3, td2, td1front, aamva: the US/Canadian licence front), comma-separated.")
    var layouts = "td3,td1front"

    @Option(help: "Frames per family, tier and layout.")
    var count = 20

    @Option(help: "Size of generated frames, WIDTHxHEIGHT.")
    var size = "1920x1080"

    @Option(help: "First seed.")
    var seed: UInt64 = 11

    @Option(
        help:
            "How widely the tuning family varies the printed zone: 'wide' (fonts, sizes, offsets, caption languages, security lines, ghost portrait, extra blur and JPEG: the default) or 'narrow' (the first design)."
    )
    var tuningVariation = "wide"

    @Option(help: "Tesseract models, +-separated (default Latin; 'layout' for the layout's languages + deu+spa).")
    var ocrModels = "Latin"

    @Option(
        help:
            "Tesseract models of lines held to ASCII characters (dates, numbers, sex, licence codes), +-separated; 'same' reads them with --ocr-models."
    )
    var plainModels = "eng"

    @Option(
        help:
            "The reader's candidates, comma-separated PREPARATION:r|u (r: held to the field's characters, u: unrestricted; preparations raw, stretched, inkcutSHARE: only print darker than SHARE of the way to the ground); default the reader's."
    )
    var candidates: String?

    @Option(help: "Lowest confidence accepted for a value read once (default the reader's).")
    var minimumConfidence: Double?

    @Option(
        help:
            "Highest confidence of another character at any place of a name for the name to count as read, comma-separated to read every frame with each (default the reader's; 1 turns it off)."
    )
    var nameAmbiguity: String?

    @Option(
        help:
            "Blank columns inside a name, as a share of its line's height, from which the gap is a word gap, comma-separated to read every frame with each; 0 turns the re-spacing off (default the reader's)."
    )
    var nameGap: String?

    @Option(help: "Whether Tesseract weighs each symbol's alternatives on Latin lines: on (the default) or off.")
    var alternatives = "on"

    @Flag(help: "With --verbose, print the symbols of every name read (exact ones too), with their alternatives.")
    var printSymbols = false

    @Option(help: "Margin kept above a value line, as a share of its height (default the reader's).")
    var marginAbove: Double?

    @Option(
        help:
            "Horizontal scale of line images before OCR, comma-separated to read every frame at each (one table each; default the reader's)."
    )
    var horizontalScales: String?

    @Option(
        help:
            "How Tesseract's line handles are set up: 'lines' (LSTM only, no word lists: the reader's default) or 'plain' (the default engine and every word list, as before)."
    )
    var tesseractSetup = "lines"

    @Option(
        help:
            "How Tesseract segments short line images (a lone sex or class letter, padded): line (the default), word or character."
    )
    var shortLines = "line"

    @Option(help: "A Tesseract run-time variable set on every line handle, NAME=VALUE (repeatable; for tuning).")
    var tesseractVariable: [String] = []

    @Option(
        help:
            "How each field is read, comma-separated to read every frame each way (one table each): 'candidates' (the reader's default: restricted to the field's characters, then stretched, then unrestricted) or 'single' (one unrestricted read per line, the first slice's reading)."
    )
    var reading = "candidates"

    @Option(
        help:
            "Fields side by side on one line (AAMVA EXP and ISS): 'off' (every field read alone: the reader's default), 'retry' (one call for their first candidate, a field that fails it read alone again) or 'once' (no alone read of the first candidate)."
    )
    var sharedLines = "off"

    @Option(
        help:
            "Retries after a field's first candidate: 'productive' (none that repeats an earlier read, none for a value of several lines: the default) or 'all'."
    )
    var retries = "productive"

    @Flag(
        help:
            "Let the reader choose among every layout of the document's size (as BlinkIDSession does: ICAO TD1 front or AAMVA licence front) instead of giving it the printed one; prints how often it chose the printed one."
    )
    var chooseLayout = false

    @Option(help: "Write each tuning frame's JPEG to this folder (tuning family only), named by tier, layout and seed.")
    var writeFrames: String?

    @Option(
        help:
            "Write each tuning side rectified from its true corners, as the reader sees it (12 px/mm PNG), to this folder, named by tier, layout and seed."
    )
    var writeRectified: String?

    @Option(
        help:
            "The MRZ the printed names are checked against (VizReading.confirmingNames): 'read' (the MRZ read on the same frame by the document scanner, where the side carries one: TD3, TD2; used when its check digits pass) or 'off' (the reader alone)."
    )
    var mrz = "read"

    @Flag(help: "Print every field that is wrong or not read, with what was printed (generated data only).")
    var verbose = false

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
        guard tesseractSetup == "lines" || tesseractSetup == "plain" else {
            throw ValidationError("Unknown --tesseract-setup \(tesseractSetup); use lines or plain.")
        }
        guard TesseractVizRecognizer.ShortLineReading(rawValue: shortLines) != nil else {
            throw ValidationError("Unknown --short-lines \(shortLines); use line, word or character.")
        }
        guard retries == "productive" || retries == "all" else {
            throw ValidationError("Unknown --retries \(retries); use productive or all.")
        }
        guard ["retry", "once", "off"].contains(sharedLines) else {
            throw ValidationError("Unknown --shared-lines \(sharedLines); use retry, once or off.")
        }
        guard VizPrintStyle.Variation(rawValue: tuningVariation) != nil else {
            throw ValidationError("Unknown --tuning-variation \(tuningVariation); use wide or narrow.")
        }
        if let horizontalScales {
            let values = horizontalScales.split(separator: ",").map { Double($0) }
            guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0.2 && ($0 ?? 0) <= 2 }) else {
                throw ValidationError("Bad --horizontal-scales \(horizontalScales); use factors in 0.2...2.")
            }
        }
        guard mrz == "read" || mrz == "off" else { throw ValidationError("Unknown --mrz \(mrz); use read or off.") }
        guard readings.allSatisfy({ $0 == "candidates" || $0 == "single" }), !readings.isEmpty else {
            throw ValidationError("Unknown --reading \(reading); use candidates or single.")
        }
    }

    /// The `--reading` modes.
    var readings: [String] { reading.split(separator: ",").map(String.init) }

    /// Per-field tallies.
    struct Tally {
        /// `wrong` counts every reported value that differs; `accentsOnly` those of them equal to the
        /// printed value once accents are folded (É read as E).
        var exact = 0, wrong = 0, notRead = 0, accentsOnly = 0
        var total: Int { exact + wrong + notRead }
    }

    func run() async throws {
        let dims = size.split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2 else { throw ValidationError("Bad --size \(size); expected WIDTHxHEIGHT.") }
        var variables: [String: String] = [:]
        for assignment in tesseractVariable {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("Bad --tesseract-variable \(assignment); use NAME=VALUE.")
            }
            variables[parts[0]] = parts[1]
        }
        let catalogue: VizLayoutCatalogue
        var readers: [(name: String, reader: VizReader)] = []
        let recognizer: TimedVizRecognizer
        do {
            catalogue = try VizLayoutCatalogue.bundled()
            let models = ocrModels == "layout" ? nil : ocrModels.split(separator: "+").map(String.init)
            recognizer = TimedVizRecognizer(
                try TesseractVizRecognizer(
                    models: models, lineReading: tesseractSetup != "plain", variables: variables,
                    plainModels: plainModels == "same" ? nil : plainModels.split(separator: "+").map(String.init),
                    shortLineReading: TesseractVizRecognizer.ShortLineReading(rawValue: shortLines) ?? .line,
                    weighsAlternatives: alternatives != "off"))
            let chosenCandidates = try candidates.map(Self.parseCandidates)
            let scales = horizontalScales?.split(separator: ",").compactMap { Double($0) }
            let ambiguities = nameAmbiguity?.split(separator: ",").compactMap { Double($0) }
            let gaps = nameGap?.split(separator: ",").compactMap { Double($0) }
            for mode in readings {
                for scale in scales ?? [VizReader(recognizer: recognizer).horizontalScale] {
                    for ambiguity in ambiguities ?? [VizReader(recognizer: recognizer).maximumNameAmbiguity] {
                        for gap in gaps ?? [VizReader(recognizer: recognizer).nameWordGapShare] {
                            var reader = VizReader(recognizer: recognizer)
                            reader.maximumNameAmbiguity = ambiguity
                            reader.nameWordGapShare = gap
                            reader.spacesNamesByInkGaps = gap > 0
                            if let chosenCandidates { reader.candidates = chosenCandidates }
                            if let marginAbove { reader.valueMarginAbove = marginAbove }
                            if let minimumConfidence { reader.minimumConfidence = minimumConfidence }
                            reader.horizontalScale = scale
                            reader.sharesLines = sharedLines != "off"
                            reader.retriesSharedLineAlone = sharedLines == "retry"
                            reader.prunesRetries = retries == "productive"
                            if mode == "single" {
                                reader.candidates = [.init(.asRectified, restrictsCharacters: false)]
                            }
                            var name = (scales?.count ?? 0) > 1 ? "\(mode) x\(scale)" : mode
                            if (ambiguities?.count ?? 0) > 1 { name += " ambiguity \(ambiguity)" }
                            if (gaps?.count ?? 0) > 1 { name += " gap \(gap)" }
                            readers.append((name, reader))
                        }
                    }
                }
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        let today = MRZDate(year: 2026, month: 11, day: 26)
        let scanner = mrz == "read" ? try CommandSupport.documentScanner() : nil
        print("VIZ reader on generated frames (\(count) per family, tier and layout, \(size), seeds from \(seed)):")
        for family in families.split(separator: ",").map(String.init) {
            guard family == "tuning" || family == "heldout" else {
                throw ValidationError("Unknown family \(family); use tuning or heldout.")
            }
            for tierName in tiers.split(separator: ",") {
                guard let tier = TierArgument(rawValue: String(tierName))?.tier else {
                    throw ValidationError("Unknown tier \(tierName); use clean, phone or hard.")
                }
                for layoutName in layouts.split(separator: ",").map(String.init) {
                    let kind: DocumentLayout.Kind
                    var layoutID: String?
                    switch layoutName {
                    case "td3": kind = .td3
                    case "td2": kind = .td2
                    case "td1front": kind = .td1Front
                    case "aamva": (kind, layoutID) = (.td1Front, "aamva-front")
                    default: throw ValidationError("Unknown layout \(layoutName); use td3, td2, td1front or aamva.")
                    }
                    var tallies = [[VizField: Tally]](repeating: [:], count: readers.count)
                    var cpu = [[Double]](repeating: [], count: readers.count)
                    var ocrCPU = [Double](repeating: 0, count: readers.count)
                    var ocrCalls = [Int](repeating: 0, count: readers.count)
                    var chosenRight = [Int](repeating: 0, count: readers.count)
                    // Per reader, field and candidate: values reported exact and wrong.
                    var byCandidate = [[VizField: [Int: (exact: Int, wrong: Int)]]](
                        repeating: [:], count: readers.count)
                    var mrzSides = 0
                    var namesChangedByMRZ = [Int](repeating: 0, count: readers.count)
                    let progress = ProgressBar(total: count)
                    for i in 0..<count {
                        let frameSeed = seed &+ UInt64(i) &* 7919
                        let scene: SyntheticScene
                        if family == "tuning" {
                            scene = try SceneComposer(
                                tier: tier, frameWidth: dims[0], frameHeight: dims[1], kinds: [kind],
                                printsVizFromLayouts: true, vizLayoutID: layoutID,
                                vizVariation: VizPrintStyle.Variation(rawValue: tuningVariation) ?? .wide
                            )
                            .compose(seed: frameSeed)
                        } else {
                            scene = try HeldOutSceneComposer(
                                tier: tier, frameWidth: dims[0], frameHeight: dims[1], kinds: [kind],
                                printsVizFromLayouts: true, vizLayoutID: layoutID
                            ).compose(seed: frameSeed)
                        }
                        guard let truth = scene.document.viz, let layout = catalogue.layout(id: truth.layoutID) else {
                            continue
                        }
                        if let writeFrames, family == "tuning" {
                            let url = URL(fileURLWithPath: writeFrames).appendingPathComponent(
                                "\(tier.rawValue)-\(layoutName)-\(frameSeed).jpg")
                            try scene.jpeg.write(to: url)
                        }
                        let gray = scene.image.grayscale()
                        if let writeRectified, family == "tuning" {
                            let size = DocumentLayout.of(layout.documentLayout)
                            let s = VizReader(recognizer: recognizer).pixelsPerMillimetre
                            if let side = PerspectiveWarp.rectify(
                                gray, quad: scene.truth.corners, width: Int((size.width * s).rounded()),
                                height: Int((size.height * s).rounded()))
                            {
                                let url = URL(fileURLWithPath: writeRectified).appendingPathComponent(
                                    "\(tier.rawValue)-\(layoutName)-\(frameSeed).png")
                                try ImageCodec.encodePNG(side).write(to: url)
                            }
                        }
                        // The side's MRZ, read by the document scanner on the same frame (not timed:
                        // the scanner reads it on every frame anyway).
                        var mrzRecord: MRZRecord?
                        if let scanner, kind == .td3 || kind == .td2 {
                            let analysis = scanner.analyze(
                                gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height), today: today)
                            if analysis.mrzVerified, let record = analysis.mrz {
                                mrzRecord = record
                                mrzSides += 1
                            }
                        }
                        for (r, (mode, reader)) in readers.enumerated() {
                            recognizer.forgetReads()
                            let start = ThreadCPUTime.now(), ocrStart = recognizer.seconds
                            let callsBefore = recognizer.calls
                            var reading: VizReading?
                            if chooseLayout {
                                let sameSize = catalogue.layouts.filter { $0.documentLayout == layout.documentLayout }
                                reading = try reader.read(
                                    frame: gray, quad: scene.truth.corners, layouts: sameSize, today: today)
                                if reading?.layoutID == layout.id { chosenRight[r] += 1 }
                            } else {
                                reading = try reader.read(
                                    frame: gray, quad: scene.truth.corners, layout: layout, today: today)
                            }
                            cpu[r].append(ThreadCPUTime.now() - start)
                            if let mrzRecord, let read = reading {
                                let checked = read.confirmingNames(
                                    primary: mrzRecord.primaryName, secondary: mrzRecord.secondaryName,
                                    namesComplete: VizMRZNames.namesComplete(mrzRecord),
                                    maximumStrokeDoubt: reader.maximumNameAmbiguity)
                                for field in [VizField.primaryName, .secondaryName]
                                where checked[field]?.value != read[field]?.value {
                                    namesChangedByMRZ[r] += 1
                                    if verbose {
                                        print(
                                            "  \(readers.count > 1 ? "\(mode) " : "")MRZ \(tier.rawValue) \(layoutName) seed \(frameSeed) \(field.rawValue): "
                                                + "'\(read[field]?.value ?? "")' -> '\(checked[field]?.value ?? "")', printed '\(truth.values[field] ?? "")'"
                                        )
                                    }
                                }
                                reading = checked
                            }
                            ocrCPU[r] += recognizer.seconds - ocrStart
                            ocrCalls[r] += recognizer.calls - callsBefore
                            let label = readers.count > 1 ? "\(mode) " : ""
                            for cell in layout.fields {
                                let printed = truth.values[cell.field]
                                let value = reading?[cell.field]
                                var tally = tallies[r][cell.field, default: Tally()]
                                if let value {
                                    let exact = Self.matches(value, printed: printed, date: truth.dates[cell.field])
                                    var counts = byCandidate[r][cell.field, default: [:]][
                                        value.candidate, default: (0, 0)]
                                    if exact { counts.exact += 1 } else { counts.wrong += 1 }
                                    byCandidate[r][cell.field, default: [:]][value.candidate] = counts
                                    if exact {
                                        tally.exact += 1
                                        if verbose, printSymbols, cell.field.kind == .name || cell.field.kind == .code {
                                            print(
                                                "  \(label)exact \(tier.rawValue) \(layoutName) seed \(frameSeed) \(cell.field.rawValue) candidate \(value.candidate)"
                                            )
                                            Self.printSymbols(
                                                of: value.rawText, in: recognizer.recentReads,
                                                boxes: cell.field.kind == .code)
                                        }
                                    } else {
                                        tally.wrong += 1
                                        if let printed, Self.folded(printed) == Self.folded(value.value) {
                                            tally.accentsOnly += 1
                                        }
                                        if verbose {
                                            print(
                                                "  \(label)wrong \(family) \(tier.rawValue) \(layoutName) seed \(frameSeed) "
                                                    + "\(cell.field.rawValue): printed '\(printed ?? "")' read '\(value.value)' "
                                                    + "(raw '\(value.rawText)', candidate \(value.candidate), "
                                                    + "confidence \(Int(value.confidence * 100)) %)"
                                            )
                                            if cell.field.kind == .name || cell.field.kind == .code {
                                                Self.printSymbols(
                                                    of: value.rawText, in: recognizer.recentReads,
                                                    boxes: cell.field.kind == .code)
                                            }
                                        }
                                    }
                                } else if printed != nil {
                                    tally.notRead += 1
                                    if verbose {
                                        print(
                                            "  \(label)not read \(family) \(tier.rawValue) \(layoutName) seed \(frameSeed) "
                                                + "\(cell.field.rawValue): printed '\(printed ?? "")'"
                                                + (reading?.declined[cell.field].map { ", declined \($0)" }
                                                    ?? ", no line found"))
                                    }
                                }
                                tallies[r][cell.field] = tally
                            }
                        }
                        progress.update(i + 1, label: "\(family) \(tier.rawValue) \(layoutName)")
                    }
                    progress.finish()
                    for (r, (mode, _)) in readers.enumerated() {
                        let title = readers.count > 1 ? "\(layoutName), reading \(mode)" : layoutName
                        print(
                            Self.report(family: family, tier: tier, layout: title, tallies: tallies[r], cpu: cpu[r]))
                        print(
                            String(
                                format: "of which Tesseract: mean %.0f ms per side, %.1f lines read per side",
                                ocrCPU[r] / Double(max(1, cpu[r].count)) * 1000,
                                Double(ocrCalls[r]) / Double(max(1, cpu[r].count))))
                        if chooseLayout { print("printed layout chosen on \(chosenRight[r]) of \(cpu[r].count) sides") }
                        if scanner != nil, kind == .td3 || kind == .td2 {
                            print(
                                "MRZ read (check digits passing) on \(mrzSides) of \(cpu[r].count) sides; names changed by it: \(namesChangedByMRZ[r])"
                            )
                        }
                        if verbose {
                            for (kind, spent) in recognizer.perKind.sorted(by: { $0.key < $1.key }) {
                                print(
                                    "  Tesseract so far, \(kind) lines: \(spent.calls) calls, "
                                        + String(
                                            format: "%.1f ms each", spent.seconds / Double(max(1, spent.calls)) * 1000))
                            }
                            for field in byCandidate[r].keys.sorted() {
                                let counts = (byCandidate[r][field] ?? [:]).sorted { $0.key < $1.key }.map {
                                    "candidate \($0.key): \($0.value.exact) exact, \($0.value.wrong) wrong"
                                }
                                print("  \(field.rawValue) values by candidate: " + counts.joined(separator: "; "))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The symbols of the reads whose text is `raw` (`--verbose`): each with its confidence and the
    /// alternatives the recogniser weighed, and the gaps between word boxes; with `boxes`, each
    /// symbol's columns on the line image.
    static func printSymbols(of raw: String, in reads: [VizRecognizedText], boxes: Bool = false) {
        for read in reads where read.text == raw {
            var parts: [String] = []
            var last: PixelRect?
            for word in read.words {
                if let last { parts.append("[gap \(word.box.x - last.x - last.width)]") }
                last = word.box
                for symbol in word.symbols {
                    let others = symbol.alternatives.filter { $0.text != symbol.text }.prefix(3)
                        .map { "\($0.text)\(Int($0.confidence * 100))" }
                    parts.append(
                        "\(symbol.text)\(Int(symbol.confidence * 100))"
                            + (boxes ? "[\(symbol.box.x)+\(symbol.box.width)]" : "")
                            + (others.isEmpty ? "" : "(" + others.joined(separator: ",") + ")"))
                }
            }
            print("      symbols (h \(read.words.first?.box.height ?? 0)): " + parts.joined(separator: " "))
        }
    }

    /// `--candidates`: `raw:r,stretched:r,raw:u` and the like.
    static func parseCandidates(_ text: String) throws -> [VizReadingCandidate] {
        try text.split(separator: ",").map { item in
            let parts = item.split(separator: ":").map(String.init)
            guard parts.count == 2, parts[1] == "r" || parts[1] == "u" else {
                throw ValidationError("Bad candidate \(item); use PREPARATION:r or PREPARATION:u.")
            }
            let preparation: VizReadingCandidate.Preparation
            switch parts[0] {
            case "raw": preparation = .asRectified
            case "stretched": preparation = .stretched
            case let name where name.hasPrefix("inkcut"):
                guard let share = Double(name.dropFirst(6)), share > 0, share < 1 else {
                    throw ValidationError("Bad preparation \(name); use inkcutSHARE, SHARE in 0...1.")
                }
                preparation = .inkCut(share)
            default: throw ValidationError("Unknown preparation \(parts[0]); use raw, stretched or inkcutSHARE.")
            }
            return VizReadingCandidate(preparation, restrictsCharacters: parts[1] == "r")
        }
    }

    /// Whether a reported value equals what was printed.
    static func matches(_ value: VizReading.FieldValue, printed: String?, date: SyntheticIdentity.CalendarDate?) -> Bool
    {
        if let date {
            guard let read = value.date else { return false }
            return read.day == date.day && read.month == date.month && read.year == date.year
        }
        guard let printed else { return false }
        switch value.field.kind {
        case .code: return value.value == printed.uppercased().filter { !$0.isWhitespace }
        default: return value.value == VizReader.collapseSpaces(printed.uppercased())
        }
    }

    static func folded(_ text: String) -> String {
        text.uppercased().replacingOccurrences(of: "ß", with: "SS")
            .folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    static func report(
        family: String, tier: SceneTier, layout: String, tallies: [VizField: Tally], cpu: [Double]
    ) -> String {
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func rate(_ part: Int, _ total: Int) -> String {
            total == 0 ? "-" : String(format: "%.3f", Double(part) / Double(total))
        }
        var lines = [
            "\n\(family) \(tier.rawValue) \(layout):",
            pad("field", 18) + pad("exact", 8) + pad("wrong", 8) + pad("(accents)", 10) + pad("not read", 10)
                + "n",
        ]
        var sum = Tally()
        for field in tallies.keys.sorted() {
            let t = tallies[field]!
            sum.exact += t.exact; sum.wrong += t.wrong; sum.notRead += t.notRead; sum.accentsOnly += t.accentsOnly
            lines.append(
                pad(field.rawValue, 18) + pad(rate(t.exact, t.total), 8) + pad(rate(t.wrong, t.total), 8)
                    + pad(rate(t.accentsOnly, t.total), 10) + pad(rate(t.notRead, t.total), 10) + "\(t.total)")
        }
        var targets = Tally()
        for field in VizField.allCases where field.kind == .name || field.kind == .code || field.kind == .date {
            guard field != .placeOfBirth, let t = tallies[field] else { continue }
            targets.exact += t.exact; targets.wrong += t.wrong; targets.notRead += t.notRead
            targets.accentsOnly += t.accentsOnly
        }
        lines.append(
            pad("names+no.+dates", 18) + pad(rate(targets.exact, targets.total), 8)
                + pad(rate(targets.wrong, targets.total), 8) + pad(rate(targets.accentsOnly, targets.total), 10)
                + pad(rate(targets.notRead, targets.total), 10) + "\(targets.total)")
        lines.append(
            pad("all fields", 18) + pad(rate(sum.exact, sum.total), 8) + pad(rate(sum.wrong, sum.total), 8)
                + pad(rate(sum.accentsOnly, sum.total), 10) + pad(rate(sum.notRead, sum.total), 10)
                + "\(sum.total)")
        let sorted = cpu.sorted()
        if !sorted.isEmpty {
            let mean = sorted.reduce(0, +) / Double(sorted.count)
            let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
            lines.append(
                String(
                    format: "CPU per side: mean %.0f ms, p90 %.0f ms (rectify + lines + OCR)", mean * 1000, p90 * 1000))
        }
        return lines.joined(separator: "\n")
    }
}

/// A recogniser that adds up the CPU time of the one it wraps (the OCR share of a VIZ read).
final class TimedVizRecognizer: VizTextRecognizer {
    private let wrapped: any VizTextRecognizer
    private let total = Locked((seconds: 0.0, calls: 0))
    private let byModel = Locked([String: (seconds: Double, calls: Int)]())
    private let reads = Locked([VizRecognizedText]())

    init(_ wrapped: any VizTextRecognizer) {
        self.wrapped = wrapped
    }

    /// The reads since the last ``forgetReads()`` (for `--verbose`: the symbols of a failed field).
    var recentReads: [VizRecognizedText] { reads.withLock { $0 } }

    /// Forgets the reads kept for ``recentReads``.
    func forgetReads() { reads.withLock { $0.removeAll() } }

    /// CPU seconds spent in the wrapped recogniser so far.
    var seconds: Double { total.withLock { $0.seconds } }
    /// Lines read so far (one recogniser call each).
    var calls: Int { total.withLock { $0.calls } }
    /// CPU seconds and calls so far per kind of line: read with the plain or the Latin model, short or not.
    var perKind: [String: (seconds: Double, calls: Int)] { byModel.withLock { $0 } }

    func readLine(
        _ image: GrayImage, languages: [String], characters: String?
    ) throws(VizRecognitionError) -> VizRecognizedText {
        let start = ThreadCPUTime.now()
        defer {
            let seconds = ThreadCPUTime.now() - start
            total.withLock {
                $0.seconds += seconds
                $0.calls += 1
            }
            let plain = characters.map { !$0.isEmpty && $0.allSatisfy(\.isASCII) } ?? false
            let short = Double(image.width) <= TesseractVizRecognizer.shortLineAspect * Double(image.height)
            let key = (plain ? "plain" : "latin") + (short ? " short" : "")
            byModel.withLock {
                $0[key, default: (0, 0)].seconds += seconds
                $0[key, default: (0, 0)].calls += 1
            }
        }
        let read = try wrapped.readLine(image, languages: languages, characters: characters)
        reads.withLock { $0.append(read) }
        return read
    }
}

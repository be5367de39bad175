import ArgumentParser
import CaptureCore
import DocumentClassification
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit eval-classify` (part of `make eval`): the document classifier on generated frames of
/// every class, with a confusion matrix per tier.
struct EvalClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval-classify",
        abstract: "Measure the document classifier on generated frames: confusion matrix and accuracy per tier.",
        discussion: """
            For each tier, --count frames of every class are generated (seeded, so every run sees the same \
            frames): passports (TD3), ID card backs (TD1) and data pages (TD2) of issuers other than Brazil, \
            visas (MRV-A/B), fictitious RG and CNH fronts and backs (half of the RG backs are CIN backs with a \
            BRA TD1 MRZ), foreign ID-1 fronts without an MRZ (the only right answer is unknown) and frames \
            without any document (notFound). Rows are the truth, columns the classifier's answer.
            """)

    @Option(help: "Tiers (clean, phone, hard), comma-separated.")
    var tiers = "clean,phone,hard"

    @Option(help: "Frames per class and tier.")
    var count = 10

    @Option(help: "Size of generated frames, WIDTHxHEIGHT.")
    var size = "1280x720"

    @Option(help: "First seed.")
    var seed: UInt64 = 7

    @Option(help: "Truth classes to generate (default: all), comma-separated, e.g. rg/front,notFound.")
    var classes: String?

    @Flag(help: "Print one line per frame (truth, answer, confidence, CPU).")
    var verbose = false

    /// The truth classes, in matrix order.
    static let rows = [
        "passport/front", "idCard/back", "idCard/front", "visa/front", "rg/front", "rg/back", "cnh/front",
        "cnh/back", "unknown", "notFound",
    ]
    /// The answers, in matrix order (every row label, plus the sides the classifier could give wrongly).
    static let columns = rows + ["passport/back", "visa/back", "idCard/?", "rg/?", "cnh/?"]

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
        for name in selectedRows where !Self.rows.contains(name) {
            throw ValidationError("Unknown class \(name); use \(Self.rows.joined(separator: ", ")).")
        }
    }

    /// The truth classes this run generates.
    var selectedRows: [String] {
        classes.map { $0.split(separator: ",").map(String.init) } ?? Self.rows
    }

    func run() async throws {
        let dims = size.split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2 else { throw ValidationError("Bad --size \(size); expected WIDTHxHEIGHT.") }
        let classifier: DocumentClassifier
        do {
            classifier = try DocumentClassifier(today: { MRZDate(year: 2026, month: 11, day: 22) })
        } catch {
            throw CommandFailure(error.description)
        }
        print("Document classifier on generated frames (\(count) per class and tier, \(size), seeds from \(seed)):")
        var overall = (correct: 0, total: 0)
        for name in tiers.split(separator: ",") {
            guard let tier = TierArgument(rawValue: String(name))?.tier else {
                throw ValidationError("Unknown tier \(name); use clean, phone or hard.")
            }
            var matrix: [String: [String: Int]] = [:]
            var cpu = 0.0
            let progress = ProgressBar(total: count * selectedRows.count)
            var done = 0
            for row in selectedRows {
                for i in 0..<count {
                    let frameSeed = seed &+ UInt64(i) &* 7919 &+ UInt64(Self.rows.firstIndex(of: row) ?? 0) &* 104_729
                    let image = try frame(row, tier: tier, width: dims[0], height: dims[1], seed: frameSeed)
                    let start = ThreadCPUTime.now()
                    let answer = try classifier.classify(image)
                    let elapsed = ThreadCPUTime.now() - start
                    cpu += elapsed
                    let label = Self.label(answer)
                    matrix[row, default: [:]][label, default: 0] += 1
                    if verbose {
                        print(
                            String(
                                format: "%@ seed %llu truth %@ answer %@ confidence %.2f cpu %.0f ms",
                                tier.rawValue, frameSeed, row, label, answer.confidence, elapsed * 1000))
                    }
                    done += 1
                    progress.update(done, label: tier.rawValue)
                }
            }
            progress.finish()
            let correct = selectedRows.reduce(0) { $0 + (matrix[$1]?[$1] ?? 0) }
            let total = count * selectedRows.count
            overall.correct += correct
            overall.total += total
            print(
                "\n\(tier.rawValue): accuracy \(String(format: "%.3f", Double(correct) / Double(total))) "
                    + "(\(correct)/\(total)), mean CPU \(String(format: "%.0f", cpu / Double(total) * 1000)) ms per frame"
            )
            print(Self.table(matrix))
        }
        let accuracy = Double(overall.correct) / Double(max(1, overall.total))
        print(String(format: "all tiers: accuracy %.3f (%d/%d)", accuracy, overall.correct, overall.total))
    }

    /// A frame of truth class `row`.
    private func frame(_ row: String, tier: SceneTier, width: Int, height: Int, seed: UInt64) throws -> RGBAImage {
        func icao(_ kinds: [DocumentLayout.Kind]) throws -> RGBAImage {
            let composer = try SceneComposer(tier: tier, frameWidth: width, frameHeight: height, kinds: kinds)
            // Brazil's ID-1 card with an MRZ is the CIN (an RG): foreign documents are drawn from other issuers.
            var s = seed
            while true {
                let scene = try composer.compose(seed: s)
                if scene.document.identity.issuingState != "BRA" { return scene.image }
                s &+= 1_000_003
            }
        }
        func brazilian(_ side: BrazilianDocumentSide) throws -> RGBAImage {
            let composer = try SceneComposer(tier: tier, frameWidth: width, frameHeight: height)
            return try BrazilianSceneGenerator(composer: composer).scene(side, seed: seed).scene.image
        }
        switch row {
        case "passport/front": return try icao([.td3])
        case "idCard/back": return try icao([.td1Back])
        case "idCard/front": return try icao([.td2])
        case "visa/front": return try icao([.mrvA, .mrvB])
        case "rg/front": return try brazilian(.rgFront)
        case "rg/back": return try brazilian(.rgBack)
        case "cnh/front": return try brazilian(.cnhFront)
        case "cnh/back": return try brazilian(.cnhBack)
        case "unknown": return try icao([.td1Front])
        default: return try EmptySceneComposer(tier: tier, frameWidth: width, frameHeight: height).compose(seed: seed)
        }
    }

    /// The matrix label of an answer.
    static func label(_ answer: DocumentClassification) -> String {
        switch answer.kind {
        case .unknown, .notFound: return answer.kind.rawValue
        default: return answer.kind.rawValue + "/" + (answer.side?.rawValue ?? "?")
        }
    }

    /// The matrix as text: rows truth, columns answers (columns nobody chose are left out).
    static func table(_ matrix: [String: [String: Int]]) -> String {
        let used = columns.filter { column in
            rows.contains(column) || rows.contains { (matrix[$0]?[column] ?? 0) > 0 }
        }
        let width = max(8, used.map(\.count).max() ?? 8) + 1
        func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        var lines = [pad("truth \\ answer", 16) + used.map { pad($0, width) }.joined()]
        for row in rows {
            lines.append(pad(row, 16) + used.map { pad(String(matrix[row]?[$0] ?? 0), width) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}

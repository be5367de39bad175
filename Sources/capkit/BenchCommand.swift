import ArgumentParser
import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit bench` (what `make bench` runs): CPU time per frame of the document engine at 1280x720
/// and 1920x1080, stage by stage, and the same frames read by a peer (PassportEye) for a ratio.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "CPU time per frame of the document engine, with PassportEye on the same frames as the peer.",
        discussion: """
            Frames are generated (phone-like tier, fixed seeds), decoded once, then analysed one at a time \
            on one thread; times are that thread's CPU time. "outline + quality" is locating the document \
            (anchored by the MRZ) and measuring placement, tilt, glare and blur; "full" adds finding and \
            reading the MRZ and converting RGBA to gray. With --peer, scripts/passporteye_peer.py reads the \
            same frames (written to a temporary folder) and its CPU per frame is reported as a ratio.
            """)

    @Option(help: "Frames per size.")
    var frames = 20

    @Option(help: "Frame sizes, comma-separated.")
    var sizes = "1280x720,1920x1080"

    @Option(help: "First seed.")
    var seed: UInt64 = 900

    @Option(help: "Peer script (PassportEye); empty for none.")
    var peer = "scripts/passporteye_peer.py"

    @Option(help: "MRZ recogniser weights (default: the bundled ones).")
    var weights: String?

    @Option(
        help:
            "Comma-separated document sides to draw frames from: td3, td1Back, td1Front, td2, mrvA, mrvB (default: the phone-like tier's mix)."
    )
    var kinds: String?

    @Option(help: "Analyse each frame this many times (steadier figures, and a longer run for a profiler).")
    var `repeat` = 1

    func validate() throws {
        guard frames > 0 else { throw ValidationError("--frames must be at least 1.") }
        guard `repeat` > 0 else { throw ValidationError("--repeat must be at least 1.") }
        _ = try DocumentLayout.Kind.list(kinds)
    }

    func run() async throws {
        let scanner = try CommandSupport.documentScanner(weightsPath: weights)
        let today = MRZDate(year: 2026, month: 11, day: 22)
        for size in sizes.split(separator: ",") {
            let dims = size.split(separator: "x").compactMap { Int($0) }
            guard dims.count == 2, dims[0] > 0, dims[1] > 0 else { throw ValidationError("Bad size \(size).") }
            let composer = try SceneComposer(
                tier: .phoneLike, frameWidth: dims[0], frameHeight: dims[1],
                kinds: DocumentLayout.Kind.list(kinds))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "capkit-bench-\(size)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var truthLines = ""
            let clock = StageClock()
            var grayTime = 0.0, exact = 0
            for i in 0..<frames {
                let name = String(format: "%06d.jpg", i)
                let scene = try composer.compose(seed: seed &+ UInt64(i), fileName: name)
                try scene.jpeg.write(to: folder.appendingPathComponent(name))
                truthLines += String(decoding: try JSONEncoder().encode(scene.truth), as: UTF8.self) + "\n"
                for pass in 0..<`repeat` {
                    let t0 = ThreadCPUTime.now()
                    let gray = scene.image.grayscale()
                    grayTime += ThreadCPUTime.now() - t0
                    let a = scanner.analyze(
                        gray, colour: scene.image,
                        roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
                        today: today, clock: clock)
                    if pass == 0, a.mrz?.correctedLines == scene.truth.mrz { exact += 1 }
                }
            }
            try Data(truthLines.utf8).write(to: folder.appendingPathComponent("truth.jsonl"))
            let t = clock.timings, n = Double(frames * `repeat`)
            let full = (t.total + grayTime) / n * 1000
            print(
                "\(size): \(frames) frames\(`repeat` > 1 ? " x \(`repeat`) passes" : ""), MRZ exact \(exact)/\(frames)")
            print(
                String(
                    format: "  gray %.2f  MRZ zones+read %.2f  outline %.2f  re-read %.2f  quality %.2f  ms CPU/frame",
                    grayTime / n * 1000, t.mrz / n * 1000, t.outline / n * 1000, t.reread / n * 1000,
                    t.quality / n * 1000))
            print(
                String(
                    format: "  outline + quality %.2f ms   full %.2f ms CPU/frame", (t.outline + t.quality) / n * 1000,
                    full))
            if !peer.isEmpty {
                guard let result = Self.runPeer(peer, folder: folder) else {
                    print("  peer: not available (pip install passporteye; apt-get install tesseract-ocr)")
                    continue
                }
                let ratio = result.cpu * 1000 / full
                print(
                    String(
                        format: "  PassportEye: %.1f ms CPU/frame, MRZ exact %d/%d  ->  CaptureKit uses %.0fx less CPU",
                        result.cpu * 1000, result.exact, result.frames, ratio))
            }
        }
    }

    /// Runs the peer on `folder`; nil when it cannot run.
    static func runPeer(_ script: String, folder: URL) -> (cpu: Double, exact: Int, frames: Int)? {
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, folder.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Report: Decodable { var frames: Int; var cpuSecondsPerFrame: Double; var exactMRZ: Int }
        guard process.terminationStatus == 0, let r = try? JSONDecoder().decode(Report.self, from: data) else {
            return nil
        }
        return (r.cpuSecondsPerFrame, r.exactMRZ, r.frames)
    }
}

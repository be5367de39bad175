import Foundation
import Testing

@testable import capkit_fuzz

/// The fuzz targets' committed inputs: every seed is accepted by its parser (a seed the parser
/// refuses would leave the fuzzer at the surface), and every input that once crashed a target
/// replays without crashing.
@Suite("Fuzz targets: seeds and regressions")
struct FuzzTargetTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    private static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("every committed seed is accepted by its parser", arguments: FuzzTarget.allCases)
    func seedsAreAccepted(target: FuzzTarget) throws {
        let seeds = Self.files(in: Self.fuzzFolder.appendingPathComponent("corpus/\(target.rawValue)"))
        #expect(!seeds.isEmpty, "no seeds for \(target.rawValue)")
        for seed in seeds {
            #expect(target.run(Array(try Data(contentsOf: seed))), "\(seed.lastPathComponent) refused")
        }
    }

    @Test("the committed seeds are the ones capkit-fuzz seeds writes", arguments: FuzzTarget.allCases)
    func seedsMatchTheirGenerator(target: FuzzTarget) throws {
        let folder = Self.fuzzFolder.appendingPathComponent("corpus/\(target.rawValue)")
        // ES256 signatures and sealed payloads are randomised (ECDSA, OAEP, GCM nonces): only their
        // acceptance is checked.
        guard target != .sealedPayload, target != .deviceToken else { return }
        for (name, bytes) in try FuzzSeeds.seeds(for: target) {
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent(name))) == bytes, "\(name) differs")
        }
    }

    @Test("a seed that is cut or corrupted is refused, not accepted", arguments: FuzzTarget.allCases)
    func damagedSeedsAreRefused(target: FuzzTarget) throws {
        // The lenient AAMVA parser reads what a cut payload still holds, by design (issue 22).
        guard target != .aamva else { return }
        for (_, bytes) in try FuzzSeeds.seeds(for: target) {
            #expect(!target.run(Array(bytes.prefix(bytes.count / 2))))
        }
    }

    @Test("every input that once crashed a target replays without crashing")
    func regressionsReplay() throws {
        for target in FuzzTarget.allCases {
            for input in Self.files(in: Self.fuzzFolder.appendingPathComponent("regressions/\(target.rawValue)")) {
                target.run(Array(try Data(contentsOf: input)))
            }
        }
    }
}

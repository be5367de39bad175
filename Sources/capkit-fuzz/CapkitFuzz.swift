internal import CFuzzerDriver
import Foundation

/// `capkit-fuzz`: the fuzz targets of CaptureKit's parsers of untrusted input.
///
/// Built as usual it replays inputs (a crash found by the fuzzer, a corpus) through a target, and
/// writes the seed corpus. Built by `scripts/fuzz` (`make fuzz`) with `-DCAPTUREKIT_LIBFUZZER`,
/// AddressSanitizer and coverage instrumentation, and linked with libFuzzer, it fuzzes the target
/// named by `CAPKIT_FUZZ_TARGET`, passing its arguments to libFuzzer.
@main
enum CapkitFuzz {
    static let usage = """
        usage: capkit-fuzz list
               capkit-fuzz replay TARGET FILE_OR_DIRECTORY...
               capkit-fuzz seeds DIRECTORY
        Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).
        Fuzzing itself: make fuzz (scripts/fuzz), which builds this program with libFuzzer.
        """

    static func main() {
        #if CAPTUREKIT_LIBFUZZER
        runLibFuzzer()
        #else
        exit(runCommand(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    #if CAPTUREKIT_LIBFUZZER
    /// The target libFuzzer's callback runs (a C function pointer cannot capture it).
    nonisolated(unsafe) static var selected = FuzzTarget.mrz

    static func runLibFuzzer() -> Never {
        let name = ProcessInfo.processInfo.environment["CAPKIT_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("capkit-fuzz: set CAPKIT_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
            exit(2)
        }
        selected = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                CapkitFuzz.selected.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            })
    }
    #endif

    /// Runs a command; returns the exit code.
    static func runCommand(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "list":
            print(FuzzTarget.allCases.map(\.rawValue).joined(separator: "\n"))
            return 0
        case "replay":
            guard arguments.count >= 3, let target = FuzzTarget(rawValue: arguments[1]) else { return fail(usage) }
            var count = 0
            for path in arguments.dropFirst(2) {
                guard let files = inputFiles(at: path) else {
                    return fail("capkit-fuzz: no such file or directory: \(path)")
                }
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        return fail("capkit-fuzz: cannot read \(file)")
                    }
                    target.run(Array(data))
                    count += 1
                }
            }
            print("capkit-fuzz: \(target.rawValue): \(count) inputs replayed, none crashed")
            return 0
        case "seeds":
            guard arguments.count == 2 else { return fail(usage) }
            do {
                for target in FuzzTarget.allCases {
                    let folder = URL(fileURLWithPath: arguments[1]).appendingPathComponent(target.rawValue)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    for (name, bytes) in try FuzzSeeds.seeds(for: target) {
                        try Data(bytes).write(to: folder.appendingPathComponent(name))
                    }
                }
            } catch {
                return fail("capkit-fuzz: writing seeds failed: \(error)")
            }
            return 0
        case "-h", "--help", "help":
            print(usage)
            return 0
        default:
            return fail(usage)
        }
    }

    /// The regular files at `path`: itself, or those directly inside it (sorted); nil when absent.
    private static func inputFiles(at path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter {
            var nested: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &nested) && !nested.boolValue
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 2
    }
}

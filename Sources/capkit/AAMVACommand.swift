import ArgumentParser
import BlinkID
import DocumentEngine
import DocumentScanReport
import Foundation

/// `capkit aamva`: parses AAMVA payloads that were already decoded (by a hardware scanner, another
/// reader, or saved from `capkit scan --json`) and prints their fields and warnings.
struct AAMVACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aamva",
        abstract: "Parse raw AAMVA driver-licence payloads (files of the decoded PDF417 bytes).",
        discussion: """
            Each file holds one payload exactly as decoded (LF, RS and CR kept). The payload is read as \
            issuers write it: what departs from the standard is listed as warnings and what cannot be \
            typed is left out, the raw elements kept. With --strict, the first fault that is not a known \
            deviation is an error instead. The exit status is 1 when any file cannot be read or parsed. \
            Output names no values in errors or warnings; the fields themselves are personal data.
            """)

    @Argument(help: "Payload files.")
    var files: [String] = []

    @Flag(help: "Print one JSON object per file (the `barcode` object of `capkit scan --json`).")
    var json = false

    @Flag(help: "Refuse any fault that is not a known deviation from the standard.")
    var strict = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one payload file.") }
    }

    func run() throws {
        var failures = 0
        for path in files {
            let bytes: [UInt8]
            do {
                let url = URL(fileURLWithPath: path)
                let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                guard size <= AAMVAParser.maximumPayloadSize else {
                    throw AAMVAError.payloadTooLarge(byteCount: size, limit: AAMVAParser.maximumPayloadSize)
                }
                bytes = Array(try Data(contentsOf: url))
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("\(path): cannot be read: \(error)\n".utf8))
                continue
            }
            do {
                let record = try strict ? AAMVAParser.parseStrictly(bytes) : AAMVAParser.parse(bytes)
                let barcode = BarcodeResult(bytes: bytes, record: record)
                if json {
                    struct Line: Encodable { var input: String; var barcode: ScanReport.JSONLine.Barcode }
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    let data = try encoder.encode(Line(input: path, barcode: ScanReport.barcodeJSON(barcode)))
                    print(String(decoding: data, as: UTF8.self))
                } else {
                    print(
                        "\(path): AAMVA v\(record.version) \(record.documentType.rawValue), "
                            + "\(record.elements.count) elements, \(barcode.warnings.count) warnings")
                    for warning in barcode.warnings { print("  warning  \(warning.code): \(warning.message)") }
                }
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

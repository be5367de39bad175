import CaptureCore
import DocumentSynthesis
import Testing

@testable import DocumentEngine

/// AAMVA parsing of damaged and hostile payloads. The lenient parser reads what it can and says what
/// was off; the strict one refuses with a typed error. Neither crashes, hangs, or puts a value in a
/// field that the payload does not hold.
@Suite struct BarcodeAAMVAHostileTests {
    /// The error `parse` throws for `payload`, nil when it reads.
    private func error(
        _ payload: [UInt8], _ parse: ([UInt8]) throws(AAMVAError) -> AAMVARecord
    ) -> AAMVAError? {
        do {
            _ = try parse(payload)
            return nil
        } catch {
            return error
        }
    }

    /// The strict parser's error for `payload`, nil when it reads.
    private func strictError(_ payload: [UInt8]) -> AAMVAError? { error(payload, AAMVAParser.parseStrictly) }

    /// The lenient parser's error for `payload`, nil when it reads.
    private func lenientError(_ payload: [UInt8]) -> AAMVAError? { error(payload, AAMVAParser.parse) }

    @Test func everyTruncationOfAValidFileIsRefusedStrictlyAndReadLenientlyAsAPrefix() throws {
        // Given a generated file of each version, cut at every length
        for version in 1...10 {
            let generated = AAMVAPayloadGenerator().generate(seed: UInt64(100 + version), version: version)
            let full = try AAMVAParser.parse(generated.bytes)
            for length in 0..<generated.bytes.count {
                let cut = Array(generated.bytes.prefix(length))
                // Then the strict parser refuses it, or (when only trailing terminator bytes were
                // lost) reads exactly as the whole file did.
                if let record = try? AAMVAParser.parseStrictly(cut) {
                    #expect(
                        record.fields == full.fields, "version \(version) cut at \(length) of \(generated.bytes.count)")
                    #expect(record.elements == full.elements)
                    #expect(generated.bytes.count - length <= 1, "version \(version) cut at \(length) accepted")
                }
                // And the lenient parser's elements are the whole file's, in order, but for the last
                // one, which may be cut; a record read from a cut file carries a warning.
                if let record = try? AAMVAParser.parse(cut) {
                    let elements = record.elements
                    #expect(elements.count <= full.elements.count)
                    for (k, element) in elements.enumerated() {
                        if k < elements.count - 1 {
                            #expect(element == full.elements[k], "version \(version) cut at \(length)")
                        } else {
                            #expect(
                                full.elements[k].value.hasPrefix(element.value) && element.id == full.elements[k].id,
                                "v\(version) cut \(length)/\(generated.bytes.count): \(element.id) vs \(full.elements[k].id)"
                            )
                        }
                    }
                    if generated.bytes.count - length > 2 {
                        #expect(!record.warnings.isEmpty, "version \(version) cut at \(length) read without warning")
                    }
                }
            }
        }
    }

    @Test func emptyOversizedAndNonAAMVAPayloadsAreRefusedByBothParsers() {
        var payload = AAMVAFixture.textbook.bytes
        payload += [UInt8](repeating: UInt8(ascii: "A"), count: 64 * 1024)
        #expect(lenientError(payload) == .payloadTooLarge(byteCount: payload.count, limit: 64 * 1024))
        #expect(lenientError([]) == .empty)
        #expect(lenientError(Array("HELLO WORLD, A BOARDING PASS".utf8)) == .missingComplianceIndicator)
        #expect(!AAMVAParser.isAAMVAPayload(Array("HELLO WORLD".utf8)))
        // A header that parses but no DL/ID element anywhere.
        var fixture = AAMVAFixture.textbook
        fixture.subfiles = [("ZV", ["ZVA01"])]
        #expect(lenientError(fixture.bytes) == .noDocumentSubfile)
    }

    @Test func nonUTF8ValuesAreReadAsLatin1AndControlCharactersRemoved() throws {
        // Given the family name's value replaced by bytes that are not UTF-8 (same length, so the
        // directory holds)
        let latin1: [([UInt8], String)] = [
            ([0xC9, 0x4C, 0x49, 0x45], "ÉLIE"), ([0xFF], "ÿ"), ([0x4D, 0xFC, 0x4C], "MüL"),
        ]
        for (bad, expected) in latin1 {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles[0].lines[1] = "DCS" + String(repeating: "x", count: bad.count)
            var bytes = fixture.bytes
            let start = bytes.firstRange(of: Array("DCS".utf8))!.upperBound
            bytes.replaceSubrange(start..<(start + bad.count), with: bad)
            let record = try AAMVAParser.parse(bytes)
            #expect(record.fields.familyName?.value == expected)
            #expect(record.warnings == [.latin1Text(element: "DCS")])
            #expect(strictError(bytes) == .invalidText(element: "DCS"))
        }
        for bad: [UInt8] in [[0x41, 0x00, 0x42], [0x41, 0x1B, 0x42], [0x41, 0xC2, 0x85, 0x42]] {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles[0].lines[1] = "DCS" + String(repeating: "x", count: bad.count)
            var bytes = fixture.bytes
            let start = bytes.firstRange(of: Array("DCS".utf8))!.upperBound
            bytes.replaceSubrange(start..<(start + bad.count), with: bad)
            let record = try AAMVAParser.parse(bytes)
            #expect(record.fields.familyName?.value == "AB", "bytes \(bad)")
            #expect(record.warnings == [.controlCharactersRemoved(element: "DCS")])
        }
        // Valid UTF-8 beyond ASCII is text, without a warning.
        var accented = AAMVAFixture.textbook
        accented.subfiles[0].lines[1] = "DCSBÉLANGER"
        let record = try AAMVAParser.parse(accented.bytes)
        #expect(record.fields.familyName?.value == "BÉLANGER" && record.warnings.isEmpty)
    }

    @Test func headerGarbageIsRefusedStrictlyAndTheElementsReadWithoutTheHeader() throws {
        let good = AAMVAFixture.textbook.bytes
        let body = Array(good[41...])  // the DL and ZV subfiles after the 21-byte header and 2 designators
        let cases: [(String, AAMVAError)] = [
            ("ANSI 636000100002", .missingComplianceIndicator),
            ("@ANSI 636000100002", .invalidHeaderSeparators),
            ("@\n\u{1E}\rANSX 636000100002", .unknownFileType),
            ("@\n\u{1E}\rANSI 63A000100002", .invalidHeaderField(.issuerIdentificationNumber)),
            ("@\n\u{1E}\rANSI 636000-10002", .invalidHeaderField(.version)),
            ("@\n\u{1E}\rANSI 636000110002", .unsupportedVersion(11)),
            ("@\n\u{1E}\rANSI 636000000002", .unsupportedVersion(0)),
            ("@\n\u{1E}\rANSI 6360001000-2", .invalidHeaderField(.numberOfEntries)),
            ("@\n\u{1E}\rANSI 636000100000", .noSubfiles),
        ]
        let full = try AAMVAParser.parse(good)
        for (header, error) in cases {
            let bytes = Array(header.utf8) + Array(good[21..<41]) + body
            #expect(strictError(bytes) == error, "\(header)")
            let record = try AAMVAParser.parse(bytes)
            #expect(record.elements == full.elements, "\(header)")
            #expect(record.warnings.contains(.recovered(error)), "\(header)")
        }
        // A header cut short with nothing after it holds no element: refused by both.
        #expect(lenientError(Array(good.prefix(12))) == .truncatedHeader)
        #expect(strictError(Array(good.prefix(12))) == .truncatedHeader)
    }

    /// The length of the textbook DL subfile ("DL", the elements, CR).
    private let dlLength = 2 + AAMVAFixture.textbookLines.joined(separator: "\n").utf8.count + 1

    @Test func directoriesThatLieAreRefusedStrictlyAndReadLeniently() throws {
        let full = try AAMVAParser.parse(AAMVAFixture.textbook.bytes)
        // 99 entries declared, two present: the bytes after them are no designators.
        var bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(19..<21, with: Array("99".utf8))
        #expect(strictError(bytes) == .invalidDesignator(index: 2))
        #expect(try AAMVAParser.parse(bytes).elements == full.elements)
        // An offset written as "-041": the directory ends there, the DL subfile is found by scanning.
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(23..<27, with: Array("-041".utf8))
        #expect(strictError(bytes) == .invalidDesignator(index: 0))
        var record = try AAMVAParser.parse(bytes)
        #expect(record.elements == full.elements)
        #expect(record.warnings.contains(.documentSubfileFoundByScanning))
        // A length of 9999.
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(27..<31, with: Array("9999".utf8))
        #expect(strictError(bytes) == .subfileLengthMismatch(type: "DL", declared: 9999, found: dlLength))
        record = try AAMVAParser.parse(bytes)
        #expect(
            record.fields == full.fields
                && record.jurisdictionSubfiles.map(\.content) == full.jurisdictionSubfiles.map(\.content))
        // A lower-case subfile type.
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(21..<23, with: Array("dl".utf8))
        #expect(strictError(bytes) == .invalidDesignator(index: 0))
        #expect(try AAMVAParser.parse(bytes).fields == full.fields)
    }

    @Test func offsetsFarOffAreFoundAnywhereAfterTheDirectory() throws {
        let full = try AAMVAParser.parse(AAMVAFixture.textbook.bytes)
        var fixture = AAMVAFixture.textbook
        fixture.offsetError = 900
        var record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields == full.fields)
        #expect(record.deviations.contains(.subfileOffset))
        // The jurisdiction subfile pointing into the middle of the DL subfile, far from "ZV": it is
        // found where it really is.
        var bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(33..<37, with: Array("0100".utf8))
        record = try AAMVAParser.parse(bytes)
        #expect(
            record.fields == full.fields
                && record.jurisdictionSubfiles.map(\.content) == full.jurisdictionSubfiles.map(\.content))
    }

    @Test func lengthsFarOffAreRefusedStrictlyAndEachSubfileRunsToTheNext() throws {
        let full = try AAMVAParser.parse(AAMVAFixture.textbook.bytes)
        for error in [-40, 40] {
            var fixture = AAMVAFixture.textbook
            fixture.lengthError = error
            #expect(
                strictError(fixture.bytes)
                    == .subfileLengthMismatch(type: "DL", declared: dlLength + error, found: dlLength))
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields == full.fields && record.elements == full.elements)
            let codes = Set(record.warnings.map(\.code))
            #expect(
                codes.contains("subfileLengthMismatch")
                    && codes.isSubset(of: ["subfileLengthMismatch", "truncatedSubfile"]))
        }
    }

    @Test func structuralGarbageInsideSubfilesIsSkippedWithAWarning() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines.insert("xx", at: 3)
        #expect(strictError(fixture.bytes) == .malformedElement(subfileType: "DL", index: 3))
        var record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.elements.count == AAMVAFixture.textbookLines.count)
        // A repeated element keeps its first value: the second is never taken for the name.
        fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines.append("DCSOTHER")
        #expect(strictError(fixture.bytes) == .duplicateElement("DCS"))
        record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.familyName?.value == "SAMPLE")
        #expect(record.warnings == [.recovered(.duplicateElement("DCS"))])
        // Two DL designators: the second is skipped.
        fixture.subfiles = [("DL", ["DAQ1", "DCS2"]), ("DL", ["DAQ3"])]
        #expect(strictError(fixture.bytes) == .duplicateSubfile(type: "DL"))
        record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.customerID == "1")
        // An empty DL subfile holds nothing to read.
        fixture.subfiles = [("DL", [])]
        #expect(lenientError(fixture.bytes) != nil)
    }

    @Test func typedValuesThatDoNotParseLeaveTheirFieldEmptyWithoutTheirContent() throws {
        let cases: [(String, String)] = [
            ("DBB13451986", "DBB"), ("DBB0606198", "DBB"), ("DBB02301990", "DBB"), ("DBC7", "DBC"),
            ("DAYPURPLE", "DAY"),
            ("DAU 68 ft", "DAU"), ("DAU999 in", "DAU"), ("DDEX", "DDE"), ("DCGMEX", "DCG"), ("DDD2", "DDD"),
            ("DAW-12", "DAW"), ("DCE12", "DCE"), ("DDAQ", "DDA"),
        ]
        for (line, id) in cases {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles = [("DL", ["DAQSECRET123", line])]
            let e = strictError(fixture.bytes)
            guard case let .invalidValue(element, _) = e else {
                Issue.record("\(line): \(String(describing: e))")
                continue
            }
            #expect(element == id)
            // Descriptions name the element, never values.
            #expect(!e!.description.contains("SECRET") && !e!.description.contains(String(line.dropFirst(3))))
            // Leniently: the raw element is kept, every typed field but the number stays empty.
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields.customerID == "SECRET123")
            var expected = AAMVAFields()
            expected.customerID = "SECRET123"
            #expect(record.fields == expected, "\(line)")
            #expect(record.elements.map(\.id) == ["DAQ", id])
            #expect(record.warnings.map(\.code) == ["invalidValue"] && record.warnings.first?.element == id)
            #expect(!record.warnings.description.contains(String(line.dropFirst(3))))
        }
    }

    @Test func deeplyRepeatedSeparatorsAndRandomBytesNeverCrash() {
        // Hundreds of separators between the elements of the DL subfile.
        var fixture = AAMVAFixture.textbook
        fixture.elementSeparator = [UInt8](repeating: 0x0A, count: 300)
        let record = try? AAMVAParser.parse(fixture.bytes)
        #expect(record?.elements.count == AAMVAFixture.textbookLines.count)
        // 60 KiB of separators after a valid header.
        let flood = Array(AAMVAFixture.textbook.bytes.prefix(41)) + [UInt8](repeating: 0x0A, count: 60_000)
        #expect(lenientError(flood) != nil)
        // Seeded random mutations of a valid file: errors or records, never crashes.
        var random = SplitMix64(seed: 9)
        let base = AAMVAPayloadGenerator().generate(seed: 5, version: 9).bytes
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? AAMVAParser.parse(bytes)
        }
    }

    @Test func errorDescriptionsSayWhatToDoWithoutPersonalData() {
        let errors: [AAMVAError] = [
            .empty, .truncatedHeader, .subfileNotFound(type: "DL", declaredOffset: 41),
            .invalidValue(element: "DBB", expected: "a date"), .truncatedSubfile(type: "DL", missingBytes: 3),
        ]
        for e in errors {
            #expect(e.description.hasPrefix("The barcode is not a valid AAMVA"))
        }
    }
}

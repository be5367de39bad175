import CaptureCore
import DocumentSynthesis
import Testing

@testable import DocumentEngine

/// AAMVA parsing of damaged and hostile payloads: every one is a typed error, never a crash, a hang
/// or a record with wrong content.
@Suite struct BarcodeAAMVAHostileTests {
    private func error(_ payload: [UInt8]) -> AAMVAError? {
        do {
            _ = try AAMVAParser.parse(payload)
            return nil
        } catch {
            return error
        }
    }

    @Test func everyTruncationOfAValidFileIsRejectedOrReadsIdentically() throws {
        // Given a generated file of each version, cut at every length
        for version in 1...10 {
            let generated = AAMVAPayloadGenerator().generate(seed: UInt64(100 + version), version: version)
            let full = try AAMVAParser.parse(generated.bytes)
            for length in 0..<generated.bytes.count {
                let cut = Array(generated.bytes.prefix(length))
                // Then a cut file either fails with a typed error, or (when only trailing terminator
                // bytes were lost) reads exactly as the whole file did.
                if let record = try? AAMVAParser.parse(cut) {
                    #expect(
                        record.fields == full.fields, "version \(version) cut at \(length) of \(generated.bytes.count)")
                    #expect(record.elements == full.elements)
                    #expect(generated.bytes.count - length <= 1, "version \(version) cut at \(length) accepted")
                }
            }
        }
    }

    @Test func payloadsOver64KiBAreRejectedBeforeParsing() {
        var payload = AAMVAFixture.textbook.bytes
        payload += [UInt8](repeating: UInt8(ascii: "A"), count: 64 * 1024)
        #expect(error(payload) == .payloadTooLarge(byteCount: payload.count, limit: 64 * 1024))
        #expect(error([]) == .empty)
    }

    @Test func nonUTF8AndControlCharactersInValuesAreRejected() {
        for bad: [UInt8] in [[0xC3, 0x28], [0xFF], [0xE9], [0x41, 0x00, 0x42], [0x41, 0x1B, 0x42], [0xC2, 0x85]] {
            // Given the family name's value replaced by the bad bytes (same length, so the directory holds)
            var fixture = AAMVAFixture.textbook
            fixture.subfiles[0].lines[1] = "DCS" + String(repeating: "x", count: bad.count)
            var bytes = fixture.bytes
            let start = bytes.firstRange(of: Array("DCS".utf8))!.upperBound
            bytes.replaceSubrange(start..<(start + bad.count), with: bad)
            #expect(error(bytes) == .invalidText(element: "DCS"), "bytes \(bad)")
        }
        // Valid UTF-8 beyond ASCII is text and is accepted.
        var accented = AAMVAFixture.textbook
        accented.subfiles[0].lines[1] = "DCSBÉLANGER"
        #expect(error(accented.bytes) == nil)
    }

    @Test func headerGarbageGetsTheMatchingError() {
        let good = AAMVAFixture.textbook.bytes
        #expect(error(Array("ANSI 636000100002".utf8)) == .missingComplianceIndicator)
        #expect(error(Array("@ANSI 636000100002".utf8)) == .invalidHeaderSeparators)
        #expect(error(Array("@\n\u{1E}\rANSX 636000100002".utf8)) == .unknownFileType)
        #expect(error(Array(good.prefix(12))) == .truncatedHeader)
        #expect(error(Array("@\n\u{1E}\rANSI 63A000100002".utf8)) == .invalidHeaderField(.issuerIdentificationNumber))
        #expect(error(Array("@\n\u{1E}\rANSI 636000-10002".utf8)) == .invalidHeaderField(.version))
        #expect(error(Array("@\n\u{1E}\rANSI 636000110002".utf8)) == .unsupportedVersion(11))
        #expect(error(Array("@\n\u{1E}\rANSI 636000000002".utf8)) == .unsupportedVersion(0))
        #expect(error(Array("@\n\u{1E}\rANSI 6360001000-2".utf8)) == .invalidHeaderField(.numberOfEntries))
        #expect(error(Array("@\n\u{1E}\rANSI 636000100000".utf8)) == .noSubfiles)
    }

    /// The length of the textbook DL subfile ("DL", the elements, CR).
    private let dlLength = 2 + AAMVAFixture.textbookLines.joined(separator: "\n").utf8.count + 1

    @Test func hugeDeclaredCountsAndNegativeLookingNumbersAreRejected() {
        // 99 entries declared, two present.
        var bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(19..<21, with: Array("99".utf8))
        #expect(error(bytes) == .truncatedDirectory(declaredEntries: 99))
        // An offset written as "-041".
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(23..<27, with: Array("-041".utf8))
        #expect(error(bytes) == .invalidDesignator(index: 0))
        // A length of 9999.
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(27..<31, with: Array("9999".utf8))
        #expect(error(bytes) == .subfileLengthMismatch(type: "DL", declared: 9999, found: dlLength))
        // A lower-case subfile type.
        bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(21..<23, with: Array("dl".utf8))
        #expect(error(bytes) == .invalidDesignator(index: 0))
    }

    @Test func offsetsThatCannotBeReconciledAreRejected() {
        var fixture = AAMVAFixture.textbook
        fixture.offsetError = 900
        #expect(error(fixture.bytes) == .subfileNotFound(type: "DL", declaredOffset: 941))
        // The jurisdiction subfile pointing into the middle of the DL subfile, far from any "ZV".
        var bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(33..<37, with: Array("0100".utf8))
        #expect(error(bytes) == .subfileNotFound(type: "ZV", declaredOffset: 100))
    }

    @Test func lengthsThatCannotBeReconciledAreRejected() {
        var fixture = AAMVAFixture.textbook
        fixture.lengthError = -40
        #expect(error(fixture.bytes) == .subfileLengthMismatch(type: "DL", declared: dlLength - 40, found: dlLength))
        fixture.lengthError = 40
        #expect(error(fixture.bytes) == .subfileLengthMismatch(type: "DL", declared: dlLength + 40, found: dlLength))
    }

    @Test func structuralGarbageInsideSubfilesIsRejected() {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines.insert("xx", at: 3)
        #expect(error(fixture.bytes) == .malformedElement(subfileType: "DL", index: 3))
        fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines.append("DCSOTHER")
        #expect(error(fixture.bytes) == .duplicateElement("DCS"))
        fixture = AAMVAFixture.textbook
        fixture.subfiles = [("ZV", ["ZVA01"])]
        #expect(error(fixture.bytes) == .noDocumentSubfile)
        fixture.subfiles = [("DL", ["DAQ1", "DCS2"]), ("DL", ["DAQ3"])]
        #expect(error(fixture.bytes) == .duplicateSubfile(type: "DL"))
        fixture.subfiles = [("DL", [])]
        #expect(error(fixture.bytes) != nil)
    }

    @Test func typedValuesThatDoNotParseAreRejectedWithoutTheirContent() {
        let cases: [(String, String)] = [
            ("DBB13451986", "DBB"), ("DBB0606198", "DBB"), ("DBB02301990", "DBB"), ("DBC7", "DBC"),
            ("DAYPURPLE", "DAY"),
            ("DAU 68 ft", "DAU"), ("DAU999 in", "DAU"), ("DDEX", "DDE"), ("DCGMEX", "DCG"), ("DDD2", "DDD"),
            ("DAW-12", "DAW"), ("DCE12", "DCE"), ("DDAQ", "DDA"),
        ]
        for (line, id) in cases {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles = [("DL", ["DAQSECRET123", line])]
            let e = error(fixture.bytes)
            guard case let .invalidValue(element, _) = e else {
                Issue.record("\(line): \(String(describing: e))")
                continue
            }
            #expect(element == id)
            // Descriptions name the element, never values.
            #expect(!e!.description.contains("SECRET") && !e!.description.contains(String(line.dropFirst(3))))
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
        #expect(error(flood) != nil)
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

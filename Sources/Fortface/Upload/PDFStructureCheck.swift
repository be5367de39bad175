package import Foundation

/// A structural check of a PDF file: enough to tell a whole PDF from a truncated or damaged one
/// without rendering it. Checked, in order:
/// 1. the header `%PDF-1.0` … `%PDF-1.7` or `%PDF-2.0` at the start;
/// 2. `%%EOF` within the last 1,024 bytes (a truncated file loses it);
/// 3. the last `startxref` before it, followed by a decimal offset inside the file;
/// 4. at that offset, either a classic cross-reference table (`xref`, subsections of
///    `first count` and 20-byte entries) followed by a `trailer` dictionary naming `/Root`, or a
///    cross-reference stream object (`N G obj` with `/Type /XRef` and `/Root`);
/// 5. for a classic table, every in-use entry (up to 100,000) points inside the file at
///    `N G obj` with the entry's own object number.
/// Content streams, fonts and images are not decoded; the Fortface API does not need them.
package enum PDFStructureCheck {
    /// What is wrong with the file.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missingHeader
        case missingEndOfFile
        case missingStartXref
        case startXrefOutOfRange
        case malformedXrefTable
        case missingTrailerRoot
        case xrefEntryOutOfRange(object: Int)
        case xrefEntryNotAnObject(object: Int)

        package var description: String {
            switch self {
            case .missingHeader: return "no %PDF-1.x or %PDF-2.0 header"
            case .missingEndOfFile: return "no %%EOF marker at the end: the file is truncated"
            case .missingStartXref: return "no startxref offset before %%EOF"
            case .startXrefOutOfRange: return "startxref points outside the file"
            case .malformedXrefTable: return "the cross-reference table is malformed"
            case .missingTrailerRoot: return "the trailer names no /Root catalogue"
            case let .xrefEntryOutOfRange(n): return "object \(n) lies outside the file"
            case let .xrefEntryNotAnObject(n): return "object \(n) is not where the cross-reference table says"
            }
        }
    }

    static let maximumCheckedEntries = 100_000

    /// Throws the first structural problem found.
    package static func validate(_ data: Data) throws(Failure) {
        let bytes = [UInt8](data)
        try checkHeader(bytes)
        let tailStart = max(0, bytes.count - 1024)
        guard let eof = lastRange(of: "%%EOF", in: bytes, from: tailStart) else { throw .missingEndOfFile }
        guard let startxref = lastRange(of: "startxref", in: bytes, from: max(0, eof - 1024), before: eof) else {
            throw .missingStartXref
        }
        var cursor = skipWhitespace(bytes, startxref + 9)
        guard let offset = readInteger(bytes, &cursor) else { throw .missingStartXref }
        guard offset >= 0, offset < startxref else { throw .startXrefOutOfRange }
        if matches("xref", bytes, at: offset) {
            try checkXrefTable(bytes, at: offset + 4)
        } else {
            try checkXrefStream(bytes, at: offset)
        }
    }

    private static func checkHeader(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 8, matches("%PDF-", bytes, at: 0) else { throw .missingHeader }
        let version = String(decoding: bytes[5..<8], as: UTF8.self)
        guard ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "2.0"].contains(version) else {
            throw .missingHeader
        }
    }

    private static func checkXrefTable(_ bytes: [UInt8], at start: Int) throws(Failure) {
        var cursor = skipWhitespace(bytes, start)
        var checked = 0
        var sawSubsection = false
        while cursor < bytes.count, !matches("trailer", bytes, at: cursor) {
            guard let first = readInteger(bytes, &cursor) else { throw .malformedXrefTable }
            cursor = skipSpaces(bytes, cursor)
            guard let count = readInteger(bytes, &cursor), first >= 0, count >= 0 else { throw .malformedXrefTable }
            sawSubsection = true
            cursor = skipWhitespace(bytes, cursor)
            for index in 0..<count {
                // Each entry: 10-digit offset, space, 5-digit generation, space, n|f, 2-byte end of line.
                guard cursor + 20 <= bytes.count,
                    let entryOffset = Int(String(decoding: bytes[cursor..<cursor + 10], as: UTF8.self)),
                    bytes[cursor + 10] == 0x20, bytes[cursor + 16] == 0x20
                else { throw .malformedXrefTable }
                let kind = bytes[cursor + 17]
                guard kind == UInt8(ascii: "n") || kind == UInt8(ascii: "f") else { throw .malformedXrefTable }
                if kind == UInt8(ascii: "n"), checked < maximumCheckedEntries {
                    checked += 1
                    let object = first + index
                    guard entryOffset < bytes.count else { throw .xrefEntryOutOfRange(object: object) }
                    var at = entryOffset
                    guard readInteger(bytes, &at) == object else { throw .xrefEntryNotAnObject(object: object) }
                    at = skipSpaces(bytes, at)
                    guard readInteger(bytes, &at) != nil else { throw .xrefEntryNotAnObject(object: object) }
                    at = skipSpaces(bytes, at)
                    guard matches("obj", bytes, at: at) else { throw .xrefEntryNotAnObject(object: object) }
                }
                cursor += 20
            }
            cursor = skipWhitespace(bytes, cursor)
        }
        guard sawSubsection, cursor < bytes.count else { throw .malformedXrefTable }
        let dictionaryEnd = range(of: ">>", in: bytes, from: cursor) ?? bytes.count
        guard range(of: "/Root", in: bytes, from: cursor, before: dictionaryEnd) != nil else {
            throw .missingTrailerRoot
        }
    }

    private static func checkXrefStream(_ bytes: [UInt8], at start: Int) throws(Failure) {
        var cursor = start
        guard readInteger(bytes, &cursor) != nil else { throw .malformedXrefTable }
        cursor = skipSpaces(bytes, cursor)
        guard readInteger(bytes, &cursor) != nil else { throw .malformedXrefTable }
        cursor = skipSpaces(bytes, cursor)
        guard matches("obj", bytes, at: cursor) else { throw .malformedXrefTable }
        let end = range(of: "stream", in: bytes, from: cursor) ?? min(bytes.count, cursor + 4096)
        guard range(of: "/XRef", in: bytes, from: cursor, before: end) != nil else { throw .malformedXrefTable }
        guard range(of: "/Root", in: bytes, from: cursor, before: end) != nil else { throw .missingTrailerRoot }
    }

    // MARK: - Byte scanning

    private static func matches(_ word: String, _ bytes: [UInt8], at offset: Int) -> Bool {
        let w = Array(word.utf8)
        guard offset >= 0, offset + w.count <= bytes.count else { return false }
        return bytes[offset..<offset + w.count].elementsEqual(w)
    }

    private static func range(of word: String, in bytes: [UInt8], from: Int, before: Int? = nil) -> Int? {
        let w = Array(word.utf8)
        let limit = min(before ?? bytes.count, bytes.count) - w.count
        guard from <= limit else { return nil }
        for i in from...limit where bytes[i] == w[0] && matches(word, bytes, at: i) { return i }
        return nil
    }

    private static func lastRange(of word: String, in bytes: [UInt8], from: Int, before: Int? = nil) -> Int? {
        let w = Array(word.utf8)
        let limit = min(before ?? bytes.count, bytes.count) - w.count
        guard from <= limit else { return nil }
        for i in stride(from: limit, through: from, by: -1) where bytes[i] == w[0] && matches(word, bytes, at: i) {
            return i
        }
        return nil
    }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    private static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        return i
    }

    /// A non-negative decimal integer of at most 12 digits at `cursor`, which moves past it.
    private static func readInteger(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
        var value = 0
        var digits = 0
        while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, digits < 12 {
            value = value * 10 + Int(bytes[cursor] - 0x30)
            cursor += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

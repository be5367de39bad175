/// Parses the payload of an AAMVA DL/ID PDF417 barcode (AAMVA DL/ID Card Design Standard, annex D,
/// versions 01 to 10) into an ``AAMVARecord``.
///
/// Layout: the header ("@", data element separator LF, record separator RS, segment terminator CR,
/// file type "ANSI ", six-digit issuer identification number, two-digit AAMVA version, two-digit
/// jurisdiction version from version 02 on, two-digit number of entries), then one ten-byte
/// designator per subfile (type, four-digit offset, four-digit length), then the subfiles: each is
/// its type ("DL", "ID", "Z…") followed by data elements (three-letter identifier + value)
/// separated by LF, ended by CR.
///
/// **Tolerated** (each recorded as an ``AAMVADeviation``): header separators other than LF RS CR
/// (missing ones, FS for RS); the "AAMVA" file type; subfile offsets that are wrong by up to
/// ``offsetSearchWindow`` bytes (the subfile is looked for at a line start near the declared
/// offset); a DL/ID subfile without its type prefix; lengths off by up to ``lengthTolerance`` bytes;
/// CR or CR LF between elements; a missing final CR; older element names and value spellings.
///
/// **Rejected** (typed ``AAMVAError``, never a partial record): payloads over
/// ``maximumPayloadSize`` bytes (before any parsing); a header, directory or designator that is not
/// what it must be; subfiles that cannot be found, overlap, or whose lengths cannot be reconciled
/// with the bytes present (in particular a payload cut short); lines that are not elements;
/// duplicate elements; values that are not UTF-8 or contain control characters; typed values that
/// do not parse (see ``AAMVAFieldDecoder``). The work is linear in the payload size.
package enum AAMVAParser {
    /// Largest payload accepted: 64 KiB (one PDF417 symbol holds about 1.1 KB).
    package static let maximumPayloadSize = 64 * 1024
    /// How far from its declared offset a subfile is looked for.
    package static let offsetSearchWindow = 64
    /// How many bytes a declared subfile length may be off.
    package static let lengthTolerance = 8

    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let recordSeparator: UInt8 = 0x1E
    static let fileSeparator: UInt8 = 0x1C
    static let groupSeparator: UInt8 = 0x1D

    /// Parses `payload` (the barcode's raw bytes).
    package static func parse(_ payload: [UInt8]) throws(AAMVAError) -> AAMVARecord {
        guard !payload.isEmpty else { throw .empty }
        guard payload.count <= maximumPayloadSize else {
            throw .payloadTooLarge(byteCount: payload.count, limit: maximumPayloadSize)
        }
        var deviations = Set<AAMVADeviation>()
        let (header, directoryStart) = try parseHeader(payload, deviations: &deviations)
        let designators = try parseDirectory(payload, from: directoryStart, count: header.numberOfEntries)
        let directoryEnd = directoryStart + 10 * header.numberOfEntries
        let located = try locate(designators, in: payload, directoryEnd: directoryEnd, deviations: &deviations)
        var subfiles: [AAMVASubfile] = []
        for (index, subfile) in located.enumerated() {
            let nextStart = index + 1 < located.count ? located[index + 1].start : payload.count
            subfiles.append(try extract(subfile, nextStart: nextStart, payload: payload, deviations: &deviations))
        }
        guard let document = subfiles.first(where: { $0.type == "DL" || $0.type == "ID" }),
            let documentType = AAMVARecord.DocumentType(rawValue: document.type)
        else {
            throw .noDocumentSubfile
        }
        let decoded = try AAMVAFieldDecoder.decode(document.elements, header: header, deviations: &deviations)
        return AAMVARecord(
            header: header, documentType: documentType, fields: decoded.fields,
            dateOrder: decoded.dateOrder, subfiles: subfiles, deviations: deviations)
    }

    // MARK: - Header and directory

    static func parseHeader(
        _ p: [UInt8], deviations: inout Set<AAMVADeviation>
    ) throws(AAMVAError)
        -> (AAMVAHeader, directoryStart: Int)
    {
        guard p[0] == UInt8(ascii: "@") else { throw .missingComplianceIndicator }
        var i = 1
        while i < min(p.count, 5), isHeaderSeparator(p[i]) { i += 1 }
        guard i > 1 else { throw .invalidHeaderSeparators }
        if Array(p[1..<i]) != [lineFeed, recordSeparator, carriageReturn] { deviations.insert(.headerSeparators) }
        guard p.count >= i + 5 else { throw .truncatedHeader }
        guard let fileType = AAMVAHeader.FileType(rawValue: String(decoding: p[i..<(i + 5)], as: UTF8.self)) else {
            throw .unknownFileType
        }
        if fileType == .aamva { deviations.insert(.legacyFileType) }
        i += 5
        guard p.count >= i + 8 else { throw .truncatedHeader }
        guard digits(p, i, 6) != nil else { throw .invalidHeaderField(.issuerIdentificationNumber) }
        let iin = String(decoding: p[i..<(i + 6)], as: UTF8.self)
        guard let version = digits(p, i + 6, 2) else { throw .invalidHeaderField(.version) }
        guard (1...10).contains(version) else { throw .unsupportedVersion(version) }
        i += 8
        var jurisdictionVersion: Int?
        if version >= 2 {
            guard p.count >= i + 2 else { throw .truncatedHeader }
            guard let value = digits(p, i, 2) else { throw .invalidHeaderField(.jurisdictionVersion) }
            jurisdictionVersion = value
            i += 2
        }
        guard p.count >= i + 2 else { throw .truncatedHeader }
        guard let entries = digits(p, i, 2) else { throw .invalidHeaderField(.numberOfEntries) }
        guard entries >= 1 else { throw .noSubfiles }
        i += 2
        let header = AAMVAHeader(
            fileType: fileType, issuerIdentificationNumber: iin, version: version,
            jurisdictionVersion: jurisdictionVersion, numberOfEntries: entries)
        return (header, i)
    }

    /// One entry of the subfile directory.
    struct Designator {
        var type: String
        var offset: Int
        var length: Int
    }

    static func parseDirectory(_ p: [UInt8], from start: Int, count: Int) throws(AAMVAError) -> [Designator] {
        guard start + 10 * count <= p.count else { throw .truncatedDirectory(declaredEntries: count) }
        var designators: [Designator] = []
        var seen = Set<String>()
        for k in 0..<count {
            let at = start + 10 * k
            guard isUpper(p[at]), isUpper(p[at + 1]) || isDigit(p[at + 1]),
                let offset = digits(p, at + 2, 4), let length = digits(p, at + 6, 4)
            else {
                throw .invalidDesignator(index: k)
            }
            let type = String(decoding: p[at..<(at + 2)], as: UTF8.self)
            guard seen.insert(type).inserted else { throw .duplicateSubfile(type: type) }
            designators.append(Designator(type: type, offset: offset, length: length))
        }
        return designators
    }

    // MARK: - Locating subfiles

    /// A subfile found in the payload: where its type prefix (or, without one, its first element) starts.
    struct Located {
        var designator: Designator
        var start: Int
        var hasTypePrefix: Bool
    }

    static func locate(
        _ designators: [Designator], in p: [UInt8], directoryEnd: Int,
        deviations: inout Set<AAMVADeviation>
    ) throws(AAMVAError) -> [Located] {
        var located: [Located] = []
        let firstDeclared = designators.min { $0.offset < $1.offset }?.type
        for d in designators {
            if let start = findTypedStart(d, in: p, directoryEnd: directoryEnd) {
                if start != d.offset { deviations.insert(.subfileOffset) }
                located.append(Located(designator: d, start: start, hasTypePrefix: true))
                continue
            }
            // A document subfile written without its "DL"/"ID": its elements follow the directory.
            if isDocumentType(d.type), d.type == firstDeclared,
                let start = firstElementStart(in: p, from: directoryEnd, family: d.type),
                abs(start - d.offset) <= offsetSearchWindow
            {
                deviations.insert(.missingSubfileType)
                located.append(Located(designator: d, start: start, hasTypePrefix: false))
                continue
            }
            throw .subfileNotFound(type: d.type, declaredOffset: d.offset)
        }
        located.sort { $0.start < $1.start }
        for k in located.indices.dropFirst() where located[k].start < located[k - 1].start + 2 {
            throw .overlappingSubfiles(type: located[k - 1].designator.type, otherType: located[k].designator.type)
        }
        if let first = located.first, first.start > directoryEnd {
            let gap = p[directoryEnd..<first.start]
            let unexpected = gap.filter { !isSeparator($0) }.count
            guard unexpected == 0 else { throw .unexpectedBytesBeforeSubfiles(count: unexpected) }
        }
        return located
    }

    /// The position of `d`'s type prefix: at the declared offset, else the nearest line start within
    /// the search window where the type is followed by an element identifier.
    static func findTypedStart(_ d: Designator, in p: [UInt8], directoryEnd: Int) -> Int? {
        let type = Array(d.type.utf8)
        func matches(_ at: Int) -> Bool {
            guard at >= directoryEnd, at + 5 <= p.count, p[at] == type[0], p[at + 1] == type[1],
                isElementID(p, at + 2, family: d.type)
            else { return false }
            return at == directoryEnd || isSeparator(p[at - 1])
        }
        if matches(d.offset) { return d.offset }
        var best: Int?
        let low = max(directoryEnd, d.offset - offsetSearchWindow),
            high = min(p.count - 5, d.offset + offsetSearchWindow)
        guard low <= high else { return nil }
        for at in low...high where matches(at) {
            if best == nil || abs(at - d.offset) < abs(best! - d.offset) { best = at }
        }
        return best
    }

    /// The first element start at or after `from`, skipping separators.
    static func firstElementStart(in p: [UInt8], from: Int, family: String) -> Int? {
        var at = from
        while at < p.count, isSeparator(p[at]) { at += 1 }
        return at + 3 <= p.count && isElementID(p, at, family: family) ? at : nil
    }

    // MARK: - Extents and elements

    static func extract(
        _ s: Located, nextStart: Int, payload p: [UInt8], deviations: inout Set<AAMVADeviation>
    )
        throws(AAMVAError) -> AAMVASubfile
    {
        let type = s.designator.type
        let isLast = nextStart == p.count
        // Where the subfile really ends: before the next one, less trailing terminators and padding.
        var trimmedEnd = nextStart
        while trimmedEnd > s.start, isTrailingFiller(p[trimmedEnd - 1]) { trimmedEnd -= 1 }
        // A file written without its type prefix counts the prefix in the declared length anyway.
        let declaredEnd = s.start + s.designator.length - (s.hasTypePrefix ? 0 : 2)
        if isLast, declaredEnd > p.count {
            // Past the end: only a miscounted terminator is tolerated, never missing data.
            let overshoot = declaredEnd - p.count
            guard overshoot <= 2, p[p.count - 1] == carriageReturn || p[p.count - 1] == lineFeed else {
                throw .truncatedSubfile(type: type, missingBytes: overshoot)
            }
            deviations.insert(.subfileLength)
        } else if declaredEnd > nextStart + lengthTolerance || declaredEnd < trimmedEnd - lengthTolerance {
            throw .subfileLengthMismatch(type: type, declared: s.designator.length, found: nextStart - s.start)
        } else if declaredEnd != nextStart, declaredEnd != trimmedEnd + 1 {
            deviations.insert(.subfileLength)
        }
        if isLast, !p[trimmedEnd..<p.count].contains(carriageReturn) { deviations.insert(.missingSegmentTerminator) }
        let contentStart = min(s.start + (s.hasTypePrefix ? 2 : 0), trimmedEnd)
        let content = Array(p[contentStart..<trimmedEnd])
        let elements: [AAMVAElement]
        if isDocumentType(type) {
            elements = try tokenize(content, subfileType: type, deviations: &deviations)
            guard !elements.isEmpty else { throw .emptySubfile(type: type) }
        } else {
            // Jurisdiction subfiles are kept raw; their elements are read only when they are element text.
            var ignored = Set<AAMVADeviation>()
            elements = (try? tokenize(content, subfileType: type, deviations: &ignored)) ?? []
        }
        return AAMVASubfile(
            type: type, declaredOffset: s.designator.offset, declaredLength: s.designator.length,
            contentRange: contentStart..<trimmedEnd, content: content, elements: elements)
    }

    /// Splits subfile content into elements at LF, CR or CR LF.
    static func tokenize(
        _ content: [UInt8], subfileType: String, deviations: inout Set<AAMVADeviation>
    )
        throws(AAMVAError) -> [AAMVAElement]
    {
        var elements: [AAMVAElement] = []
        var seen = Set<String>()
        var lineStart = 0, index = 0
        var sawCarriageReturn = false
        for i in 0...content.count {
            let atEnd = i == content.count
            guard atEnd || content[i] == lineFeed || content[i] == carriageReturn else { continue }
            if !atEnd, content[i] == carriageReturn { sawCarriageReturn = true }
            defer { lineStart = i + 1 }
            guard i > lineStart else { continue }
            let line = content[lineStart..<i]
            if line.allSatisfy({ $0 == 0x20 }) { continue }
            guard line.count >= 3, isElementID(content, lineStart, family: subfileType) else {
                throw .malformedElement(subfileType: subfileType, index: index)
            }
            let id = String(decoding: line.prefix(3), as: UTF8.self)
            let valueBytes = line.dropFirst(3)
            guard let value = String(validating: valueBytes, as: UTF8.self),
                !value.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
            else { throw .invalidText(element: id) }
            guard seen.insert(id).inserted else { throw .duplicateElement(id) }
            elements.append(AAMVAElement(id: id, value: value))
            index += 1
        }
        if sawCarriageReturn { deviations.insert(.carriageReturnSeparators) }
        return elements
    }

    // MARK: - Bytes

    static func isDocumentType(_ type: String) -> Bool { type == "DL" || type == "ID" }
    static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isSeparator(_ b: UInt8) -> Bool {
        b == lineFeed || b == carriageReturn || b == recordSeparator || b == fileSeparator || b == groupSeparator
    }
    static func isHeaderSeparator(_ b: UInt8) -> Bool { isSeparator(b) }
    /// Bytes that may trail a subfile after its last element: terminators and NUL padding (spaces
    /// may be the last value's own padding, so they stay; a line of spaces alone is skipped).
    static func isTrailingFiller(_ b: UInt8) -> Bool { isSeparator(b) || b == 0x00 }

    /// Whether three bytes at `at` form an element identifier of a subfile of type `family`:
    /// DL/ID elements start with "D" (or "P", the permit elements of version 01); jurisdiction
    /// elements start with "Z"; all are two capitals and a capital or digit.
    static func isElementID(_ p: [UInt8], _ at: Int, family: String) -> Bool {
        guard at + 3 <= p.count, isUpper(p[at]), isUpper(p[at + 1]), isUpper(p[at + 2]) || isDigit(p[at + 2]) else {
            return false
        }
        if isDocumentType(family) { return p[at] == UInt8(ascii: "D") || p[at] == UInt8(ascii: "P") }
        return p[at] == family.utf8.first
    }

    /// `count` ASCII digits at `at` as a number; nil when any is not a digit.
    static func digits(_ p: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= p.count else { return nil }
        var n = 0
        for b in p[at..<(at + count)] {
            guard isDigit(b) else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }
}

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
/// **Lenient by design.** A PDF417 symbol whose error correction succeeded holds exactly what its
/// issuer wrote, and real issuers write wrong subfile offsets and lengths, CR LF separators, Latin-1
/// names, blank fields and element orders of every kind. So the parser never refuses a file that has
/// a DL/ID subfile: what departs from the standard is recorded as an ``AAMVADeviation``, and every
/// fault that a strict reading would refuse is recorded as an ``AAMVAWarning`` while everything that
/// can still be read is kept:
/// - an unreadable header: the elements are read without it (the version inferred from their names);
/// - an unreadable or short directory: the designators that could be read are used;
/// - a subfile not at or near its declared offset: it is looked for anywhere after the directory,
///   else skipped; a DL/ID subfile the directory does not lead to is found by its element identifiers;
/// - lengths that disagree with where subfiles really end: each subfile runs to the next one;
/// - lines that are not elements: skipped; a repeated element: the first kept; values that are not
///   UTF-8: read as Latin-1; control characters: removed;
/// - a typed value that does not parse (a date that is no date): the typed field stays empty, the
///   raw element is kept.
///
/// **Rejected** (typed ``AAMVAError``): empty payloads, payloads over ``maximumPayloadSize`` bytes
/// (before any parsing), payloads that are not AAMVA files at all (no "@" and no file type near the
/// start), and files with no DL/ID element anywhere. ``parseStrictly(_:)`` refuses every fault
/// instead, for callers that need a textbook file. The work is linear in the payload size.
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

    /// Parses `payload` (the barcode's raw bytes), keeping what can be read (see the type's notes).
    package static func parse(_ payload: [UInt8]) throws(AAMVAError) -> AAMVARecord {
        guard !payload.isEmpty else { throw .empty }
        guard payload.count <= maximumPayloadSize else {
            throw .payloadTooLarge(byteCount: payload.count, limit: maximumPayloadSize)
        }
        var notes = Notes()
        var header: AAMVAHeader?
        var headerError: AAMVAError?
        var directoryStart: Int
        do {
            (header, directoryStart) = try parseHeader(payload, deviations: &notes.deviations)
        } catch {
            guard let start = salvagedHeaderEnd(payload) else { throw error }
            notes.warn(.recovered(error))
            headerError = error
            directoryStart = start
        }
        var designators: [Designator] = []
        var directoryEnd = directoryStart
        if let header {
            (designators, directoryEnd) = parseDirectory(
                payload, from: directoryStart, count: header.numberOfEntries, notes: &notes)
        }
        var located = locate(designators, in: payload, directoryEnd: directoryEnd, notes: &notes)
        if !located.contains(where: { isDocumentType($0.designator.type) }) {
            guard let found = scanForDocumentSubfile(in: payload, from: directoryEnd, declared: designators) else {
                throw headerError ?? .noDocumentSubfile
            }
            notes.warn(.documentSubfileFoundByScanning)
            located.append(found)
            if !located.contains(where: { $0.designator.type.hasPrefix("Z") }),
                let jurisdiction = scanForJurisdictionSubfile(in: payload, after: found.start)
            {
                located.append(jurisdiction)
            }
            located.sort { $0.start < $1.start }
            located = dropOverlaps(located, notes: &notes)
        }
        var subfiles: [AAMVASubfile] = []
        for (index, subfile) in located.enumerated() {
            let nextStart = index + 1 < located.count ? located[index + 1].start : payload.count
            subfiles.append(extract(subfile, nextStart: nextStart, payload: payload, notes: &notes))
        }
        guard let document = subfiles.first(where: { isDocumentType($0.type) && !$0.elements.isEmpty }),
            let documentType = AAMVARecord.DocumentType(rawValue: document.type)
        else {
            throw headerError ?? .noDocumentSubfile
        }
        let version = header?.version ?? inferredVersion(document.elements)
        if header == nil { notes.warn(.versionInferred(version)) }
        let decoded = AAMVAFieldDecoder.decode(
            document.elements, version: version, deviations: &notes.deviations, warnings: &notes.warnings)
        return AAMVARecord(
            header: header, version: version, documentType: documentType, fields: decoded.fields,
            dateOrder: decoded.dateOrder, subfiles: subfiles, deviations: notes.deviations, warnings: notes.warnings)
    }

    /// Parses `payload` and refuses it at its first departure from the standard that is more than a
    /// known deviation (any ``AAMVAWarning`` other than ``AAMVAWarning/deviation(_:)``).
    package static func parseStrictly(_ payload: [UInt8]) throws(AAMVAError) -> AAMVARecord {
        let record = try parse(payload)
        for warning in record.warnings {
            switch warning {
            case .deviation: continue
            case let .recovered(error): throw error
            case let .latin1Text(element), let .controlCharactersRemoved(element): throw .invalidText(element: element)
            case .versionInferred: throw .invalidHeaderField(.version)
            case .documentSubfileFoundByScanning: throw .noDocumentSubfile
            case let .extraDesignators(count): throw .unexpectedBytesBeforeSubfiles(count: 10 * count)
            }
        }
        return record
    }

    /// Whether `payload` is meant as an AAMVA file: it starts with the compliance indicator "@", or
    /// holds the file type "ANSI " or "AAMVA" within its first 24 bytes (a header whose "@" was lost).
    package static func isAAMVAPayload(_ payload: [UInt8]) -> Bool {
        guard let first = payload.first else { return false }
        if first == UInt8(ascii: "@") { return true }
        let window = payload.prefix(24)
        return window.firstRange(of: Array("ANSI ".utf8)) != nil || window.firstRange(of: Array("AAMVA".utf8)) != nil
    }

    /// The deviations and warnings gathered while reading one file, each once, in the order found.
    struct Notes {
        var deviations = Set<AAMVADeviation>()
        var warnings: [AAMVAWarning] = []

        mutating func warn(_ warning: AAMVAWarning) {
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }

    /// Where the directory would start in a payload whose header does not parse, if the payload is an
    /// AAMVA file at all: just after the file type and the digits that follow it when "ANSI " or
    /// "AAMVA" stands near the start, else just after a leading "@" and its separators; nil otherwise.
    static func salvagedHeaderEnd(_ p: [UInt8]) -> Int? {
        for marker in ["ANSI ", "AAMVA"] {
            let m = Array(marker.utf8)
            let window = p.prefix(24)
            guard let range = window.firstRange(of: m) else { continue }
            var end = range.upperBound
            while end < p.count, end - range.upperBound < 12, isDigit(p[end]) { end += 1 }
            return end
        }
        guard p[0] == UInt8(ascii: "@") else { return nil }
        var end = 1
        while end < p.count, end < 5, isSeparator(p[end]) { end += 1 }
        return end
    }

    /// The AAMVA version a file without a readable header most likely has, from its element names:
    /// 01 for the version-01 names (DAA without DCS, DAR, DAB), 03 for DCT without DAC, else 08.
    static func inferredVersion(_ elements: [AAMVAElement]) -> Int {
        let ids = Set(elements.map(\.id))
        if !ids.contains("DCS"), ids.contains("DAA") || ids.contains("DAB") || ids.contains("DAR") { return 1 }
        if ids.contains("DCT"), !ids.contains("DAC") { return 3 }
        return 8
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

    /// The directory's designators, as many as can be read, and where the directory ends: a malformed
    /// designator ends it (what follows is not a directory), a repeated type is skipped, and a
    /// directory cut short keeps the designators before the cut.
    static func parseDirectory(
        _ p: [UInt8], from start: Int, count: Int, notes: inout Notes
    ) -> (designators: [Designator], end: Int) {
        var designators: [Designator] = []
        var seen = Set<String>()
        var end = start
        for k in 0..<count {
            let at = start + 10 * k
            guard at + 10 <= p.count else {
                notes.warn(.recovered(.truncatedDirectory(declaredEntries: count)))
                break
            }
            guard isUpper(p[at]), isUpper(p[at + 1]) || isDigit(p[at + 1]),
                let offset = digits(p, at + 2, 4), let length = digits(p, at + 6, 4)
            else {
                notes.warn(.recovered(.invalidDesignator(index: k)))
                break
            }
            let type = String(decoding: p[at..<(at + 2)], as: UTF8.self)
            end = at + 10
            guard seen.insert(type).inserted else {
                notes.warn(.recovered(.duplicateSubfile(type: type)))
                continue
            }
            designators.append(Designator(type: type, offset: offset, length: length))
        }
        // Designators beyond the declared count (a header that undercounts its subfiles): a
        // jurisdiction subfile's designator, type "Z" and a capital then eight digits, is taken too.
        var extra = 0
        while end + 10 <= p.count, p[end] == UInt8(ascii: "Z"),
            isUpper(p[end + 1]), let offset = digits(p, end + 2, 4), let length = digits(p, end + 6, 4)
        {
            let type = String(decoding: p[end..<(end + 2)], as: UTF8.self)
            guard seen.insert(type).inserted else { break }
            designators.append(Designator(type: type, offset: offset, length: length))
            end += 10
            extra += 1
        }
        if extra > 0 { notes.warn(.extraDesignators(extra)) }
        return (designators, end)
    }

    // MARK: - Locating subfiles

    /// A subfile found in the payload: where its type prefix (or, without one, its first element) starts.
    struct Located {
        var designator: Designator
        var start: Int
        var hasTypePrefix: Bool
        /// Found by its content rather than through a designator: it has no declared extent.
        var foundByScanning = false
    }

    static func locate(
        _ designators: [Designator], in p: [UInt8], directoryEnd: Int, notes: inout Notes
    ) -> [Located] {
        var located: [Located] = []
        let firstDeclared = designators.min { $0.offset < $1.offset }?.type
        for d in designators {
            if let start = findTypedStart(d, in: p, directoryEnd: directoryEnd, window: offsetSearchWindow)
                ?? findTypedStart(d, in: p, directoryEnd: directoryEnd, window: p.count + d.offset)
            {
                if start != d.offset { notes.deviations.insert(.subfileOffset) }
                located.append(Located(designator: d, start: start, hasTypePrefix: true))
                continue
            }
            // A document subfile written without its "DL"/"ID": its elements follow the directory.
            if isDocumentType(d.type), d.type == firstDeclared,
                let start = firstElementStart(in: p, from: directoryEnd, family: d.type)
            {
                notes.deviations.insert(.missingSubfileType)
                if abs(start - d.offset) > offsetSearchWindow { notes.deviations.insert(.subfileOffset) }
                located.append(Located(designator: d, start: start, hasTypePrefix: false))
                continue
            }
            notes.warn(.recovered(.subfileNotFound(type: d.type, declaredOffset: d.offset)))
        }
        located.sort { $0.start < $1.start }
        located = dropOverlaps(located, notes: &notes)
        if let first = located.first, first.start > directoryEnd {
            let unexpected = p[directoryEnd..<first.start].filter { !isSeparator($0) }.count
            if unexpected > 0 { notes.warn(.recovered(.unexpectedBytesBeforeSubfiles(count: unexpected))) }
        }
        return located
    }

    /// `located` (sorted by start) without subfiles that start where an earlier one does.
    static func dropOverlaps(_ located: [Located], notes: inout Notes) -> [Located] {
        var kept: [Located] = []
        for subfile in located {
            if let last = kept.last, subfile.start < last.start + 2 {
                notes.warn(
                    .recovered(.overlappingSubfiles(type: last.designator.type, otherType: subfile.designator.type)))
                continue
            }
            kept.append(subfile)
        }
        return kept
    }

    /// A DL/ID subfile that the directory does not lead to, found by its content: the first place after
    /// `from` where "DL" or "ID" and a DL/ID element identifier stand after a separator or a digit (the
    /// end of a directory), else after anything but a letter; else the first line holding a standard
    /// DL/ID element name alone (its type then taken from the directory, else "DL").
    static func scanForDocumentSubfile(in p: [UInt8], from: Int, declared: [Designator]) -> Located? {
        let declaredType = declared.first { isDocumentType($0.type) }?.type
        let low = min(max(0, from), p.count)
        // First after a separator or a digit (the end of a directory), then after anything but a
        // letter (inside a word, "MIDDLE" holds "ID" and "DLE").
        func follows(_ at: Int, strictly: Bool) -> Bool {
            guard at > low else { return true }
            let before = p[at - 1]
            if isSeparator(before) || isDigit(before) { return true }
            return !strictly && !isUpper(before) && !(0x61...0x7A).contains(before)
        }
        for strictly in [true, false] {
            for type in ["DL", "ID"] {
                let t = Array(type.utf8)
                var at = low
                while at + 5 <= p.count {
                    if p[at] == t[0], p[at + 1] == t[1], follows(at, strictly: strictly),
                        isElementID(p, at + 2, family: type)
                    {
                        return Located(
                            designator: Designator(type: type, offset: at, length: 0), start: at, hasTypePrefix: true,
                            foundByScanning: true)
                    }
                    at += 1
                }
            }
        }
        var at = low
        while at + 3 <= p.count {
            if at == low || isSeparator(p[at - 1]), isStandardDocumentElement(p, at) {
                return Located(
                    designator: Designator(type: declaredType ?? "DL", offset: at, length: 0), start: at,
                    hasTypePrefix: false, foundByScanning: true)
            }
            at += 1
        }
        return nil
    }

    /// A jurisdiction subfile after a scanned-for DL/ID subfile: "Z" and a capital at a line start,
    /// followed by an element identifier of its own family ("ZVZVA...").
    static func scanForJurisdictionSubfile(in p: [UInt8], after start: Int) -> Located? {
        var at = start + 2
        while at + 5 <= p.count {
            if p[at] == UInt8(ascii: "Z"), isUpper(p[at + 1]), isSeparator(p[at - 1]), p[at + 2] == p[at],
                p[at + 3] == p[at + 1], isElementID(p, at + 2, family: "Z")
            {
                let type = String(decoding: p[at..<(at + 2)], as: UTF8.self)
                return Located(
                    designator: Designator(type: type, offset: at, length: 0), start: at, hasTypePrefix: true,
                    foundByScanning: true)
            }
            at += 1
        }
        return nil
    }

    /// The position of `d`'s type prefix: at the declared offset, else the nearest line start within
    /// `window` bytes of it where the type is followed by an element identifier.
    static func findTypedStart(_ d: Designator, in p: [UInt8], directoryEnd: Int, window: Int) -> Int? {
        let type = Array(d.type.utf8)
        func matches(_ at: Int) -> Bool {
            guard at >= directoryEnd, at + 5 <= p.count, p[at] == type[0], p[at + 1] == type[1],
                isElementID(p, at + 2, family: d.type)
            else { return false }
            return at == directoryEnd || isSeparator(p[at - 1])
        }
        if matches(d.offset) { return d.offset }
        var best: Int?
        let low = max(directoryEnd, d.offset - window), high = min(p.count - 5, d.offset + window)
        guard low <= high else { return nil }
        for at in low...high where matches(at) {
            if best == nil || abs(at - d.offset) < abs(best! - d.offset) { best = at }
        }
        return best
    }

    /// The first element start at or after `from`, skipping separators: a standard DL/ID element
    /// name, since a subfile that lacks its type is recognised by its first element alone.
    static func firstElementStart(in p: [UInt8], from: Int, family: String) -> Int? {
        var at = from
        while at < p.count, isSeparator(p[at]) { at += 1 }
        return at + 3 <= p.count && isStandardDocumentElement(p, at) ? at : nil
    }

    /// Whether a standard DL/ID element name stands at `at`: "D", then "A" to "D", then a capital
    /// (so that a designator or a cut type prefix, "DL0" or "DLD", is not taken for one).
    static func isStandardDocumentElement(_ p: [UInt8], _ at: Int) -> Bool {
        at + 3 <= p.count && p[at] == UInt8(ascii: "D") && (0x41...0x44).contains(p[at + 1]) && isUpper(p[at + 2])
    }

    // MARK: - Extents and elements

    static func extract(_ s: Located, nextStart: Int, payload p: [UInt8], notes: inout Notes) -> AAMVASubfile {
        let type = s.designator.type
        let isLast = nextStart == p.count
        // Where the subfile really ends: before the next one, less trailing terminators and padding.
        var trimmedEnd = nextStart
        while trimmedEnd > s.start, isTrailingFiller(p[trimmedEnd - 1]) { trimmedEnd -= 1 }
        // A file written without its type prefix counts the prefix in the declared length anyway.
        let declaredEnd = s.start + s.designator.length - (s.hasTypePrefix ? 0 : 2)
        if s.foundByScanning {
            // No declared extent to compare.
        } else if isLast, declaredEnd > p.count {
            let overshoot = declaredEnd - p.count
            if overshoot <= 2, p[p.count - 1] == carriageReturn || p[p.count - 1] == lineFeed {
                notes.deviations.insert(.subfileLength)
            } else {
                notes.warn(.recovered(.truncatedSubfile(type: type, missingBytes: overshoot)))
            }
        } else if declaredEnd > nextStart + lengthTolerance || declaredEnd < trimmedEnd - lengthTolerance {
            notes.warn(
                .recovered(
                    .subfileLengthMismatch(
                        type: type, declared: s.designator.length, found: nextStart - s.start)))
        } else if declaredEnd != nextStart, declaredEnd != trimmedEnd + 1 {
            notes.deviations.insert(.subfileLength)
        }
        if isLast, !p[trimmedEnd..<p.count].contains(carriageReturn) {
            notes.deviations.insert(.missingSegmentTerminator)
        }
        let contentStart = min(s.start + (s.hasTypePrefix ? 2 : 0), trimmedEnd)
        let content = Array(p[contentStart..<trimmedEnd])
        let elements: [AAMVAElement]
        if isDocumentType(type) {
            elements = tokenize(content, subfileType: type, notes: &notes)
            if elements.isEmpty { notes.warn(.recovered(.emptySubfile(type: type))) }
        } else {
            // Jurisdiction subfiles are kept raw; their elements are read only when they are element text.
            var ignored = Notes()
            elements = tokenize(content, subfileType: type, notes: &ignored)
        }
        return AAMVASubfile(
            type: type, declaredOffset: s.designator.offset, declaredLength: s.designator.length,
            contentRange: contentStart..<trimmedEnd, content: content, elements: elements)
    }

    /// Splits subfile content into elements at LF, CR or CR LF. Lines that are not elements are
    /// skipped, a repeated element keeps its first value, values that are not UTF-8 are read as
    /// Latin-1 and control characters are removed: each noted as a warning.
    static func tokenize(_ content: [UInt8], subfileType: String, notes: inout Notes) -> [AAMVAElement] {
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
            if line.allSatisfy({ $0 == 0x20 || isSeparator($0) || $0 == 0x00 }) { continue }
            defer { index += 1 }
            guard line.count >= 3, isElementID(content, lineStart, family: subfileType) else {
                notes.warn(.recovered(.malformedElement(subfileType: subfileType, index: index)))
                continue
            }
            let id = String(decoding: line.prefix(3), as: UTF8.self)
            guard seen.insert(id).inserted else {
                notes.warn(.recovered(.duplicateElement(id)))
                continue
            }
            elements.append(AAMVAElement(id: id, value: text(of: line.dropFirst(3), element: id, notes: &notes)))
        }
        if sawCarriageReturn { notes.deviations.insert(.carriageReturnSeparators) }
        return elements
    }

    /// A value's bytes as text: UTF-8, else Latin-1 (every byte is a character there); C0 and C1
    /// control characters removed.
    static func text(of bytes: ArraySlice<UInt8>, element: String, notes: inout Notes) -> String {
        let decoded: String
        if let utf8 = String(validating: bytes, as: UTF8.self) {
            decoded = utf8
        } else {
            notes.warn(.latin1Text(element: element))
            decoded = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) }
        guard decoded.unicodeScalars.contains(where: isControl) else { return decoded }
        notes.warn(.controlCharactersRemoved(element: element))
        return String(String.UnicodeScalarView(decoded.unicodeScalars.filter { !isControl($0) }))
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

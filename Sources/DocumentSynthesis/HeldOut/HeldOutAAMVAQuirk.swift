import DocumentEngine

/// A way real issuers depart from the textbook AAMVA file, as the held-out licence-back family
/// writes it (``HeldOutAAMVAQuirk/rewrite(_:quirks:using:)``). The tuning family's payloads
/// (``AAMVAPayloadGenerator``) are all textbook files; these are written here, separately.
package enum HeldOutAAMVAQuirk: String, Sendable, Hashable, CaseIterable {
    /// The header's subfile offsets are off by -30...+120 bytes.
    case wrongOffsets
    /// The header's subfile lengths are off by -20...+60 bytes.
    case wrongLengths
    /// Elements are separated by CR LF instead of LF.
    case crLFSeparators
    /// The file ends with CR LF (instead of CR).
    case trailingCRLF
    /// The last subfile has no final CR.
    case noFinalCR
    /// Names written in Latin-1 with accented letters (É, Ô, Ñ, Ü).
    case latin1Names
    /// The version-01 file type "AAMVA" instead of "ANSI " (only on version-01 files).
    case legacyFileType
    /// Names, street and city space-padded to fixed widths.
    case paddedValues
    /// The DL/ID elements in a shuffled order.
    case elementOrder
    /// An empty middle-name element.
    case emptyName

    /// Share of held-out payloads that carry at least one quirk (about one card in three).
    package static let rate = 0.34

    /// The quirks of a payload: none for about two cards in three, else one or two kinds.
    package static func draw(version: Int, using random: inout SeededGenerator) -> [HeldOutAAMVAQuirk] {
        guard random.chance(rate) else { return [] }
        let pool = allCases.filter { $0 != .legacyFileType || version == 1 }
        var quirks = [random.pick(pool)]
        if random.chance(0.4) {
            let second = random.pick(pool)
            if !quirks.contains(second) { quirks.append(second) }
        }
        // A trailing CR LF and no final CR exclude each other.
        if quirks.contains(.trailingCRLF) { quirks.removeAll { $0 == .noFinalCR } }
        return quirks
    }

    /// Latin-1 family and given names that replace the generated ones under ``latin1Names``.
    static let latin1FamilyNames = ["BÉLANGER", "CÔTÉ", "NUÑEZ", "MÜLLER", "GONZÁLEZ", "LEFÈVRE"]
    static let latin1FirstNames = ["JOSÉ", "RENÉE", "FRANÇOIS", "ZOË", "INÉS"]

    /// `payload` rewritten with `quirks` (the same file when `quirks` is empty): the bytes a card
    /// with those quirks carries. The elements, jurisdiction subfile and header fields are the
    /// generated ones; only their spelling and layout change.
    package static func rewrite(
        _ payload: GeneratedAAMVAPayload, quirks: [HeldOutAAMVAQuirk], using random: inout SeededGenerator
    ) -> [UInt8] {
        guard !quirks.isEmpty else { return payload.bytes }
        var elements = payload.elements
        if quirks.contains(.latin1Names) {
            for (index, element) in elements.enumerated() {
                switch element.id {
                case "DCS", "DAB": elements[index].value = random.pick(latin1FamilyNames)
                case "DAC": elements[index].value = random.pick(latin1FirstNames)
                case "DCT": elements[index].value = random.pick(latin1FirstNames)
                default: break
                }
            }
        }
        if quirks.contains(.paddedValues) {
            let widths = ["DCS": 40, "DAC": 40, "DAD": 40, "DAG": 35, "DAI": 20, "DAB": 40, "DCT": 80]
            for (index, element) in elements.enumerated() {
                if let width = widths[element.id], element.value.count < width, random.chance(0.7) {
                    elements[index].value += String(repeating: " ", count: width - element.value.count)
                }
            }
        }
        if quirks.contains(.emptyName) {
            if let index = elements.firstIndex(where: { $0.id == "DAD" }) {
                elements[index].value = ""
            } else {
                let at = min(
                    elements.count, elements.firstIndex { $0.id == "DAC" || $0.id == "DCT" }.map { $0 + 1 } ?? 1)
                elements.insert(AAMVAElement(id: "DAD", value: ""), at: at)
            }
        }
        if quirks.contains(.elementOrder) {
            elements.shuffle(using: &random)
        }
        let separator: [UInt8] = quirks.contains(.crLFSeparators) ? [0x0D, 0x0A] : [0x0A]
        let documentType = Array(payload.documentType.rawValue.utf8)
        var documentBody = documentType
        for (index, element) in elements.enumerated() {
            if index > 0 { documentBody += separator }
            documentBody += Array(element.id.utf8) + latin1(element.value)
        }
        documentBody.append(0x0D)
        var zBody = Array(payload.jurisdictionSubfileType.utf8) + payload.jurisdictionSubfileContent
        if quirks.contains(.trailingCRLF) {
            zBody += [0x0D, 0x0A]
        } else if !quirks.contains(.noFinalCR) {
            zBody.append(0x0D)
        }

        // The header as generated, up to its two designators (its length does not change).
        let generatedTail = payload.bytes.count - generatedBodiesCount(payload)
        var header = Array(payload.bytes[0..<(generatedTail - 20)])
        if quirks.contains(.legacyFileType), header.count >= 9 {
            header.replaceSubrange(4..<9, with: Array("AAMVA".utf8))
        }
        let firstOffset = header.count + 20
        let offsetError = quirks.contains(.wrongOffsets) ? random.integer(in: -30...120) : 0
        let lengthError = quirks.contains(.wrongLengths) ? random.integer(in: -20...60) : 0
        func field(_ n: Int) -> String {
            let s = String(min(9999, max(0, n)))
            return String(repeating: "0", count: max(0, 4 - s.count)) + s
        }
        header += Array(
            (payload.documentType.rawValue + field(firstOffset + offsetError)
                + field(documentBody.count + lengthError)).utf8)
        header += Array(
            (payload.jurisdictionSubfileType + field(firstOffset + documentBody.count + offsetError)
                + field(zBody.count + lengthError)).utf8)
        return header + documentBody + zBody
    }

    /// Length of the generated (textbook) DL/ID and jurisdiction subfiles of `payload`.
    static func generatedBodiesCount(_ payload: GeneratedAAMVAPayload) -> Int {
        let document =
            payload.documentType.rawValue.utf8.count
            + payload.elements.map { $0.id.utf8.count + $0.value.utf8.count }.reduce(0, +)
            + max(0, payload.elements.count - 1) + 1
        return document + payload.jurisdictionSubfileType.utf8.count + payload.jurisdictionSubfileContent.count + 1
    }

    /// `text` as Latin-1 bytes (every character the generator writes is in Latin-1).
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}

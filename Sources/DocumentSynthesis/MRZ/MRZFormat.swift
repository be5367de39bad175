import DocumentEngine

/// The ICAO 9303 machine-readable-zone formats: how many lines, how long, and which document
/// sides carry them.
package enum MRZFormat: String, Sendable, Codable, CaseIterable {
    /// ID-1 cards (3 lines of 30).
    case td1
    /// ID-2 documents (2 lines of 36).
    case td2
    /// Passports, ID-3 (2 lines of 44).
    case td3
    /// Full-size visas (2 lines of 44).
    case mrvA
    /// Small visas (2 lines of 36).
    case mrvB

    /// The format printed on a document side, nil for a side without an MRZ (the TD1 front).
    package init?(kind: DocumentLayout.Kind) {
        switch kind {
        case .td1Front: return nil
        case .td1Back: self = .td1
        case .td2: self = .td2
        case .td3: self = .td3
        case .mrvA: self = .mrvA
        case .mrvB: self = .mrvB
        }
    }

    /// Number of lines.
    package var lineCount: Int { self == .td1 ? 3 : 2 }

    /// Characters per line.
    package var lineLength: Int {
        switch self {
        case .td1: return 30
        case .td2, .mrvB: return 36
        case .td3, .mrvA: return 44
        }
    }

    /// Length of the name field (primary and secondary identifiers).
    package var nameFieldLength: Int {
        switch self {
        case .td1: return 30
        case .td2, .mrvB: return 31
        case .td3, .mrvA: return 39
        }
    }

    /// Length of the optional-data field that follows the expiry date (for TD3 the personal number;
    /// for TD1 the second optional field on line 2).
    package var trailingOptionalDataLength: Int {
        switch self {
        case .td1: return 11
        case .td2: return 7
        case .td3: return 14
        case .mrvA: return 16
        case .mrvB: return 8
        }
    }

    /// The longest document number the format can hold. TD1 and TD2 use ICAO's overflow rule (the
    /// principal nine characters in the number field, the rest in the optional data that follows);
    /// the other formats hold nine.
    package var maximumDocumentNumberLength: Int {
        switch self {
        case .td1: return 23
        case .td2: return 15
        case .td3, .mrvA, .mrvB: return 9
        }
    }

    /// The usual first character of the document code.
    package var defaultDocumentCode: String {
        switch self {
        case .td1, .td2: return "I"
        case .td3: return "P"
        case .mrvA, .mrvB: return "V"
        }
    }
}

package import DocumentEngine

/// What composing an MRZ needs to know about a layout beyond its line count and length.
extension MRZFormat {
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

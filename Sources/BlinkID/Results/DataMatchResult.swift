/// Whether the fields a document carries in more than one place agree.
///
/// Compared sources: the MRZ, the PDF417 barcode (cards that carry both, such as some North
/// American ID cards) and the printed visual inspection zone (``VizResult``), pair by pair. A field
/// is compared only when at least two sources carry it; values are normalised first (see
/// ``Field``). A printed name is compared with the MRZ through ICAO 9303's transliteration (Ä as AE
/// or A, Ø as OE, Ñ as N ...). A mismatch is a fraud signal: ``mismatches`` lists the fields.
public struct DataMatchResult: Sendable, Equatable {
    /// The overall outcome.
    public enum State: String, Sendable, Equatable, Codable {
        /// Fewer than two sources were read, or they share no field.
        case notPerformed
        /// Every compared field agrees.
        case success
        /// At least one compared field disagrees.
        case failed
    }

    /// A field that can be carried by more than one source, and how it is normalised.
    public enum Field: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// The family name: letters only (accents folded, hyphens, apostrophes and spaces as one
        /// separator), upper case; a name the MRZ had to cut at the end of its line agrees with
        /// the longer name it starts.
        case familyName
        /// The given names, normalised like the family name (first and middle names joined).
        case givenNames
        /// The document number (MRZ) against the customer number (AAMVA DAQ): letters and digits only.
        case documentNumber
        /// Day, month and the year's last two digits (the MRZ writes only those).
        case dateOfBirth
        case dateOfExpiry
        /// M, F or not specified (MRZ `<` or `X`, AAMVA 9 or X).
        case sex
    }

    /// Where a value was read.
    public enum Source: String, Sendable, Equatable, Hashable, Codable {
        case mrz
        case barcode
        /// The printed visual inspection zone.
        case viz
    }

    /// The comparison of one field.
    public struct Comparison: Sendable, Equatable, Hashable {
        /// The field compared.
        public let field: Field
        /// The sources that carried it.
        public let sources: [Source]
        /// Whether their normalised values agree.
        public let agrees: Bool
    }

    /// The overall outcome.
    public let state: State
    /// Every field compared, in ``Field`` order.
    public let comparisons: [Comparison]

    /// The fields that disagree (each once, in ``Field`` order).
    public var mismatches: [Field] {
        let failed = Set(comparisons.filter { !$0.agrees }.map(\.field))
        return Field.allCases.filter(failed.contains)
    }

    init(comparisons: [Comparison]) {
        self.comparisons = comparisons
        if comparisons.isEmpty {
            state = .notPerformed
        } else {
            state = comparisons.allSatisfy(\.agrees) ? .success : .failed
        }
    }

    /// No comparison was possible.
    static let notPerformed = DataMatchResult(comparisons: [])
}

package import DocumentEngine

/// The printed fields read in the visual inspection zone (VIZ) of one document side.
///
/// A field is present only when its value passed its checks (a date that parses in one of the
/// printed formats, a name of letters, a document number of letters and digits, a confident
/// reading); a field the layout has but that failed is listed in ``notRead``, never guessed. Names
/// keep the diacritics as printed; ``DataMatchResult`` compares them with the MRZ through ICAO's
/// transliteration.
public struct VizResult: Sendable, Equatable {
    /// A printed field.
    public enum Field: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case primaryName, secondaryName, fullName, documentNumber, dateOfBirth, dateOfIssue, dateOfExpiry, sex
        case nationality, placeOfBirth, issuingAuthority, address, licenceClass, restrictions, endorsements
    }

    /// How a printed value compares with the MRZ of the same document.
    public enum MrzCheck: String, Sendable, Equatable, Hashable, Codable {
        /// The MRZ carries the field and agrees (names through ICAO transliteration, so the printed
        /// accents are kept; a document number up to the O/0 and I/1 pairs printed fonts draw alike).
        case verified
        /// The MRZ carries the field and disagrees: the field is also in
        /// ``DataMatchResult/mismatches``, and the value is the printed one, never the MRZ's.
        case contradicted
        /// No MRZ was read, or the MRZ does not carry the field (issue date, place of birth ...).
        case notCompared
    }

    /// One field's reading.
    public struct FieldValue: Sendable, Equatable, Hashable {
        /// Which field.
        public let field: Field
        /// The value: names upper case as printed, codes without spaces, sex `M`, `F` or `X`, dates as
        /// printed. A document number the MRZ ``MrzCheck/verified`` is spelt as the MRZ spells it (the
        /// MRZ's OCR-B tells O from 0 and I from 1; printed fonts do not).
        public internal(set) var value: String
        /// The date, for date fields (``DateResult/originalString`` is the text as printed).
        public let date: DateResult?
        /// The OCR engine's confidence, 0...1.
        public let confidence: Double
        /// Where the value was read, in millimetres on the rectified document (previews).
        package let box: VizLayout.Zone
        /// The comparison with the MRZ (``BlinkIDScanningResult`` sets it once an MRZ was read).
        public internal(set) var mrzCheck: MrzCheck = .notCompared
    }

    /// The side read.
    public let side: ScanningSide
    /// The document design read (`icao-td3`, `icao-td1-front`, `aamva-front`).
    public let layout: String
    /// Every field read, in ``Field`` order.
    public internal(set) var fields: [FieldValue]
    /// The layout's fields that were not read.
    public let notRead: [Field]

    /// The reading of `field`, if read.
    public subscript(field: Field) -> FieldValue? { fields.first { $0.field == field } }

    public var primaryName: String? { self[.primaryName]?.value }
    public var secondaryName: String? { self[.secondaryName]?.value }
    public var documentNumber: String? { self[.documentNumber]?.value }
    public var dateOfBirth: DateResult? { self[.dateOfBirth]?.date }
    public var dateOfIssue: DateResult? { self[.dateOfIssue]?.date }
    public var dateOfExpiry: DateResult? { self[.dateOfExpiry]?.date }
    public var sex: String? { self[.sex]?.value }
    public var nationality: String? { self[.nationality]?.value }

    /// The fields the MRZ confirmed.
    public var verifiedFields: [Field] { fields.filter { $0.mrzCheck == .verified }.map(\.field) }
    /// The fields the MRZ contradicts (also listed in ``DataMatchResult/mismatches``).
    public var contradictedFields: [Field] { fields.filter { $0.mrzCheck == .contradicted }.map(\.field) }

    package init(_ reading: VizReading, side: ScanningSide) {
        self.side = side
        layout = reading.layoutID
        fields = reading.fields.compactMap { value in
            guard let field = Field(rawValue: value.field.rawValue) else { return nil }
            return FieldValue(
                field: field, value: value.value,
                date: value.date.map {
                    DateResult(day: $0.day, month: $0.month, year: $0.year, originalString: $0.originalString)
                },
                confidence: value.confidence, box: value.box)
        }
        notRead = reading.notRead.compactMap { Field(rawValue: $0.rawValue) }
    }
}

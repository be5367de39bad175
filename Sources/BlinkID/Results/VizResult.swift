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

    /// One field's reading.
    public struct FieldValue: Sendable, Equatable, Hashable {
        /// Which field.
        public let field: Field
        /// The value: names upper case as printed, codes without spaces, sex `M`, `F` or `X`, dates as printed.
        public let value: String
        /// The date, for date fields (``DateResult/originalString`` is the text as printed).
        public let date: DateResult?
        /// The OCR engine's confidence, 0...1.
        public let confidence: Double
    }

    /// The side read.
    public let side: ScanningSide
    /// The document design read (`icao-td3`, `icao-td1-front`, `aamva-front`).
    public let layout: String
    /// Every field read, in ``Field`` order.
    public let fields: [FieldValue]
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
                confidence: value.confidence)
        }
        notRead = reading.notRead.compactMap { Field(rawValue: $0.rawValue) }
    }
}

/// A parsed AAMVA DL/ID file: the header, the document subfile's elements as typed fields and raw,
/// every subfile (jurisdiction subfiles raw), the deviations from the standard that were accepted on
/// the way, and the warnings about what was off and could not all be read (see ``AAMVAParser``).
package struct AAMVARecord: Sendable, Equatable {
    /// Which kind of document the DL/ID subfile describes.
    package enum DocumentType: String, Sendable, Equatable {
        /// A "DL" subfile.
        case driverLicence = "DL"
        /// An "ID" subfile.
        case identificationCard = "ID"
    }

    /// The header; nil when it could not be read (see ``warnings``).
    package var header: AAMVAHeader?
    /// The AAMVA version: the header's, or inferred from the element names when it is unreadable.
    package var version: Int
    /// The type of the first DL or ID subfile, whose elements ``fields`` holds.
    package var documentType: DocumentType
    /// The typed elements of that subfile.
    package var fields: AAMVAFields
    /// The order dates were expected in (from the version and the country).
    package var dateOrder: AAMVADate.Order
    /// All subfiles, in payload order.
    package var subfiles: [AAMVASubfile]
    /// Accepted departures from the standard (empty for a textbook file).
    package var deviations: Set<AAMVADeviation>
    /// Faults that a strict reading refuses, in the order found (empty for a file that is textbook or
    /// departs only by known deviations).
    package var warnings: [AAMVAWarning]

    package init(
        header: AAMVAHeader?, version: Int, documentType: DocumentType, fields: AAMVAFields,
        dateOrder: AAMVADate.Order, subfiles: [AAMVASubfile], deviations: Set<AAMVADeviation>,
        warnings: [AAMVAWarning] = []
    ) {
        self.header = header
        self.version = version
        self.documentType = documentType
        self.fields = fields
        self.dateOrder = dateOrder
        self.subfiles = subfiles
        self.deviations = deviations
        self.warnings = warnings
    }

    /// Every departure and fault, deviations first (in their declaration order), then the warnings:
    /// what an integrator is shown.
    package var allWarnings: [AAMVAWarning] {
        AAMVADeviation.allCases.filter(deviations.contains).map(AAMVAWarning.deviation) + warnings
    }

    /// The DL/ID subfile's elements in file order, known and unknown alike.
    package var elements: [AAMVAElement] {
        subfiles.first { $0.type == documentType.rawValue }?.elements ?? []
    }

    /// The jurisdiction-specific ("Z…") subfiles, kept raw.
    package var jurisdictionSubfiles: [AAMVASubfile] {
        subfiles.filter(\.isJurisdictionSpecific)
    }
}

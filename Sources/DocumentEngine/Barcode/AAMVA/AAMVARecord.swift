/// A parsed AAMVA DL/ID file: the header, the document subfile's elements as typed fields and raw,
/// every subfile (jurisdiction subfiles raw), and the deviations from the standard that were
/// accepted on the way.
package struct AAMVARecord: Sendable, Equatable {
    /// Which kind of document the DL/ID subfile describes.
    package enum DocumentType: String, Sendable, Equatable {
        /// A "DL" subfile.
        case driverLicence = "DL"
        /// An "ID" subfile.
        case identificationCard = "ID"
    }

    package var header: AAMVAHeader
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

    package init(
        header: AAMVAHeader, documentType: DocumentType, fields: AAMVAFields, dateOrder: AAMVADate.Order,
        subfiles: [AAMVASubfile], deviations: Set<AAMVADeviation>
    ) {
        self.header = header
        self.documentType = documentType
        self.fields = fields
        self.dateOrder = dateOrder
        self.subfiles = subfiles
        self.deviations = deviations
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

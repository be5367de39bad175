/// A document captured side by side: created by the first side's submission, completed by the second.
package struct FortfaceDocumentRecord: Sendable, Equatable {
    /// `doc_` + 128 random bits in hex.
    package var id: String
    package var customerID: String
    /// The first side's type (a `DocumentTypeEnum` raw name).
    package var documentType: String
    package var frontSessionID: String
    /// The second side's session; nil until it is submitted.
    package var backSessionID: String?
    /// Seconds since 1970.
    package var createdAt: Int64

    package init(
        id: String, customerID: String, documentType: String, frontSessionID: String, backSessionID: String?,
        createdAt: Int64
    ) {
        self.id = id
        self.customerID = customerID
        self.documentType = documentType
        self.frontSessionID = frontSessionID
        self.backSessionID = backSessionID
        self.createdAt = createdAt
    }
}

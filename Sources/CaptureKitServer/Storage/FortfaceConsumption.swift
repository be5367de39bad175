package import Foundation

/// Everything written, all or nothing, when a payload consumes a session: the state change with the
/// key wiped, the payload digest and answer, and the document bookkeeping.
package struct FortfaceConsumption: Sendable {
    /// What the submission does to a document.
    package enum DocumentChange: Sendable, Equatable {
        /// Nothing (cancel, timeout).
        case none
        /// The first side: a new document.
        case create(FortfaceDocumentRecord)
        /// The second side of document `id`: only if no second side was recorded yet.
        case complete(id: String)
    }

    package var sessionID: String
    package var payloadDigest: String
    package var outcome: String
    package var result: Data
    package var document: DocumentChange
    /// The image sealed under the key-encryption key, when images are retained.
    package var sealedImage: Data?
    /// When a retained image is deleted (seconds since 1970).
    package var imageExpiresAt: Int64?

    package init(
        sessionID: String, payloadDigest: String, outcome: String, result: Data, document: DocumentChange,
        sealedImage: Data? = nil, imageExpiresAt: Int64? = nil
    ) {
        self.sessionID = sessionID
        self.payloadDigest = payloadDigest
        self.outcome = outcome
        self.result = result
        self.document = document
        self.sealedImage = sealedImage
        self.imageExpiresAt = imageExpiresAt
    }

    /// How a consumption ended.
    package enum Outcome: Sendable, Equatable {
        /// The session was open and is now consumed.
        case consumed
        /// The session was no longer open (consumed concurrently, or expired): nothing was written.
        case sessionNotOpen
        /// The document already has its second side: nothing was written.
        case documentAlreadyComplete
    }
}

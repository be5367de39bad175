/// What kind of identity document a picture shows, as the classifier decides it.
///
/// `unknown` means a document was found but the classifier is not sure enough of any kind (the
/// UNDEFINED of the Fortface guide); `notFound` means no document was found at all.
package enum DocumentKind: String, Sendable, CaseIterable {
    /// A passport data page (TD3 MRZ, document code `P`).
    case passport
    /// An ICAO identity card or other official travel document with a TD1 or TD2 MRZ.
    case idCard
    /// A machine-readable visa (MRV-A or MRV-B, document code `V`).
    case visa
    /// A Brazilian identity card: the RG (Registro Geral) or the new CIN.
    case rg
    /// A Brazilian driving licence (Carteira Nacional de Habilitação).
    case cnh
    /// A document was found, but no kind is certain enough.
    case unknown
    /// No document was found in the picture.
    case notFound
}

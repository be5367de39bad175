package import DocumentEngine

/// The sides of the Brazilian documents the generator draws (all on ID-1 cards, 85.6 x 53.98 mm).
package enum BrazilianDocumentSide: String, Sendable, CaseIterable, Codable {
    /// Carteira de Identidade (RG), front: portrait, thumbprint, holder's signature.
    case rgFront
    /// RG back: Registro Geral number and the holder's data (old model), or the new CIN back with a
    /// TD1 MRZ issued by `BRA`.
    case rgBack
    /// Carteira Nacional de Habilitação (CNH), front: portrait and licence data.
    case cnhFront
    /// CNH back: observations, place and date of issue, category table.
    case cnhBack

    /// The ICAO layout whose size (and, for a side with an MRZ, MRZ geometry) the side uses.
    package func layoutKind(withMRZ: Bool) -> DocumentLayout.Kind {
        withMRZ ? .td1Back : .td1Front
    }
}

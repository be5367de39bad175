/// Which side of a document a picture shows.
///
/// Passports and visas have a single data page, reported as `front`. An ID-1 card with a TD1 MRZ
/// carries the MRZ on its `back`.
package enum DocumentSideKind: String, Sendable {
    /// The side with the portrait (or the single data page).
    case front
    /// The reverse side.
    case back
}

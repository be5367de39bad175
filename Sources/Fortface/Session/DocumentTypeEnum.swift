// swift-format-ignore: AlwaysUseLowerCamelCase
// (the cases are the guide's names and the API's wire values, verbatim.)
/// The document types of the Fortface guide, spelled as the API spells them.
///
/// `documentTypes` lists the documents a session accepts; `previousDocType` is the type the
/// Fortface API recognised for the first side (its `providers.fortfaceSdk.type`), passed in when
/// the second side is captured.
public enum DocumentTypeEnum: String, Sendable, Codable, CaseIterable {
    // The guide's names, verbatim (the API's wire values).
    // swiftlint:disable identifier_name
    case RG_FRONT
    case CNH_FRONT
    case RG_BACK
    case CNH_BACK
    case UNDEFINED
    case DOC_NOT_FOUND
    case PASSPORT
    // swiftlint:enable identifier_name

    /// The side this type is, when it names one (`front` for passports: they have one side).
    var side: String? {
        switch self {
        case .RG_FRONT, .CNH_FRONT, .PASSPORT: return "front"
        case .RG_BACK, .CNH_BACK: return "back"
        case .UNDEFINED, .DOC_NOT_FOUND: return nil
        }
    }
}

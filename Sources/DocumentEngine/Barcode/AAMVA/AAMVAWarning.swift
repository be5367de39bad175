/// Something that was off in an AAMVA file the parser read anyway: a departure from the standard
/// that real cards show (``deviation(_:)``), or a fault that would have made a strict parser refuse
/// the whole file (``recovered(_:)``), after which the parser kept everything it could still read.
///
/// A PDF417 symbol whose error correction succeeded has been read exactly as its issuer wrote it, so
/// the raw payload is always returned; warnings tell the caller which parts of it are doubtful.
/// Descriptions name elements, offsets and counts, never values: they are safe to log.
package enum AAMVAWarning: Sendable, Hashable, CustomStringConvertible {
    /// A departure from the letter of the standard that real cards show; nothing was lost.
    case deviation(AAMVADeviation)
    /// A fault that a strict reading refuses; what it touched was skipped or left untyped.
    case recovered(AAMVAError)
    /// An element's value is not UTF-8; it was read as Latin-1 (ISO 8859-1), as many issuers write.
    case latin1Text(element: String)
    /// An element's value held control characters; they were removed.
    case controlCharactersRemoved(element: String)
    /// The header could not be read: the version was inferred from the element names.
    case versionInferred(Int)
    /// The DL/ID subfile was found by its element identifiers, not through the directory.
    case documentSubfileFoundByScanning
    /// The directory holds this many more (jurisdiction) designators than the header declares; they
    /// were used.
    case extraDesignators(Int)

    /// A stable machine-readable name of the warning (the case name, or the deviation's or error's).
    package var code: String {
        switch self {
        case let .deviation(deviation): return deviation.rawValue
        case let .recovered(error): return error.code
        case .latin1Text: return "latin1Text"
        case .controlCharactersRemoved: return "controlCharactersRemoved"
        case .versionInferred: return "versionInferred"
        case .documentSubfileFoundByScanning: return "documentSubfileFoundByScanning"
        case .extraDesignators: return "extraDesignators"
        }
    }

    /// The element the warning is about, where it is about one.
    package var element: String? {
        switch self {
        case let .recovered(.invalidValue(element, _)), let .recovered(.invalidText(element)),
            let .recovered(.duplicateElement(element)), let .latin1Text(element),
            let .controlCharactersRemoved(element):
            return element
        default:
            return nil
        }
    }

    package var description: String {
        switch self {
        case let .deviation(deviation): return deviation.explanation
        case let .recovered(error): return error.detail + " " + error.recovery
        case let .latin1Text(element): return "Element \(element) is not UTF-8; it was read as Latin-1."
        case let .controlCharactersRemoved(element):
            return "Element \(element) held control characters; they were removed."
        case let .versionInferred(version):
            return "The header could not be read; the file was read as AAMVA version \(version) from its element names."
        case .documentSubfileFoundByScanning:
            return "The DL/ID subfile was not where the directory puts it; it was found by its element identifiers."
        case let .extraDesignators(count):
            return "The directory holds \(count) more designators than the header declares; they were used."
        }
    }
}

/// Why a payload is not an AAMVA DL/ID file CaptureKit accepts.
///
/// Cases name the part of the file that failed (header field, subfile type, element identifier)
/// and numbers such as offsets and lengths, never element values: descriptions are safe to log.
package enum AAMVAError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A header field, for ``invalidHeaderField(_:)``.
    package enum HeaderField: String, Sendable, Equatable {
        case issuerIdentificationNumber = "issuer identification number"
        case version = "AAMVA version number"
        case jurisdictionVersion = "jurisdiction version number"
        case numberOfEntries = "number of entries"
    }

    /// The payload holds no bytes.
    case empty
    /// The payload is larger than any AAMVA file (rejected before parsing).
    case payloadTooLarge(byteCount: Int, limit: Int)
    /// The payload does not start with the compliance indicator "@".
    case missingComplianceIndicator
    /// The separator characters after "@" are missing or not separators.
    case invalidHeaderSeparators
    /// The file type is neither "ANSI " nor the older "AAMVA".
    case unknownFileType
    /// The payload ends inside the header.
    case truncatedHeader
    /// A header field is not the digits it must be.
    case invalidHeaderField(HeaderField)
    /// The AAMVA version is outside 01...10.
    case unsupportedVersion(Int)
    /// The header declares no subfiles.
    case noSubfiles
    /// The payload ends inside the subfile directory.
    case truncatedDirectory(declaredEntries: Int)
    /// A subfile designator (type, offset, length) is malformed.
    case invalidDesignator(index: Int)
    /// Two designators name the same subfile type.
    case duplicateSubfile(type: String)
    /// A subfile cannot be found at or near its declared offset.
    case subfileNotFound(type: String, declaredOffset: Int)
    /// Two subfiles start at the same place.
    case overlappingSubfiles(type: String, otherType: String)
    /// Bytes other than separators stand between the directory and the first subfile.
    case unexpectedBytesBeforeSubfiles(count: Int)
    /// A subfile's declared length cannot be reconciled with where it actually ends.
    case subfileLengthMismatch(type: String, declared: Int, found: Int)
    /// The payload ends before a subfile's declared end (the data was cut).
    case truncatedSubfile(type: String, missingBytes: Int)
    /// No DL or ID subfile is present.
    case noDocumentSubfile
    /// A DL/ID subfile holds no data elements.
    case emptySubfile(type: String)
    /// A line of a subfile does not start with a three-character element identifier.
    case malformedElement(subfileType: String, index: Int)
    /// An element identifier occurs twice in one subfile.
    case duplicateElement(String)
    /// An element's value is not UTF-8 text or holds control characters.
    case invalidText(element: String)
    /// An element's value is not what its definition allows (a date that is no date, a sex code ...).
    case invalidValue(element: String, expected: String)

    package var description: String {
        let reject = "The barcode is not a valid AAMVA driver licence or ID payload"
        switch self {
        case .empty:
            return "\(reject): it is empty."
        case let .payloadTooLarge(count, limit):
            return "\(reject): \(count) bytes is more than the \(limit) an AAMVA file can hold."
        case .missingComplianceIndicator:
            return "\(reject): it does not start with the compliance indicator '@'."
        case .invalidHeaderSeparators:
            return "\(reject): the separator characters of the header are missing."
        case .unknownFileType:
            return "\(reject): the file type is neither 'ANSI ' nor 'AAMVA'."
        case .truncatedHeader:
            return "\(reject): it ends inside the header. Scan the barcode again."
        case let .invalidHeaderField(field):
            return "\(reject): the header's \(field.rawValue) is not a number."
        case let .unsupportedVersion(version):
            return "\(reject): AAMVA version \(version) is not supported (01 to 10 are)."
        case .noSubfiles:
            return "\(reject): the header declares no subfiles."
        case let .truncatedDirectory(entries):
            return "\(reject): it ends inside the directory of \(entries) subfiles. Scan the barcode again."
        case let .invalidDesignator(index):
            return "\(reject): subfile designator \(index + 1) is malformed."
        case let .duplicateSubfile(type):
            return "\(reject): subfile \(type) is declared twice."
        case let .subfileNotFound(type, offset):
            return "\(reject): subfile \(type) is not at or near its declared offset \(offset)."
        case let .overlappingSubfiles(type, other):
            return "\(reject): subfiles \(type) and \(other) overlap."
        case let .unexpectedBytesBeforeSubfiles(count):
            return "\(reject): \(count) unexpected bytes stand between the directory and the first subfile."
        case let .subfileLengthMismatch(type, declared, found):
            return "\(reject): subfile \(type) declares \(declared) bytes but holds \(found)."
        case let .truncatedSubfile(type, missing):
            return "\(reject): subfile \(type) is cut short by \(missing) bytes. Scan the barcode again."
        case .noDocumentSubfile:
            return "\(reject): it has no DL or ID subfile."
        case let .emptySubfile(type):
            return "\(reject): subfile \(type) holds no data elements."
        case let .malformedElement(type, index):
            return "\(reject): line \(index + 1) of subfile \(type) is not a data element."
        case let .duplicateElement(id):
            return "\(reject): element \(id) occurs twice."
        case let .invalidText(id):
            return "\(reject): element \(id) is not valid text."
        case let .invalidValue(id, expected):
            return "\(reject): element \(id) is not \(expected)."
        }
    }
}

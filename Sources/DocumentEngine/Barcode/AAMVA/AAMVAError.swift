/// Why a payload is not an AAMVA DL/ID file CaptureKit accepts.
///
/// Cases name the part of the file that failed (header field, subfile type, element identifier)
/// and numbers such as offsets and lengths, never element values: descriptions are safe to log.
package enum AAMVAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A header field, for ``invalidHeaderField(_:)``.
    package enum HeaderField: String, Sendable, Hashable {
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
        "The barcode is not a valid AAMVA driver licence or ID payload. " + detail
    }

    /// What a lenient reading does about the fault (see ``AAMVAWarning/recovered(_:)``).
    package var recovery: String {
        switch self {
        case .empty, .payloadTooLarge, .noDocumentSubfile: return "Nothing could be read."
        case .missingComplianceIndicator, .invalidHeaderSeparators, .unknownFileType, .truncatedHeader,
            .invalidHeaderField, .unsupportedVersion, .noSubfiles:
            return "The elements were read without the header."
        case .truncatedDirectory, .invalidDesignator, .duplicateSubfile:
            return "The designators that could be read were used."
        case .subfileNotFound: return "That subfile was skipped."
        case .overlappingSubfiles: return "The second subfile was skipped."
        case .unexpectedBytesBeforeSubfiles: return "Those bytes were skipped."
        case .subfileLengthMismatch, .truncatedSubfile: return "The subfile was read up to where it really ends."
        case .emptySubfile: return "The subfile was skipped."
        case .malformedElement: return "That line was skipped."
        case .duplicateElement: return "The first occurrence was kept."
        case .invalidText: return "The element was skipped."
        case .invalidValue: return "Its raw value is kept; the typed field is left empty."
        }
    }

    /// A stable machine-readable name of the fault (the case name).
    package var code: String {
        switch self {
        case .empty: return "empty"
        case .payloadTooLarge: return "payloadTooLarge"
        case .missingComplianceIndicator: return "missingComplianceIndicator"
        case .invalidHeaderSeparators: return "invalidHeaderSeparators"
        case .unknownFileType: return "unknownFileType"
        case .truncatedHeader: return "truncatedHeader"
        case .invalidHeaderField: return "invalidHeaderField"
        case .unsupportedVersion: return "unsupportedVersion"
        case .noSubfiles: return "noSubfiles"
        case .truncatedDirectory: return "truncatedDirectory"
        case .invalidDesignator: return "invalidDesignator"
        case .duplicateSubfile: return "duplicateSubfile"
        case .subfileNotFound: return "subfileNotFound"
        case .overlappingSubfiles: return "overlappingSubfiles"
        case .unexpectedBytesBeforeSubfiles: return "unexpectedBytesBeforeSubfiles"
        case .subfileLengthMismatch: return "subfileLengthMismatch"
        case .truncatedSubfile: return "truncatedSubfile"
        case .noDocumentSubfile: return "noDocumentSubfile"
        case .emptySubfile: return "emptySubfile"
        case .malformedElement: return "malformedElement"
        case .duplicateElement: return "duplicateElement"
        case .invalidText: return "invalidText"
        case .invalidValue: return "invalidValue"
        }
    }

    /// What is wrong, in a sentence (no values).
    package var detail: String {
        switch self {
        case .empty:
            return "The payload is empty."
        case let .payloadTooLarge(count, limit):
            return "\(count) bytes is more than the \(limit) an AAMVA file can hold."
        case .missingComplianceIndicator:
            return "The payload does not start with the compliance indicator '@'."
        case .invalidHeaderSeparators:
            return "The separator characters of the header are missing."
        case .unknownFileType:
            return "The file type is neither 'ANSI ' nor 'AAMVA'."
        case .truncatedHeader:
            return "The payload ends inside the header."
        case let .invalidHeaderField(field):
            return "The header's \(field.rawValue) is not a number."
        case let .unsupportedVersion(version):
            return "AAMVA version \(version) is not supported (01 to 10 are)."
        case .noSubfiles:
            return "The header declares no subfiles."
        case let .truncatedDirectory(entries):
            return "The payload ends inside the directory of \(entries) subfiles."
        case let .invalidDesignator(index):
            return "Subfile designator \(index + 1) is malformed."
        case let .duplicateSubfile(type):
            return "Subfile \(type) is declared twice."
        case let .subfileNotFound(type, offset):
            return "Subfile \(type) is not at or near its declared offset \(offset)."
        case let .overlappingSubfiles(type, other):
            return "Subfiles \(type) and \(other) overlap."
        case let .unexpectedBytesBeforeSubfiles(count):
            return "\(count) unexpected bytes stand between the directory and the first subfile."
        case let .subfileLengthMismatch(type, declared, found):
            return "Subfile \(type) declares \(declared) bytes but holds \(found)."
        case let .truncatedSubfile(type, missing):
            return "Subfile \(type) is cut short by \(missing) bytes."
        case .noDocumentSubfile:
            return "The payload has no DL or ID subfile."
        case let .emptySubfile(type):
            return "Subfile \(type) holds no data elements."
        case let .malformedElement(type, index):
            return "Line \(index + 1) of subfile \(type) is not a data element."
        case let .duplicateElement(id):
            return "Element \(id) occurs twice."
        case let .invalidText(id):
            return "Element \(id) is not valid text."
        case let .invalidValue(id, expected):
            return "Element \(id) is not \(expected)."
        }
    }
}

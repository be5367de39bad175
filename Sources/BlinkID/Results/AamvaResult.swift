/// The fields of an AAMVA DL/ID file (North American driver's licences and ID cards), typed.
///
/// Every field is optional: jurisdictions omit elements, and blank values read as absent. Dates
/// are resolved in the order the file's version and country use; their `originalString` is the
/// eight digits as written. Jurisdiction-specific subfiles are kept raw.
public struct AamvaResult: Sendable, Equatable {
    /// A name element with its truncation flag (DDE, DDF, DDG; versions 04 and later).
    public struct Name: Sendable, Equatable, Hashable {
        /// The name, padding removed.
        public let value: String
        /// Whether the issuer truncated it: true ("T"), false ("N"), nil when unknown or not stated.
        public let isTruncated: Bool?
    }

    /// A height with its unit, as written (DAU).
    public struct Height: Sendable, Equatable, Hashable {
        /// The number.
        public let value: Int
        /// `in` or `cm`.
        public let unit: String
    }

    /// A postal address.
    public struct Address: Sendable, Equatable, Hashable {
        public let street1: String?
        public let street2: String?
        public let city: String?
        /// The state or province code.
        public let jurisdiction: String?
        public let postalCode: String?
    }

    /// A jurisdiction-specific subfile ("Z" and a letter), kept raw.
    public struct Subfile: Sendable, Equatable, Hashable {
        /// The subfile type, e.g. `ZV`.
        public let type: String
        /// Its content bytes (without type prefix and terminator).
        public let content: [UInt8]
    }

    /// Whether the file describes a driver's licence ("DL") or an identification card ("ID").
    public enum DocumentType: String, Sendable, Equatable, Codable {
        case driverLicence = "DL"
        case identificationCard = "ID"
    }

    /// The AAMVA version (1...10) as the header states it, or inferred from the element names when
    /// the header cannot be read (then ``BarcodeResult/warnings`` holds `versionInferred`).
    public let version: Int
    /// The jurisdiction's own version, when written.
    public let jurisdictionVersion: Int?
    /// The issuer identification number (6 digits, e.g. 636000 for Virginia); nil when the header
    /// cannot be read.
    public let issuerIdentificationNumber: String?
    public let documentType: DocumentType

    /// DCS (DAB in version 01).
    public let familyName: Name?
    /// DAC.
    public let firstName: Name?
    /// DAD; several middle names are comma-separated.
    public let middleName: Name?
    /// DAA, the full name of version 01 files.
    public let fullName: String?
    /// DCT, the given names of versions 02-03.
    public let givenNames: String?
    /// DCU (DAE in version 01).
    public let nameSuffix: String?

    /// DBB, DBA, DBD.
    public let dateOfBirth: DateResult?
    public let dateOfExpiry: DateResult?
    public let dateOfIssue: DateResult?
    /// DBC: `M`, `F` or `X` (not specified).
    public let sex: String?
    /// DAY, DAZ: the AAMVA codes (`BRO`, `BLU`, ...).
    public let eyeColour: String?
    public let hairColour: String?
    /// DAU.
    public let height: Height?
    /// DAG...DAK.
    public let address: Address?
    /// DCG: `USA` or `CAN`.
    public let country: String?

    /// DAQ, the customer (licence) number.
    public let customerID: String?
    /// DCF.
    public let documentDiscriminator: String?
    /// DCK.
    public let inventoryControlNumber: String?
    /// DCA, DCB, DCD (DAR, DAS, DAT in version 01).
    public let vehicleClass: String?
    public let restrictions: String?
    public let endorsements: String?
    /// DDA: `F` (fully compliant), `M` (materially compliant), `N` (non-compliant).
    public let complianceType: String?
    /// DDK (DBH in version 01), DDL.
    public let isOrganDonor: Bool?
    public let isVeteran: Bool?

    /// Every element of the DL/ID subfile as written, in file order (identifier, value), known or not.
    public let elements: [Element]
    /// The jurisdiction-specific subfiles, raw.
    public let jurisdictionSubfiles: [Subfile]

    /// One data element: its three-letter identifier and its value.
    public struct Element: Sendable, Equatable, Hashable {
        public let id: String
        public let value: String
    }
}

/// The header of an AAMVA DL/ID file (AAMVA DL/ID Card Design Standard, annex D):
/// compliance indicator "@", the three separator characters, the file type, the issuer
/// identification number, the AAMVA version, the jurisdiction version (from version 02 on) and
/// the number of subfile entries.
package struct AAMVAHeader: Sendable, Equatable {
    /// "ANSI " (the standard) or "AAMVA" (found on some older cards).
    package enum FileType: String, Sendable, Equatable {
        case ansi = "ANSI "
        case aamva = "AAMVA"
    }

    package var fileType: FileType
    /// The six-digit issuer identification number of the jurisdiction (e.g. "636000").
    package var issuerIdentificationNumber: String
    /// The AAMVA version, 1...10 (01 = DL/ID-2000 ... 10 = the 2020 standard).
    package var version: Int
    /// The jurisdiction's own version of its file (nil in version 01, which has no such field).
    package var jurisdictionVersion: Int?
    /// The number of subfile designators that follow the header.
    package var numberOfEntries: Int

    package init(
        fileType: FileType, issuerIdentificationNumber: String, version: Int, jurisdictionVersion: Int?,
        numberOfEntries: Int
    ) {
        self.fileType = fileType
        self.issuerIdentificationNumber = issuerIdentificationNumber
        self.version = version
        self.jurisdictionVersion = jurisdictionVersion
        self.numberOfEntries = numberOfEntries
    }
}

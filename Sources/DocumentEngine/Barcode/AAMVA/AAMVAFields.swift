/// The DL/ID data elements of an AAMVA file as typed fields (AAMVA DL/ID Card Design Standard,
/// annex D data dictionary), whichever version's element names the file used.
///
/// Every field is optional: jurisdictions omit elements, and blank (space-padded) values read as
/// absent. Strings are the values with their padding removed. Where versions named an element
/// differently the field says which elements feed it; see ``AAMVAFieldDecoder`` for the rules.
package struct AAMVAFields: Sendable, Equatable {
    /// DCS (DAB in version 01), with DDE.
    package var familyName: AAMVAName?
    /// DAC (from DCT in versions 02-03), with DDF.
    package var firstName: AAMVAName?
    /// DAD (from DCT in versions 02-03), with DDG. Several middle names are comma-separated.
    package var middleName: AAMVAName?
    /// DAA, the full name of version 01 files ("FAMILY,FIRST,MIDDLE" on most cards).
    package var fullName: String?
    /// DCT, the given names of versions 02-03.
    package var givenNames: String?
    /// DCU (DAE in version 01).
    package var nameSuffix: String?
    /// DAF, version 01 only.
    package var namePrefix: String?
    /// DBN, DBG, DBS (versions 03 and later).
    package var aliasFamilyName: String?
    package var aliasGivenName: String?
    package var aliasSuffix: String?

    /// DBB.
    package var dateOfBirth: AAMVADate?
    /// DBA.
    package var dateOfExpiry: AAMVADate?
    /// DBD.
    package var dateOfIssue: AAMVADate?
    /// DDB, the date of the card design revision.
    package var cardRevisionDate: AAMVADate?
    /// DDC.
    package var hazmatEndorsementExpiry: AAMVADate?
    /// DDH, DDI, DDJ.
    package var under18Until: AAMVADate?
    package var under19Until: AAMVADate?
    package var under21Until: AAMVADate?

    /// DBC.
    package var sex: AAMVASex?
    /// DAY.
    package var eyeColour: AAMVAEyeColour?
    /// DAZ.
    package var hairColour: AAMVAHairColour?
    /// DAU (DAV in version 01 for centimetres).
    package var height: AAMVAHeight?
    /// DAW.
    package var weightPounds: Int?
    /// DAX.
    package var weightKilograms: Int?
    /// DCE, the weight range 0...9.
    package var weightRange: Int?
    /// DCL.
    package var raceEthnicity: String?

    /// DAG, DAH, DAI, DAJ, DAK (the mailing address in version 01).
    package var address: AAMVAAddress?
    /// DAL...DAP, the residence address of version 01.
    package var residenceAddress: AAMVAAddress?
    /// DCG.
    package var country: AAMVACountry?
    /// DCI.
    package var placeOfBirth: String?

    /// DAQ, the customer (licence) number.
    package var customerID: String?
    /// DCF.
    package var documentDiscriminator: String?
    /// DCK.
    package var inventoryControlNumber: String?
    /// DCJ.
    package var auditInformation: String?
    /// DCA (DAR in version 01).
    package var vehicleClass: String?
    /// DCB (DAS in version 01).
    package var restrictions: String?
    /// DCD (DAT in version 01).
    package var endorsements: String?
    /// DCM, DCN, DCO: the standard codes.
    package var standardVehicleClass: String?
    package var standardEndorsements: String?
    package var standardRestrictions: String?
    /// DCP, DCQ, DCR: the jurisdiction's descriptions of its codes.
    package var vehicleClassDescription: String?
    package var endorsementsDescription: String?
    package var restrictionsDescription: String?
    /// DDA.
    package var complianceType: AAMVAComplianceType?
    /// DDD.
    package var isLimitedDuration: Bool?
    /// DDK (DBH in version 01).
    package var isOrganDonor: Bool?
    /// DDL.
    package var isVeteran: Bool?

    package init() {}
}

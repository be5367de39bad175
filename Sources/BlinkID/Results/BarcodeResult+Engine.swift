package import DocumentEngine

extension BarcodeResult {
    /// The public form of the engine's reading: the symbol's bytes and, for an AAMVA file, its fields
    /// and warnings (or, for an AAMVA payload with no DL/ID element, why it gave no fields).
    package init(bytes: [UInt8], record: AAMVARecord?, payloadError: AAMVAError? = nil) {
        var warnings = record?.allWarnings.map(Warning.init) ?? []
        if let payloadError { warnings.append(Warning(payloadError)) }
        self.init(
            rawData: bytes, stringData: String(decoding: bytes, as: UTF8.self), aamva: record.map(AamvaResult.init),
            warnings: warnings)
    }

    /// The public form of a reading of the engine's ``PDF417Reader``.
    package init(_ reading: PDF417Reader.Reading) {
        self.init(bytes: reading.symbol.bytes, record: reading.record, payloadError: reading.payloadError)
    }
}

extension BarcodeResult.Warning {
    init(_ warning: AAMVAWarning) {
        self.init(code: warning.code, element: warning.element, message: warning.description)
    }

    init(_ error: AAMVAError) {
        self.init(code: error.code, element: nil, message: error.detail + " " + error.recovery)
    }
}

extension AamvaResult {
    /// The public form of a parsed AAMVA file.
    package init(_ record: AAMVARecord) {
        let f = record.fields
        let order = record.dateOrder
        func date(_ value: AAMVADate?) -> DateResult? {
            value.map { DateResult(day: $0.day, month: $0.month, year: $0.year, originalString: $0.digits(order)) }
        }
        func name(_ value: AAMVAName?) -> Name? {
            value.map { n in
                Name(
                    value: n.value,
                    isTruncated: n.truncation.flatMap { t in
                        switch t {
                        case .truncated: return true
                        case .notTruncated: return false
                        case .unknown: return nil
                        }
                    })
            }
        }
        let sex: String? = f.sex.map { s in
            switch s {
            case .male: return "M"
            case .female: return "F"
            case .notSpecified: return "X"
            }
        }
        self.init(
            version: record.version, jurisdictionVersion: record.header?.jurisdictionVersion,
            issuerIdentificationNumber: record.header?.issuerIdentificationNumber,
            documentType: record.documentType == .driverLicence ? .driverLicence : .identificationCard,
            familyName: name(f.familyName), firstName: name(f.firstName), middleName: name(f.middleName),
            fullName: f.fullName, givenNames: f.givenNames, nameSuffix: f.nameSuffix,
            dateOfBirth: date(f.dateOfBirth), dateOfExpiry: date(f.dateOfExpiry), dateOfIssue: date(f.dateOfIssue),
            sex: sex, eyeColour: f.eyeColour?.rawValue, hairColour: f.hairColour?.rawValue,
            height: f.height.map { Height(value: $0.value, unit: $0.unit.rawValue) },
            address: f.address.map {
                Address(
                    street1: $0.street1, street2: $0.street2, city: $0.city, jurisdiction: $0.jurisdiction,
                    postalCode: $0.postalCode)
            },
            country: f.country?.rawValue, customerID: f.customerID, documentDiscriminator: f.documentDiscriminator,
            inventoryControlNumber: f.inventoryControlNumber, vehicleClass: f.vehicleClass,
            restrictions: f.restrictions, endorsements: f.endorsements, complianceType: f.complianceType?.rawValue,
            isOrganDonor: f.isOrganDonor, isVeteran: f.isVeteran,
            elements: record.elements.map { Element(id: $0.id, value: $0.value) },
            jurisdictionSubfiles: record.jurisdictionSubfiles.map { Subfile(type: $0.type, content: $0.content) })
    }
}

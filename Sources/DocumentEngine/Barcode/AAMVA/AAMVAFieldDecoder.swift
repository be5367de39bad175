/// Turns the elements of a DL/ID subfile into ``AAMVAFields``.
///
/// Rules, for all versions (older element names are read when the current ones are absent, and
/// flagged as ``AAMVADeviation/legacyElement`` when the file's version should have used the new
/// ones):
/// - Names: family DCS, else DAB, else the first part of DAA; first DAC, else the first of DCT's
///   given names, else DAA's second part; middle DAD, else the rest of DCT, else DAA's third part.
///   DAA is split at commas ("FAMILY,FIRST,MIDDLE,SUFFIX"); without commas it stays whole in
///   ``AAMVAFields/fullName`` only. DCT is split at its first comma, else its first space.
/// - Dates: CCYYMMDD in version 01; from version 02, MMDDCCYY unless the country is Canada (DCG
///   "CAN", or without DCG a Canadian DAJ). A date that only reads in the other order is accepted
///   and flagged ``AAMVADeviation/dateOrder``; a date that reads in neither order is an error.
/// - Codes (sex, eye and hair colour, truncation, compliance, indicators, country, weight range)
///   must be one of the standard's values or a known legacy spelling.
/// - Blank (space-only) values are absent, never errors.
/// - A value that does not parse leaves its typed field empty and is recorded as a warning
///   (``AAMVAWarning/recovered(_:)`` of ``AAMVAError/invalidValue(element:expected:)``); the raw
///   element stays in the record. Nothing is guessed.
package enum AAMVAFieldDecoder {
    /// Decodes `elements` of a file of AAMVA `version`; values that do not parse are added to `warnings`.
    package static func decode(
        _ elements: [AAMVAElement], version: Int, deviations: inout Set<AAMVADeviation>,
        warnings: inout [AAMVAWarning]
    ) -> (fields: AAMVAFields, dateOrder: AAMVADate.Order) {
        var values: [String: String] = [:]
        for e in elements { if let v = e.trimmedValue { values[e.id] = v } }
        var f = AAMVAFields()
        func note(_ error: AAMVAError) {
            if !warnings.contains(.recovered(error)) { warnings.append(.recovered(error)) }
        }
        /// The value `body` reads, or nil (and a warning) when it throws.
        func lenient<T>(_ body: () throws(AAMVAError) -> T?) -> T? {
            do {
                return try body()
            } catch {
                note(error)
                return nil
            }
        }

        // Country and date order first: dates depend on them.
        f.country = lenient { () throws(AAMVAError) -> AAMVACountry? in
            guard let dcg = values["DCG"] else { return nil }
            guard let country = AAMVACountry(rawValue: dcg.uppercased()) else {
                throw .invalidValue(element: "DCG", expected: "USA or CAN")
            }
            return country
        }
        let inferredCountry =
            f.country
            ?? (values["DAJ"].map { AAMVACountry.canadianJurisdictions.contains($0) } == true ? .canada : .unitedStates)
        let order: AAMVADate.Order = version == 1 ? .yearMonthDay : inferredCountry.dateOrder

        decodeNames(values, version: version, into: &f, deviations: &deviations, lenient: lenient)

        func date(_ id: String) throws(AAMVAError) -> AAMVADate? {
            guard let v = values[id] else { return nil }
            if let d = AAMVADate(digits: v, order: order) { return d }
            let other: AAMVADate.Order = order == .monthDayYear ? .yearMonthDay : .monthDayYear
            if let d = AAMVADate(digits: v, order: other) {
                deviations.insert(.dateOrder)
                return d
            }
            throw .invalidValue(element: id, expected: "a date")
        }
        f.dateOfBirth = lenient { () throws(AAMVAError) in try date("DBB") }
        f.dateOfExpiry = lenient { () throws(AAMVAError) in try date("DBA") }
        f.dateOfIssue = lenient { () throws(AAMVAError) in try date("DBD") }
        f.cardRevisionDate = lenient { () throws(AAMVAError) in try date("DDB") }
        f.hazmatEndorsementExpiry = lenient { () throws(AAMVAError) in try date("DDC") }
        f.under18Until = lenient { () throws(AAMVAError) in try date("DDH") }
        f.under19Until = lenient { () throws(AAMVAError) in try date("DDI") }
        f.under21Until = lenient { () throws(AAMVAError) in try date("DDJ") }

        if let v = values["DBC"] {
            if let parsed = AAMVASex.parse(v.uppercased()) {
                f.sex = parsed.sex
                if parsed.isLegacy || v != v.uppercased() { deviations.insert(.legacyValue) }
            } else {
                note(.invalidValue(element: "DBC", expected: "a sex code"))
            }
        }
        if let v = values["DAY"] {
            if let parsed = AAMVAEyeColour.parse(v.uppercased()) {
                f.eyeColour = parsed.colour
                if parsed.isLegacy || v != v.uppercased() { deviations.insert(.legacyValue) }
            } else {
                note(.invalidValue(element: "DAY", expected: "an eye colour code"))
            }
        }
        if let v = values["DAZ"] {
            if let parsed = AAMVAHairColour.parse(v.uppercased()) {
                f.hairColour = parsed.colour
                if parsed.isLegacy || v != v.uppercased() { deviations.insert(.legacyValue) }
            } else {
                note(.invalidValue(element: "DAZ", expected: "a hair colour code"))
            }
        }
        if let v = values["DAU"] {
            let unit: AAMVAHeight.Unit = inferredCountry == .canada ? .centimetres : .inches
            if let parsed = AAMVAHeight.parse(v, defaultUnit: unit, allowsFeetAndInches: true) {
                f.height = parsed.height
                if parsed.isLegacy && version >= 2 { deviations.insert(.legacyValue) }
            } else {
                note(.invalidValue(element: "DAU", expected: "a height"))
            }
        } else if let v = values["DAV"] {
            f.height = lenient { () throws(AAMVAError) -> AAMVAHeight? in
                guard let cm = number(v, maxDigits: 3), AAMVAHeight.centimetreRange.contains(cm) else {
                    throw .invalidValue(element: "DAV", expected: "a height in centimetres")
                }
                return AAMVAHeight(value: cm, unit: .centimetres)
            }
        }
        f.weightPounds = lenient { () throws(AAMVAError) in
            try integer(values, "DAW", maxDigits: 3, range: 1...999, expected: "a weight in pounds")
        }
        f.weightKilograms = lenient { () throws(AAMVAError) in
            try integer(values, "DAX", maxDigits: 3, range: 1...999, expected: "a weight in kilograms")
        }
        f.weightRange = lenient { () throws(AAMVAError) in
            try integer(values, "DCE", maxDigits: 1, range: 0...9, expected: "a weight range 0-9")
        }
        f.raceEthnicity = values["DCL"]

        f.address = address(values, ["DAG", "DAH", "DAI", "DAJ", "DAK"])
        if version == 1 { f.residenceAddress = address(values, ["DAL", "DAM", "DAN", "DAO", "DAP"]) }
        f.placeOfBirth = values["DCI"]

        f.customerID = values["DAQ"]
        f.documentDiscriminator = values["DCF"]
        f.inventoryControlNumber = values["DCK"]
        f.auditInformation = values["DCJ"]
        f.vehicleClass = current("DCA", legacy: "DAR", values, version: version, deviations: &deviations)
        f.restrictions = current("DCB", legacy: "DAS", values, version: version, deviations: &deviations)
        f.endorsements = current("DCD", legacy: "DAT", values, version: version, deviations: &deviations)
        f.standardVehicleClass = values["DCM"]
        f.standardEndorsements = values["DCN"]
        f.standardRestrictions = values["DCO"]
        f.vehicleClassDescription = values["DCP"]
        f.endorsementsDescription = values["DCQ"]
        f.restrictionsDescription = values["DCR"]
        f.complianceType = lenient { () throws(AAMVAError) -> AAMVAComplianceType? in
            guard let v = values["DDA"] else { return nil }
            guard let type = AAMVAComplianceType(rawValue: v.uppercased()) else {
                throw .invalidValue(element: "DDA", expected: "a compliance type F, M or N")
            }
            return type
        }
        f.isLimitedDuration = lenient { () throws(AAMVAError) in try indicator(values, "DDD", deviations: &deviations) }
        f.isVeteran = lenient { () throws(AAMVAError) in try indicator(values, "DDL", deviations: &deviations) }
        f.isOrganDonor = lenient { () throws(AAMVAError) in try indicator(values, "DDK", deviations: &deviations) }
        if f.isOrganDonor == nil, version == 1 {
            f.isOrganDonor = lenient { () throws(AAMVAError) in try indicator(values, "DBH", deviations: &deviations) }
        }
        return (f, order)
    }

    // MARK: - Names

    static func decodeNames(
        _ values: [String: String], version: Int, into f: inout AAMVAFields,
        deviations: inout Set<AAMVADeviation>,
        lenient: (() throws(AAMVAError) -> AAMVAName.Truncation?) -> AAMVAName.Truncation?
    ) {
        f.fullName = values["DAA"]
        f.givenNames = values["DCT"]
        // DAA "FAMILY,FIRST,MIDDLE,SUFFIX" (empty parts absent).
        var daaParts: [String?] = []
        if let daa = values["DAA"], daa.contains(",") {
            daaParts = daa.split(separator: ",", omittingEmptySubsequences: false).map {
                let part = String($0).trimmingSpaces
                return part.isEmpty ? nil : part
            }
        }
        func daa(_ k: Int) -> String? { k < daaParts.count ? daaParts[k] : nil }
        // DCT "FIRST,MIDDLE" or "FIRST MIDDLE".
        var dctFirst: String?, dctRest: String?
        if let dct = values["DCT"] {
            let separator: Character = dct.contains(",") ? "," : " "
            let parts = dct.split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false)
            dctFirst = parts.first.map { String($0).trimmingSpaces }.flatMap { $0.isEmpty ? nil : $0 }
            dctRest = parts.count > 1 ? String(parts[1]).trimmingSpaces : nil
            if dctRest?.isEmpty == true { dctRest = nil }
        }
        let family = values["DCS"] ?? values["DAB"] ?? daa(0)
        let first = values["DAC"] ?? dctFirst ?? daa(1)
        let middle = values["DAD"] ?? dctRest ?? daa(2)
        if version >= 2, values["DCS"] == nil, family != nil { deviations.insert(.legacyElement) }
        if version >= 4, values["DAC"] == nil, values["DCT"] != nil { deviations.insert(.legacyElement) }
        // Flags are checked even without their name: a garbage flag is garbage.
        let familyFlag = lenient { () throws(AAMVAError) in try truncation(values, "DDE") }
        let firstFlag = lenient { () throws(AAMVAError) in try truncation(values, "DDF") }
        let middleFlag = lenient { () throws(AAMVAError) in try truncation(values, "DDG") }
        f.familyName = family.map { AAMVAName($0, truncation: familyFlag) }
        f.firstName = first.map { AAMVAName($0, truncation: firstFlag) }
        f.middleName = middle.map { AAMVAName($0, truncation: middleFlag) }
        f.nameSuffix = values["DCU"] ?? values["DAE"] ?? daa(3)
        f.namePrefix = values["DAF"]
        if version >= 3 {
            f.aliasFamilyName = values["DBN"]
            f.aliasGivenName = values["DBG"]
            f.aliasSuffix = values["DBS"]
        }
    }

    static func truncation(_ values: [String: String], _ id: String) throws(AAMVAError) -> AAMVAName.Truncation? {
        guard let v = values[id] else { return nil }
        guard let t = AAMVAName.Truncation(rawValue: v.uppercased()) else {
            throw .invalidValue(element: id, expected: "T, N or U")
        }
        return t
    }

    // MARK: - Helpers

    static func current(
        _ id: String, legacy: String, _ values: [String: String], version: Int,
        deviations: inout Set<AAMVADeviation>
    ) -> String? {
        if let v = values[id] { return v }
        guard let v = values[legacy] else { return nil }
        if version >= 2 { deviations.insert(.legacyElement) }
        return v
    }

    static func address(_ values: [String: String], _ ids: [String]) -> AAMVAAddress? {
        let a = AAMVAAddress(
            street1: values[ids[0]], street2: values[ids[1]], city: values[ids[2]],
            jurisdiction: values[ids[3]], postalCode: values[ids[4]])
        return a.isEmpty ? nil : a
    }

    static func indicator(
        _ values: [String: String], _ id: String, deviations: inout Set<AAMVADeviation>
    )
        throws(AAMVAError) -> Bool?
    {
        guard let v = values[id] else { return nil }
        switch v.uppercased() {
        case "1": return true
        case "0": return false
        case "Y":
            deviations.insert(.legacyValue)
            return true
        case "N":
            deviations.insert(.legacyValue)
            return false
        default: throw .invalidValue(element: id, expected: "an indicator 1 or 0")
        }
    }

    static func integer(
        _ values: [String: String], _ id: String, maxDigits: Int, range: ClosedRange<Int>,
        expected: String
    ) throws(AAMVAError) -> Int? {
        guard let v = values[id] else { return nil }
        guard let n = number(v, maxDigits: maxDigits), range.contains(n) else {
            throw .invalidValue(element: id, expected: expected)
        }
        return n
    }

    /// Up to `maxDigits` ASCII digits as a number (no sign, no spaces).
    static func number(_ text: String, maxDigits: Int) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maxDigits, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

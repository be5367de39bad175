import BlinkID
import CaptureCore
import DocumentEngine
import Foundation

/// What `capkit scan` prints for one input.
struct ScanReport {
    var input: String
    var frame: ProcessResult?
    var mrz: MrzResult?
    var barcode: BarcodeResult?
    var dataMatch: DataMatchResult?
    var error: String?
    var previewFrame: RGBAImage?
    var analysis: FrameAnalysis?
    /// The printed fields read on each side.
    var viz: [VizResult]

    init(input: String, frame: ProcessResult? = nil, mrz: MrzResult? = nil, barcode: BarcodeResult? = nil,
         dataMatch: DataMatchResult? = nil, error: String? = nil, previewFrame: RGBAImage? = nil,
         analysis: FrameAnalysis? = nil, viz: [VizResult] = []) {
        self.input = input
        self.viz = viz
        self.frame = frame
        self.mrz = mrz
        self.barcode = barcode
        self.dataMatch = dataMatch
        self.error = error
        self.previewFrame = previewFrame
        self.analysis = analysis
    }

    /// The `--json` schema of the README.
    struct JSONLine: Encodable {
        struct XY: Encodable { var x: Int32; var y: Int32 }
        struct Location: Encodable { var upperLeft, upperRight, lowerRight, lowerLeft: XY }
        struct Fields: Encodable {
            var documentType, documentCode, issuingCountry, documentNumber: String
            var dateOfBirth, dateOfExpiry: String?
            var sex, nationality, primaryName, secondaryName, optionalData1, optionalData2: String
        }
        struct MRZ: Encodable {
            var rawLines: [String]
            /// All check digits agree.
            var valid: Bool
            /// Valid, and every character no check digit covers was read confidently.
            var verified: Bool
            var fields: Fields
            /// Per character of `rawLines`, the recogniser's confidence to three decimals (empty when unknown).
            var characterConfidences: [[Double]]
        }
        struct Warning: Encodable { var code: String; var element: String?; var message: String }
        struct Barcode: Encodable {
            var rawPayload: String
            var aamva: AAMVA?
            var warnings: [Warning]

            func encode(to encoder: any Encoder) throws {
                enum K: String, CodingKey { case rawPayload, aamva, warnings }
                var c = encoder.container(keyedBy: K.self)
                try c.encode(rawPayload, forKey: .rawPayload)
                try c.encode(aamva, forKey: .aamva)  // explicit null for a payload that is not AAMVA
                try c.encode(warnings, forKey: .warnings)
            }
        }
        struct Name: Encodable { var value: String; var truncated: Bool? }
        struct Height: Encodable { var value: Int; var unit: String }
        struct Address: Encodable { var street1, street2, city, jurisdiction, postalCode: String? }
        struct AAMVA: Encodable {
            var version: Int
            var jurisdictionVersion: Int?
            var issuerIdentificationNumber: String?
            var documentType: String
            var familyName, firstName, middleName: Name?
            var fullName, givenNames, nameSuffix: String?
            var dateOfBirth, dateOfExpiry, dateOfIssue: String?
            var sex, eyeColour, hairColour: String?
            var height: Height?
            var address: Address?
            var country, customerID, documentDiscriminator, inventoryControlNumber: String?
            var vehicleClass, restrictions, endorsements, complianceType: String?
            var isOrganDonor, isVeteran: Bool?
            var jurisdictionSubfiles: [String]
        }
        struct Comparison: Encodable { var field: String; var sources: [String]; var agrees: Bool }
        struct DataMatch: Encodable { var state: String; var comparisons: [Comparison] }
        var input: String
        var detectionStatus: String
        var documentLocation: Location?
        var mrz: MRZ?
        var barcode: Barcode?
        var dataMatch: DataMatch?
        var error: String?
        var viz: [ScanReportViz]? = nil

        func encode(to encoder: any Encoder) throws {
            enum K: String, CodingKey { case input, detectionStatus, documentLocation, mrz, barcode, dataMatch, error, viz }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(input, forKey: .input)
            try c.encode(detectionStatus, forKey: .detectionStatus)
            try c.encode(documentLocation, forKey: .documentLocation)  // explicit null when absent
            try c.encode(mrz, forKey: .mrz)
            try c.encode(barcode, forKey: .barcode)
            try c.encodeIfPresent(dataMatch, forKey: .dataMatch)
            try c.encodeIfPresent(error, forKey: .error)
            try c.encodeIfPresent(viz, forKey: .viz)
        }
    }

    var json: JSONLine {
        let analysis = frame?.inputImageAnalysisResult
        let location = analysis?.documentLocation.map { l in
            JSONLine.Location(upperLeft: .init(x: l.location.upperLeft.x, y: l.location.upperLeft.y),
                              upperRight: .init(x: l.location.upperRight.x, y: l.location.upperRight.y),
                              lowerRight: .init(x: l.location.lowerRight.x, y: l.location.lowerRight.y),
                              lowerLeft: .init(x: l.location.lowerLeft.x, y: l.location.lowerLeft.y))
        }
        let mrzJSON = mrz.map { m in
            JSONLine.MRZ(rawLines: m.rawLines, valid: m.checks.allPassed, verified: m.isVerified, fields: .init(
                documentType: m.documentType.rawValue, documentCode: m.documentCode,
                issuingCountry: m.issuingCountry, documentNumber: m.documentNumber,
                dateOfBirth: m.dateOfBirth?.isoString, dateOfExpiry: m.dateOfExpiry?.isoString, sex: m.sex,
                nationality: m.nationality, primaryName: m.primaryName, secondaryName: m.secondaryName,
                optionalData1: m.optionalData1, optionalData2: m.optionalData2),
                characterConfidences: m.characterConfidences.map { $0.map { (Double($0) * 1000).rounded() / 1000 } })
        }
        let match = dataMatch.flatMap { m in
            let comparisons = m.comparisons.map {
                JSONLine.Comparison(field: $0.field.rawValue, sources: $0.sources.map(\.rawValue), agrees: $0.agrees)
            }
            return m.state == .notPerformed ? nil : JSONLine.DataMatch(state: m.state.rawValue, comparisons: comparisons)
        }
        return JSONLine(input: input, detectionStatus: analysis?.documentDetectionStatus.rawValue ?? "failed",
                        documentLocation: location, mrz: mrzJSON, barcode: barcode.map(Self.barcodeJSON),
                        dataMatch: match, error: error, viz: ScanReportViz.member(viz))
    }

    static func barcodeJSON(_ b: BarcodeResult) -> JSONLine.Barcode {
        JSONLine.Barcode(rawPayload: b.stringData, aamva: b.aamva.map { a in
            func name(_ n: AamvaResult.Name?) -> JSONLine.Name? {
                n.map { .init(value: $0.value, truncated: $0.isTruncated) }
            }
            return JSONLine.AAMVA(
                version: a.version, jurisdictionVersion: a.jurisdictionVersion,
                issuerIdentificationNumber: a.issuerIdentificationNumber, documentType: a.documentType.rawValue,
                familyName: name(a.familyName), firstName: name(a.firstName), middleName: name(a.middleName),
                fullName: a.fullName, givenNames: a.givenNames, nameSuffix: a.nameSuffix,
                dateOfBirth: a.dateOfBirth?.isoString, dateOfExpiry: a.dateOfExpiry?.isoString,
                dateOfIssue: a.dateOfIssue?.isoString, sex: a.sex, eyeColour: a.eyeColour, hairColour: a.hairColour,
                height: a.height.map { .init(value: $0.value, unit: $0.unit) },
                address: a.address.map {
                    .init(street1: $0.street1, street2: $0.street2, city: $0.city, jurisdiction: $0.jurisdiction,
                          postalCode: $0.postalCode)
                },
                country: a.country, customerID: a.customerID, documentDiscriminator: a.documentDiscriminator,
                inventoryControlNumber: a.inventoryControlNumber, vehicleClass: a.vehicleClass,
                restrictions: a.restrictions, endorsements: a.endorsements, complianceType: a.complianceType,
                isOrganDonor: a.isOrganDonor, isVeteran: a.isVeteran,
                jurisdictionSubfiles: a.jurisdictionSubfiles.map(\.type))
        }, warnings: b.warnings.map { .init(code: $0.code, element: $0.element, message: $0.message) })
    }

    func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(json) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    func humanReadable() -> String {
        if let error { return "\(input): error: \(error)" }
        var lines = ["\(input): \(json.detectionStatus)"]
        if let mrz {
            lines.append("  MRZ (\(mrz.documentType.rawValue), check digits \(mrz.checks.allPassed ? "valid" : "INVALID"), "
                         + (mrz.isVerified ? "verified):" : "NOT verified):"))
            lines += mrz.rawLines.map { "    \($0)" }
            lines.append("  document \(mrz.documentCode) \(mrz.issuingCountry) \(mrz.documentNumber)")
            lines.append("  name     \(mrz.primaryName), \(mrz.secondaryName)")
            lines.append("  born     \(mrz.dateOfBirth?.isoString ?? "?")  sex \(mrz.sex)  nationality \(mrz.nationality)")
            lines.append("  expires  \(mrz.dateOfExpiry?.isoString ?? "?")")
        } else {
            lines.append("  no MRZ read")
        }
        if let barcode {
            lines.append("  PDF417 barcode (\(barcode.rawData.count) bytes)")
            if let a = barcode.aamva {
                let given = [a.firstName?.value, a.middleName?.value].compactMap { $0 }.joined(separator: " ")
                lines.append("  AAMVA v\(a.version) \(a.documentType.rawValue), IIN \(a.issuerIdentificationNumber ?? "?"), "
                             + "number \(a.customerID ?? "?")")
                let family = a.familyName?.value ?? a.fullName ?? "?"
                lines.append("  name     \(family), \(given.isEmpty ? a.givenNames ?? "" : given)")
                lines.append("  born     \(a.dateOfBirth?.isoString ?? "?")  sex \(a.sex ?? "?")  expires "
                             + (a.dateOfExpiry?.isoString ?? "?"))
            }
            lines += barcode.warnings.map { "  warning  \($0.code): \($0.message)" }
        }
        lines += ScanReportViz.lines(viz)
        if let dataMatch, dataMatch.state != .notPerformed {
            let mismatches = dataMatch.mismatches.map(\.rawValue).joined(separator: ", ")
            let sources = Set(dataMatch.comparisons.flatMap(\.sources))
            let names = [(DataMatchResult.Source.mrz, "MRZ"), (.barcode, "barcode"), (.viz, "printed fields")]
                .filter { sources.contains($0.0) }.map(\.1).joined(separator: ", ")
            lines.append("  \(names) " + (dataMatch.state == .success ? "agree" : "DISAGREE on \(mismatches)"))
        }
        return lines.joined(separator: "\n")
    }
}

package import BlinkID
package import CaptureCore
package import DocumentEngine
import Foundation

/// The result of scanning one input, in the one JSON schema that `capkit scan --json` prints and
/// `POST /v1/documents/scan` answers (README, "scan JSON"), plus its human-readable form.
package struct ScanReport: Sendable {
    /// What was scanned: a path for `capkit scan`, the uploaded parts (`front`, `front+back`) for the server.
    package var input: String
    /// The last frame's process result (detection status and outline).
    package var frame: ProcessResult?
    package var mrz: MrzResult?
    package var barcode: BarcodeResult?
    package var dataMatch: DataMatchResult?
    /// Why the input could not be scanned (never personal data).
    package var error: String?
    /// The last frame, for `capkit scan --preview`; never encoded.
    package var previewFrame: RGBAImage?
    package var analysis: FrameAnalysis?
    /// The document, face and signature crops, encoded only when asked for (`images` in the JSON).
    package var images: ScanImages?
    /// The printed fields read on each side.
    package var viz: [VizResult]

    package init(
        input: String, frame: ProcessResult? = nil, mrz: MrzResult? = nil, barcode: BarcodeResult? = nil,
        dataMatch: DataMatchResult? = nil, error: String? = nil, previewFrame: RGBAImage? = nil,
        analysis: FrameAnalysis? = nil, images: ScanImages? = nil, viz: [VizResult] = []
    ) {
        self.input = input
        self.viz = viz
        self.frame = frame
        self.mrz = mrz
        self.barcode = barcode
        self.dataMatch = dataMatch
        self.error = error
        self.previewFrame = previewFrame
        self.analysis = analysis
        self.images = images
    }

    /// The `--json` schema of the README.
    package struct JSONLine: Encodable {
        package struct XY: Encodable { var x: Int32; var y: Int32 }
        package struct Location: Encodable { var upperLeft, upperRight, lowerRight, lowerLeft: XY }
        package struct Fields: Encodable {
            var documentType, documentCode, issuingCountry, documentNumber: String
            var dateOfBirth, dateOfExpiry: String?
            var sex, nationality, primaryName, secondaryName, optionalData1, optionalData2: String
        }
        package struct MRZ: Encodable {
            var rawLines: [String]
            /// All check digits agree.
            var valid: Bool
            /// Valid, and every character no check digit covers was read confidently.
            var verified: Bool
            var fields: Fields
            /// Per character of `rawLines`, the recogniser's confidence to three decimals (empty when unknown).
            var characterConfidences: [[Double]]
        }
        package struct Warning: Encodable { var code: String; var element: String?; var message: String }
        package struct Barcode: Encodable {
            var rawPayload: String
            /// The payload's bytes exactly as decoded, base64: `rawPayload` is text, and a byte that is
            /// not UTF-8 (a Latin-1 name) shows there as U+FFFD.
            var rawPayloadBase64: String
            var aamva: AAMVA?
            var warnings: [Warning]

            package func encode(to encoder: any Encoder) throws {
                enum K: String, CodingKey { case rawPayload, rawPayloadBase64, aamva, warnings }
                var c = encoder.container(keyedBy: K.self)
                try c.encode(rawPayload, forKey: .rawPayload)
                try c.encode(rawPayloadBase64, forKey: .rawPayloadBase64)
                try c.encode(aamva, forKey: .aamva)  // explicit null for a payload that is not AAMVA
                try c.encode(warnings, forKey: .warnings)
            }
        }
        package struct Name: Encodable { var value: String; var truncated: Bool? }
        package struct Height: Encodable { var value: Int; var unit: String }
        package struct Address: Encodable { var street1, street2, city, jurisdiction, postalCode: String? }
        package struct AAMVA: Encodable {
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
        package struct Comparison: Encodable { var field: String; var sources: [String]; var agrees: Bool }
        package struct DataMatch: Encodable { var state: String; var comparisons: [Comparison] }
        package var input: String
        package var detectionStatus: String
        package var documentLocation: Location?
        package var mrz: MRZ?
        package var barcode: Barcode?
        package var dataMatch: DataMatch?
        package var error: String?
        /// Base64 JPEG crops, present only when asked for.
        package var images: ScanImages.JSON?
        /// The printed fields per side, present when some were read.
        package var viz: [ScanReportViz]? = nil

        package func encode(to encoder: any Encoder) throws {
            enum K: String, CodingKey {
                case input, detectionStatus, documentLocation, mrz, barcode, dataMatch, error, images, viz
            }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(input, forKey: .input)
            try c.encode(detectionStatus, forKey: .detectionStatus)
            try c.encode(documentLocation, forKey: .documentLocation)  // explicit null when absent
            try c.encode(mrz, forKey: .mrz)
            try c.encode(barcode, forKey: .barcode)
            try c.encodeIfPresent(dataMatch, forKey: .dataMatch)
            try c.encodeIfPresent(error, forKey: .error)
            try c.encodeIfPresent(images, forKey: .images)
            try c.encodeIfPresent(viz, forKey: .viz)
        }
    }

    /// The report in the JSON schema.
    package var json: JSONLine {
        let analysis = frame?.inputImageAnalysisResult
        let location = analysis?.documentLocation.map { l in
            JSONLine.Location(
                upperLeft: .init(x: l.location.upperLeft.x, y: l.location.upperLeft.y),
                upperRight: .init(x: l.location.upperRight.x, y: l.location.upperRight.y),
                lowerRight: .init(x: l.location.lowerRight.x, y: l.location.lowerRight.y),
                lowerLeft: .init(x: l.location.lowerLeft.x, y: l.location.lowerLeft.y))
        }
        let mrzJSON = mrz.map { m in
            JSONLine.MRZ(
                rawLines: m.rawLines, valid: m.checks.allPassed, verified: m.isVerified,
                fields: .init(
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
            return m.state == .notPerformed
                ? nil : JSONLine.DataMatch(state: m.state.rawValue, comparisons: comparisons)
        }
        return JSONLine(
            input: input, detectionStatus: analysis?.documentDetectionStatus.rawValue ?? "failed",
            documentLocation: location, mrz: mrzJSON, barcode: barcode.map(Self.barcodeJSON),
            dataMatch: match, error: error, images: images?.json, viz: ScanReportViz.member(viz))
    }

    /// A barcode in the JSON schema (also printed alone by `capkit aamva`).
    package static func barcodeJSON(_ b: BarcodeResult) -> JSONLine.Barcode {
        JSONLine.Barcode(
            rawPayload: b.stringData, rawPayloadBase64: Data(b.rawData).base64EncodedString(),
            aamva: b.aamva.map { a in
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
                        .init(
                            street1: $0.street1, street2: $0.street2, city: $0.city, jurisdiction: $0.jurisdiction,
                            postalCode: $0.postalCode)
                    },
                    country: a.country, customerID: a.customerID, documentDiscriminator: a.documentDiscriminator,
                    inventoryControlNumber: a.inventoryControlNumber, vehicleClass: a.vehicleClass,
                    restrictions: a.restrictions, endorsements: a.endorsements, complianceType: a.complianceType,
                    isOrganDonor: a.isOrganDonor, isVeteran: a.isVeteran,
                    jurisdictionSubfiles: a.jurisdictionSubfiles.map(\.type))
            }, warnings: b.warnings.map { .init(code: $0.code, element: $0.element, message: $0.message) })
    }

    /// The report as one line of JSON (sorted keys).
    package func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(json) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The report as `capkit scan` prints it without `--json`.
    package func humanReadable() -> String {
        if let error { return "\(input): error: \(error)" }
        var lines = ["\(input): \(json.detectionStatus)"]
        if let mrz {
            lines.append(
                "  MRZ (\(mrz.documentType.rawValue), check digits \(mrz.checks.allPassed ? "valid" : "INVALID"), "
                    + (mrz.isVerified ? "verified):" : "NOT verified):"))
            lines += mrz.rawLines.map { "    \($0)" }
            lines.append("  document \(mrz.documentCode) \(mrz.issuingCountry) \(mrz.documentNumber)")
            lines.append("  name     \(mrz.primaryName), \(mrz.secondaryName)")
            lines.append(
                "  born     \(mrz.dateOfBirth?.isoString ?? "?")  sex \(mrz.sex)  nationality \(mrz.nationality)")
            lines.append("  expires  \(mrz.dateOfExpiry?.isoString ?? "?")")
        } else {
            lines.append("  no MRZ read")
        }
        if let barcode {
            lines.append("  PDF417 barcode (\(barcode.rawData.count) bytes)")
            if let a = barcode.aamva {
                let given = [a.firstName?.value, a.middleName?.value].compactMap { $0 }.joined(separator: " ")
                lines.append(
                    "  AAMVA v\(a.version) \(a.documentType.rawValue), IIN \(a.issuerIdentificationNumber ?? "?"), "
                        + "number \(a.customerID ?? "?")")
                let family = a.familyName?.value ?? a.fullName ?? "?"
                lines.append("  name     \(family), \(given.isEmpty ? a.givenNames ?? "" : given)")
                lines.append(
                    "  born     \(a.dateOfBirth?.isoString ?? "?")  sex \(a.sex ?? "?")  expires "
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

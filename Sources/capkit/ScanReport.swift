import BlinkID
import CaptureCore
import DocumentEngine
import Foundation

/// What `capkit scan` prints for one input.
struct ScanReport {
    var input: String
    var frame: ProcessResult?
    var mrz: MrzResult?
    var error: String?
    var previewFrame: RGBAImage?
    var analysis: FrameAnalysis?

    init(input: String, frame: ProcessResult? = nil, mrz: MrzResult? = nil, error: String? = nil,
         previewFrame: RGBAImage? = nil, analysis: FrameAnalysis? = nil) {
        self.input = input
        self.frame = frame
        self.mrz = mrz
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
            var valid: Bool
            var fields: Fields
        }
        var input: String
        var detectionStatus: String
        var documentLocation: Location?
        var mrz: MRZ?
        var error: String?

        func encode(to encoder: any Encoder) throws {
            enum K: String, CodingKey { case input, detectionStatus, documentLocation, mrz, error }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(input, forKey: .input)
            try c.encode(detectionStatus, forKey: .detectionStatus)
            try c.encode(documentLocation, forKey: .documentLocation)  // explicit null when absent
            try c.encode(mrz, forKey: .mrz)
            try c.encodeIfPresent(error, forKey: .error)
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
            JSONLine.MRZ(rawLines: m.rawLines, valid: m.isVerified, fields: .init(
                documentType: m.documentType.rawValue, documentCode: m.documentCode,
                issuingCountry: m.issuingCountry, documentNumber: m.documentNumber,
                dateOfBirth: m.dateOfBirth?.isoString, dateOfExpiry: m.dateOfExpiry?.isoString, sex: m.sex,
                nationality: m.nationality, primaryName: m.primaryName, secondaryName: m.secondaryName,
                optionalData1: m.optionalData1, optionalData2: m.optionalData2))
        }
        return JSONLine(input: input, detectionStatus: analysis?.documentDetectionStatus.rawValue ?? "failed",
                        documentLocation: location, mrz: mrzJSON, error: error)
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
            lines.append("  MRZ (\(mrz.documentType.rawValue), check digits \(mrz.isVerified ? "valid" : "INVALID")):")
            lines += mrz.rawLines.map { "    \($0)" }
            lines.append("  document \(mrz.documentCode) \(mrz.issuingCountry) \(mrz.documentNumber)")
            lines.append("  name     \(mrz.primaryName), \(mrz.secondaryName)")
            lines.append("  born     \(mrz.dateOfBirth?.isoString ?? "?")  sex \(mrz.sex)  nationality \(mrz.nationality)")
            lines.append("  expires  \(mrz.dateOfExpiry?.isoString ?? "?")")
        } else {
            lines.append("  no MRZ read")
        }
        return lines.joined(separator: "\n")
    }
}

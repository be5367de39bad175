package import BlinkID
import Foundation

/// The `viz` member of `capkit scan --json`: the printed fields read on each side.
///
/// ```json
/// "viz": [{"side": "first", "layout": "icao-td3", "notRead": ["issuingAuthority"],
///          "fields": {"primaryName": {"value": "MÜLLER", "confidence": 0.91},
///                     "dateOfBirth": {"value": "12 AUG/AOÛT 74", "date": "1974-08-12", "confidence": 0.88,
///                                     "mrz": "verified"}}}]
/// ```
/// `mrz` is present when an MRZ was read and carries the field: `verified` or `contradicted`.
package struct ScanReportViz: Encodable {
    package struct Value: Encodable {
        package var value: String
        /// ISO date, for date fields.
        package var date: String?
        package var confidence: Double
        /// `verified` or `contradicted` when the MRZ carries the field; absent otherwise.
        package var mrz: String?
    }

    package var side: String
    package var layout: String
    package var fields: [String: Value]
    package var notRead: [String]

    package init(_ result: VizResult) {
        side = result.side.rawValue
        layout = result.layout
        fields = Dictionary(
            uniqueKeysWithValues: result.fields.map { field in
                (
                    field.field.rawValue,
                    Value(
                        value: field.value, date: field.date?.isoString,
                        confidence: (field.confidence * 1000).rounded() / 1000,
                        mrz: field.mrzCheck == .notCompared ? nil : field.mrzCheck.rawValue)
                )
            })
        notRead = result.notRead.map(\.rawValue)
    }

    /// The `--json` member for `results` (nil when no side's printed fields were read).
    package static func member(_ results: [VizResult]) -> [ScanReportViz]? {
        results.isEmpty ? nil : results.map(ScanReportViz.init)
    }

    /// Lines for the human-readable report.
    package static func lines(_ results: [VizResult]) -> [String] {
        results.flatMap { result -> [String] in
            var lines = ["  printed fields (\(result.layout), \(result.side.rawValue) side):"]
            for field in result.fields {
                lines.append(
                    "    \(field.field.rawValue): \(field.value)" + (field.date.map { "  (\($0.isoString))" } ?? "")
                        + (field.mrzCheck == .notCompared ? "" : "  [MRZ: \(field.mrzCheck.rawValue)]"))
            }
            if !result.notRead.isEmpty {
                lines.append("    not read: " + result.notRead.map(\.rawValue).joined(separator: ", "))
            }
            return lines
        }
    }
}

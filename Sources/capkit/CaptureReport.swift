import Fortface
import Foundation

/// What `capkit capture` prints: per side, the API's answer (or the SDK's outcome).
struct CaptureReport {
    let results: [FortfaceCaptureFlow.SideResult]

    /// Whether every side ended in a capture the API accepted.
    var allAccepted: Bool {
        !results.isEmpty
            && results.allSatisfy {
                $0.result.action == .capture && ($0.answer.map { (200..<300).contains($0.status) } ?? false)
            }
    }

    /// `--json`: the API's JSON as it came, one line per side; an SDK error as its session details
    /// (`{"error":"fileSizeTooBig",...}`); denied camera as `{"error":"deniedCamera"}`.
    var json: String {
        results.map { side -> String in
            if let answer = side.answer { return String(decoding: answer.body, as: UTF8.self) }
            if let details = side.result.sessionDetails { return String(decoding: details, as: UTF8.self) }
            return "{\"error\":\"\(side.result.action.rawValue)\"}"
        }.joined(separator: "\n")
    }

    /// Plain text: one line per side.
    var text: String {
        results.map { side -> String in
            let head = "\(side.side): "
            switch side.result.action {
            case .capture:
                guard let answer = side.answer else { return head + "captured, not sent" }
                if let document = side.document {
                    let sdk = document.providers.fortfaceSdk
                    return head + "\(sdk.type) (confidence \(String(format: "%.2f", sdk.confidence)), "
                        + "\(sdk.automatic ? "automatic capture" : "upload")), documentId \(document.documentId)"
                }
                return head + "the API refused the document: \(answer.status) \(answer.errorCode ?? "")"
            case .cancel, .timeout:
                let sent = side.answer.map { "\($0.status)" } ?? "not sent"
                return head + "\(side.result.action.rawValue) (payload sent to /v1/metrics: \(sent))"
            case .deniedCamera:
                return head + "deniedCamera: the camera cannot be opened"
            case .error:
                let details = side.details
                return head + "error \(details?.error.rawValue ?? "unknown"): \(details?.message ?? "")"
            }
        }.joined(separator: "\n")
    }
}

import ArgumentParser
import DocumentEngine
import Foundation

extension DocumentLayout.Kind {
    /// The kinds named in a comma-separated list such as `td1Front,td3` (case-insensitive), for
    /// `--kinds` options; empty for nil or an empty list.
    static func list(_ names: String?) throws -> [DocumentLayout.Kind] {
        guard let names, !names.isEmpty else { return [] }
        return try names.split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let kind = allCases.first(where: { $0.rawValue.lowercased() == trimmed.lowercased() }) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("Unknown document kind '\(trimmed)'; use one of \(known).")
            }
            return kind
        }
    }
}

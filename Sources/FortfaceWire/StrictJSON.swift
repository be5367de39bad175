import Foundation

/// A bounded structural check run on untrusted JSON before it is decoded: one value, nesting at most
/// ``maximumDepth`` deep, and no object with the same key twice (which `JSONDecoder` would
/// silently resolve to one of the two values).
package enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 16

    /// Why a JSON text was refused.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed
        case tooDeep
        case duplicateKey

        package var description: String {
            switch self {
            case .malformed: return "The JSON text is malformed."
            case .tooDeep: return "The JSON text is nested more than \(StrictJSON.maximumDepth) levels deep."
            case .duplicateKey: return "A JSON object has the same key twice."
            }
        }
    }

    /// Checks `bytes`; throws when the text is malformed, too deep or has a duplicate key.
    package static func validate(_ bytes: some Collection<UInt8>) throws(Failure) {
        var scanner = Scanner(bytes: Array(bytes))
        scanner.skipWhitespace()
        try scanner.value(depth: 0)
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else { throw .malformed }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(Failure) {
            guard index < bytes.count else { throw .malformed }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth + 1)
            case UInt8(ascii: "["): try array(depth: depth + 1)
            case UInt8(ascii: "\""): _ = try string()
            default:
                // Literals and numbers: consumed here, their grammar is left to JSONDecoder.
                let start = index
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw .malformed }
            }
        }

        mutating func object(depth: Int) throws(Failure) {
            guard depth <= StrictJSON.maximumDepth else { throw .tooDeep }
            index += 1
            var keys = Set<String>()
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .malformed }
                let key = try string()
                guard keys.insert(key).inserted else { throw .duplicateKey }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .malformed }
                index += 1
                skipWhitespace()
                try value(depth: depth)
                skipWhitespace()
                guard index < bytes.count else { throw .malformed }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw .malformed }
                index += 1
                return
            }
        }

        mutating func array(depth: Int) throws(Failure) {
            guard depth <= StrictJSON.maximumDepth else { throw .tooDeep }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
            while true {
                skipWhitespace()
                try value(depth: depth)
                skipWhitespace()
                guard index < bytes.count else { throw .malformed }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw .malformed }
                index += 1
                return
            }
        }

        /// Consumes a string and returns its decoded value (escapes resolved, so `"a"` and `"\u0061"` compare equal).
        mutating func string() throws(Failure) -> String {
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\\") {
                    escaped = true
                    index += 2
                    continue
                }
                if c == UInt8(ascii: "\"") {
                    index += 1
                    let literal = bytes[start..<index]
                    if !escaped {
                        guard let text = String(validating: literal.dropFirst().dropLast(), as: UTF8.self) else {
                            throw .malformed
                        }
                        return text
                    }
                    guard let text = try? JSONDecoder().decode(String.self, from: Data(literal)) else {
                        throw .malformed
                    }
                    return text
                }
                index += 1
            }
            throw .malformed
        }
    }
}

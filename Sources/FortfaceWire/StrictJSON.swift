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

    /// A parsed JSON value. Numbers keep their text: each field says what it accepts (``Fields``).
    package indirect enum Value: Sendable, Equatable {
        case object([String: Value])
        case array([Value])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// Checks `bytes`; throws when the text is malformed, too deep or has a duplicate key.
    package static func validate(_ bytes: some Collection<UInt8>) throws(Failure) {
        _ = try parse(bytes)
    }

    /// Checks `bytes` as ``validate(_:)`` does and returns the value, so that a type can be read from it
    /// in the same pass (``Fields``) instead of a second parse by `JSONDecoder`.
    package static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> Value {
        var scanner = Scanner(bytes: Array(bytes))
        scanner.skipWhitespace()
        let value = try scanner.value(depth: 0)
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else { throw .malformed }
        return value
    }

    /// A field of a parsed object that is missing or not of the type asked for.
    package struct FieldMismatch: Error, Sendable, Equatable {
        /// The field's key.
        package let key: String
    }

    /// The fields of a parsed JSON object, read as `JSONDecoder` reads a `Codable` type's keys: every
    /// field asked for must be there with its type, unknown keys are ignored. Integers must be written as
    /// integers (no fraction or exponent) and fit in 64 bits.
    package struct Fields: Sendable {
        private let members: [String: Value]

        /// The fields of `value`, which must be an object.
        package init(_ value: Value) throws(FieldMismatch) {
            guard case .object(let members) = value else { throw FieldMismatch(key: "") }
            self.members = members
        }

        package func string(_ key: String) throws(FieldMismatch) -> String {
            guard case .string(let text) = members[key] else { throw FieldMismatch(key: key) }
            return text
        }

        package func bool(_ key: String) throws(FieldMismatch) -> Bool {
            guard case .bool(let flag) = members[key] else { throw FieldMismatch(key: key) }
            return flag
        }

        package func int64(_ key: String) throws(FieldMismatch) -> Int64 {
            guard case .number(let text) = members[key], let number = StrictJSON.integer(text) else {
                throw FieldMismatch(key: key)
            }
            return number
        }

        package func int(_ key: String) throws(FieldMismatch) -> Int {
            guard let number = Int(exactly: try int64(key)) else { throw FieldMismatch(key: key) }
            return number
        }

        /// The nested object at `key`.
        package func object(_ key: String) throws(FieldMismatch) -> Fields {
            guard let value = members[key], case .object = value else { throw FieldMismatch(key: key) }
            return try Fields(value)
        }

        /// An optional array of strings: nil when the key is missing or null.
        package func optionalStrings(_ key: String) throws(FieldMismatch) -> [String]? {
            switch members[key] {
            case nil, .null?: return nil
            case .array(let items)?:
                var strings: [String] = []
                for item in items {
                    guard case .string(let text) = item else { throw FieldMismatch(key: key) }
                    strings.append(text)
                }
                return strings
            default: throw FieldMismatch(key: key)
            }
        }
    }

    /// A JSON integer literal (`-?(0|[1-9][0-9]*)`) that fits in 64 bits, else nil.
    static func integer(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard let first = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            first != 0x30 || digits.count == 1
        else { return nil }
        return Int64(text)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> Value {
            guard index < bytes.count else { throw .malformed }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            default:
                let start = index
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                guard index > start, let text = String(validating: bytes[start..<index], as: UTF8.self) else {
                    throw .malformed
                }
                switch text {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null": return .null
                default:
                    guard Self.isNumber(text) else { throw .malformed }
                    return .number(text)
                }
            }
        }

        /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        static func isNumber(_ text: String) -> Bool {
            var bytes = text.utf8[...]
            func digits() -> Int {
                let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
                bytes = bytes.dropFirst(count)
                return count
            }
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let leadingZero = bytes.first == 0x30
            let whole = digits()
            guard whole > 0, !leadingZero || whole == 1 else { return false }
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                guard digits() > 0 else { return false }
            }
            if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
                guard digits() > 0 else { return false }
            }
            return bytes.isEmpty
        }

        mutating func object(depth: Int) throws(Failure) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw .tooDeep }
            index += 1
            var members: [String: Value] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .malformed }
                let key = try string()
                guard members[key] == nil else { throw .duplicateKey }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .malformed }
                index += 1
                skipWhitespace()
                members[key] = try value(depth: depth)
                skipWhitespace()
                guard index < bytes.count else { throw .malformed }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw .malformed }
                index += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(Failure) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw .tooDeep }
            index += 1
            var items: [Value] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw .malformed }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw .malformed }
                index += 1
                return .array(items)
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
                // JSON strings carry control characters only as escapes.
                guard c >= 0x20 else { throw .malformed }
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

/// A single byte range from an HTTP `Range` header (RFC 9110 §14), resolved against a body size.
package struct ByteRange: Sendable, Equatable {
    /// First byte, inclusive.
    package var first: Int
    /// Last byte, inclusive.
    package var last: Int

    package var count: Int { last - first + 1 }

    /// What a `Range` header asks for, given the size of the body.
    package enum Request: Sendable, Equatable {
        /// No usable range: answer the whole body (200). Covers a missing header, another unit,
        /// several ranges (allowed by RFC 9110 to be ignored) and unparsable text.
        case whole
        /// One satisfiable range: answer 206 with it.
        case partial(ByteRange)
        /// A well-formed range that lies outside the body: answer 416.
        case unsatisfiable
    }

    /// Parses `header` (e.g. `bytes=0-499`, `bytes=500-`, `bytes=-500`) for a body of `size` bytes.
    package static func parse(_ header: String?, size: Int) -> Request {
        guard let header else { return .whole }
        let text = header.drop(while: { $0 == " " })
        guard text.hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let startText = spec[..<dash].drop(while: { $0 == " " })
        let endText = spec[spec.index(after: dash)...]
        guard startText.allSatisfy(\.isASCIIDigit), endText.allSatisfy(\.isASCIIDigit),
            startText.count <= 18, endText.count <= 18
        else { return .whole }
        switch (Int(startText), Int(endText)) {
        case let (start?, end?):
            guard start <= end else { return .whole }
            guard start < size else { return .unsatisfiable }
            return .partial(ByteRange(first: start, last: min(end, size - 1)))
        case let (start?, nil):
            guard endText.isEmpty else { return .whole }
            guard start < size else { return .unsatisfiable }
            return .partial(ByteRange(first: start, last: size - 1))
        case let (nil, suffix?):
            guard startText.isEmpty else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .partial(ByteRange(first: max(0, size - suffix), last: size - 1))
        case (nil, nil):
            return .whole
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

package import Foundation

/// A `multipart/form-data` body (RFC 7578) split into its named parts, read from bytes already
/// collected under a size cap. Only what form uploads need: a `name` (and optional `filename`) from
/// each part's `Content-Disposition`, its `Content-Type`, and its bytes.
package struct MultipartFormData: Sendable {
    /// One part of the form.
    package struct Part: Sendable {
        package var name: String
        package var filename: String?
        package var contentType: String?
        package var body: Data
    }

    /// The parts, in body order.
    package var parts: [Part]

    /// Why a body is not a form this parser can read.
    package enum ParseError: Error, Equatable, Sendable {
        case missingBoundary
        case malformed(String)
        case tooManyParts(limit: Int)
    }

    /// The boundary of a `multipart/form-data` content type, or nil for any other type.
    package static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Splits `body` on `boundary`.
    /// - Throws: ``ParseError`` for a body without the boundary, a part without a `name`, an
    ///   unterminated body, or more than `maxParts` parts.
    package init(body: Data, boundary: String, maxParts: Int = 16) throws(ParseError) {
        let delimiter = Data(("--" + boundary).utf8)
        let crlf = Data("\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else { throw .missingBoundary }
        var parts: [Part] = []
        let separator = Data("\r\n--".utf8) + Data(boundary.utf8)
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard body[cursor...].starts(with: crlf) else { throw .malformed("a boundary is not followed by CRLF") }
            cursor += 2
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: cursor..<body.endIndex) else {
                throw .malformed("a part has no end of headers")
            }
            let headerText = String(decoding: body[cursor..<headerEnd.lowerBound], as: UTF8.self)
            guard let next = body.range(of: separator, in: headerEnd.upperBound..<body.endIndex) else {
                throw .malformed("the body ends before its closing boundary")
            }
            guard parts.count < maxParts else { throw .tooManyParts(limit: maxParts) }
            parts.append(try Self.part(headers: headerText, body: body[headerEnd.upperBound..<next.lowerBound]))
            cursor = next.upperBound
        }
        self.parts = parts
    }

    /// The first part called `name`.
    package func part(named name: String) -> Part? { parts.first { $0.name == name } }

    private static func part(headers: String, body: Data) throws(ParseError) -> Part {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { throw .malformed("a part header has no colon") }
            switch pair[0].lowercased() {
            case "content-disposition":
                for parameter in pair[1].split(separator: ";").dropFirst() {
                    let kv = parameter.split(separator: "=", maxSplits: 1).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    guard kv.count == 2 else { continue }
                    let value = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    switch kv[0].lowercased() {
                    case "name": name = value
                    case "filename": filename = value
                    default: break
                    }
                }
            case "content-type":
                contentType = pair[1]
            default:
                break
            }
        }
        guard let name, !name.isEmpty else { throw .malformed("a part has no name") }
        return Part(name: name, filename: filename, contentType: contentType, body: Data(body))
    }
}

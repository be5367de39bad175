import Foundation
import Testing

@testable import CaptureKitServer

@Suite("multipart/form-data parsing")
struct MultipartFormDataTests {
    static func body(
        _ parts: [(name: String, filename: String?, bytes: Data)], boundary: String = "b0undary"
    )
        -> Data
    {
        var body = Data()
        for part in parts {
            var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { disposition += "; filename=\"\(filename)\"" }
            body += Data("--\(boundary)\r\n\(disposition)\r\n\r\n".utf8) + part.bytes + Data("\r\n".utf8)
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    @Test("parts keep their names, file names and exact bytes, including CRLF and dashes inside")
    func splitsParts() throws {
        let binary = Data([0xFF, 0xD8, 0x0D, 0x0A, 0x2D, 0x2D, 0x62, 0x00, 0xFF])  // CR LF "--b" inside
        let form = try MultipartFormData(
            body: Self.body([("mode", nil, Data("single".utf8)), ("front", "a.jpg", binary)]), boundary: "b0undary")
        #expect(form.parts.map(\.name) == ["mode", "front"])
        #expect(form.part(named: "front")?.filename == "a.jpg")
        #expect(form.part(named: "front")?.body == binary)
        #expect(form.part(named: "mode")?.body == Data("single".utf8))
    }

    @Test("the boundary is read from the content type, quoted or not; other types have none")
    func boundaryFromContentType() {
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(
            MultipartFormData.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartFormData.boundary(contentType: "application/json") == nil)
        #expect(MultipartFormData.boundary(contentType: "multipart/form-data") == nil)
        #expect(
            MultipartFormData.boundary(
                contentType: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
    }

    @Test("bodies without the boundary, unterminated, nameless or with too many parts are refused")
    func refusesMalformedBodies() {
        #expect(throws: MultipartFormData.ParseError.missingBoundary) {
            try MultipartFormData(body: Data("no boundary here".utf8), boundary: "b0undary")
        }
        let whole = Self.body([("front", "a.jpg", Data("x".utf8))])
        #expect(throws: MultipartFormData.ParseError.self) {
            try MultipartFormData(body: whole.prefix(whole.count - 14), boundary: "b0undary")
        }
        let nameless = Data("--b0undary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0undary--\r\n".utf8)
        #expect(throws: MultipartFormData.ParseError.malformed("a part has no name")) {
            try MultipartFormData(body: nameless, boundary: "b0undary")
        }
        let many = Self.body((0..<5).map { ("p\($0)", nil, Data()) })
        #expect(throws: MultipartFormData.ParseError.tooManyParts(limit: 4)) {
            try MultipartFormData(body: many, boundary: "b0undary", maxParts: 4)
        }
    }
}

import Foundation
import Testing

@testable import FortfaceWire

@Suite struct StrictEncodingTests {
    @Test func canonicalBase64DecodesAndEverythingElseIsRefused() {
        #expect(StrictBase64.decode("aGVsbG8=") == Data("hello".utf8))
        #expect(StrictBase64.decode("aGk=") == Data("hi".utf8))
        #expect(StrictBase64.decode("aGVsbG8") == nil)  // missing padding
        #expect(StrictBase64.decode("aGVsbG9=") == nil)  // non-zero trailing bits
        #expect(StrictBase64.decode("aGl=") == nil)  // non-zero trailing bits
        #expect(StrictBase64.decode("aG\nVsbG8=") == nil)
        #expect(StrictBase64.decode("-_-_") == nil)
        #expect(StrictBase64.decode("") == nil)
        #expect(StrictBase64.decode("\u{FF41}GVs") == nil)
    }

    @Test func jsonWithDuplicateKeysDeepNestingOrJunkIsRefused() {
        #expect(throws: Never.self) { try StrictJSON.validate(Array(#"{"a":[1,{"b":"x\"y"}],"c":null}"#.utf8)) }
        #expect(throws: StrictJSON.Failure.duplicateKey) { try StrictJSON.validate(Array(#"{"a":1,"a":2}"#.utf8)) }
        #expect(throws: StrictJSON.Failure.duplicateKey) { try StrictJSON.validate(Array(#"{"a":1,"\u0061":2}"#.utf8)) }
        #expect(throws: StrictJSON.Failure.tooDeep) {
            try StrictJSON.validate(Array((String(repeating: "[", count: 17) + String(repeating: "]", count: 17)).utf8))
        }
        #expect(throws: StrictJSON.Failure.malformed) { try StrictJSON.validate(Array(#"{"a":1} x"#.utf8)) }
        #expect(throws: StrictJSON.Failure.malformed) { try StrictJSON.validate(Array(#"{"a":1"#.utf8)) }
    }
}

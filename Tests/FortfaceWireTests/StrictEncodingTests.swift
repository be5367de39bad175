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

    @Test func jsonParsesOnceIntoValuesWithJSONsGrammar() throws {
        let value = try StrictJSON.parse(
            Array(#" {"n": -12, "f": 1.5e3, "t": true, "s": "\u00e9x", "a": [null, {}]} "#.utf8))
        #expect(
            value
                == .object([
                    "n": .number("-12"), "f": .number("1.5e3"), "t": .bool(true), "s": .string("éx"),
                    "a": .array([.null, .object([:])]),
                ]))
        for junk in ["01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "0x10", "\"a\u{01}b\"", "NaN"] {
            #expect(throws: StrictJSON.Failure.malformed, "\(junk)") { try StrictJSON.parse(Array(junk.utf8)) }
        }
    }

    @Test func fieldsReadLikeCodableAndRefuseTheWrongType() throws {
        let fields = try StrictJSON.Fields(
            StrictJSON.parse(
                Array(
                    #"{"i": 7, "big": 9223372036854775808, "f": 7.0, "b": false, "o": {"s": "x"}, "extra": 1, "c": null}"#
                        .utf8)))
        #expect(try fields.int64("i") == 7)
        #expect(try fields.int("i") == 7)
        #expect(try !fields.bool("b"))
        #expect(try fields.object("o").string("s") == "x")
        #expect(try fields.optionalStrings("c") == nil)
        #expect(try fields.optionalStrings("missing") == nil)
        #expect(throws: StrictJSON.FieldMismatch(key: "big")) { try fields.int64("big") }
        #expect(throws: StrictJSON.FieldMismatch(key: "f")) { try fields.int64("f") }
        #expect(throws: StrictJSON.FieldMismatch(key: "i")) { try fields.string("i") }
        #expect(throws: StrictJSON.FieldMismatch(key: "missing")) { try fields.bool("missing") }
        #expect(throws: StrictJSON.FieldMismatch(key: "b")) { try fields.object("b").string("s") }
        #expect(throws: StrictJSON.FieldMismatch.self) { try StrictJSON.Fields(.array([])) }
    }

    @Test func tokenClaimsReadInOnePassEqualTheirCodableForm() throws {
        let claims = DeviceTokenClaims(
            jti: "abc", iat: 1_700_000_000, exp: 1_700_000_300, app: "com.example.app", sdk: "1.9.0",
            plat: "linux-sim", os: "Linux", model: "test", dbg: true, env: "sandbox",
            sig: IntegritySignals(jailbroken: true), att: DeviceAttestation(certificate: "cert"))
        let encoded = try JSONEncoder().encode(claims)
        #expect(try DeviceTokenClaims(strictJSON: StrictJSON.parse(Array(encoded))) == claims)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["sig"] = ["jailbroken": true]
        let missing = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: StrictJSON.FieldMismatch(key: "debuggerAttached")) {
            try DeviceTokenClaims(strictJSON: StrictJSON.parse(Array(missing)))
        }
    }
}

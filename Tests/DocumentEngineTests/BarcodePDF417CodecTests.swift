import CaptureCore
import Testing

@testable import DocumentEngine

/// The Swift wrappers over the zxing-cpp shim: exact round trips and typed errors.
@Suite struct BarcodePDF417CodecTests {
    @Test func bytesSurviveAnEncodeDecodeRoundTripExactly() throws {
        let payload = Array(AAMVAFixture.textbook.bytes) + [0x00, 0xFF, 0xE9]
        let matrix = try PDF417Encoder(margin: 3, errorCorrectionLevel: 4).encode(bytes: payload)
        let symbol = try PDF417Decoder().decode(matrix)
        #expect(symbol.bytes == payload)
        #expect(symbol.errorCorrectionLevel == 4)
        // The corners lie on the symbol inside the margin.
        #expect(symbol.corners.upperLeft.x >= 2 && symbol.corners.upperLeft.x <= 4)
        #expect(symbol.corners.lowerRight.x <= Double(matrix.width - 2))
    }

    @Test func textRoundTripsAsUTF8() throws {
        let text = "CaptureKit PDF417 — ünïcödé"
        let symbol = try PDF417Decoder().decode(try PDF417Encoder().encode(text: text))
        #expect(symbol.text == text)
    }

    @Test func aSymbolTurnedUpsideDownOrSidewaysIsRead() throws {
        let payload = Array("@ROTATION TEST 0123456789".utf8)
        let matrix = try PDF417Encoder(margin: 4).encode(bytes: payload)
        for turns in 1...3 {
            #expect(try PDF417Decoder().decode(matrix.rotated(quarterTurnsClockwise: turns)).bytes == payload)
        }
    }

    @Test func failuresAreTypedErrors() {
        #expect(throws: BarcodeError.notFound) {
            try PDF417Decoder().decode(GrayImage(width: 300, height: 120, fill: 255))
        }
        #expect(throws: BarcodeError.invalidImage(width: 0, height: 0)) {
            try PDF417Decoder().decode(GrayImage(width: 0, height: 0))
        }
        #expect(throws: BarcodeError.self) { try PDF417Encoder().encode(bytes: []) }
        #expect(throws: BarcodeError.self) { try PDF417Encoder().encode(bytes: [UInt8](repeating: 1, count: 2_001)) }
        #expect(throws: BarcodeError.self) { try PDF417Encoder(errorCorrectionLevel: 9).encode(bytes: [1]) }
    }

    @Test func aDamagedSymbolIsReportedAsSeenButUnreadable() throws {
        // Given a symbol with a band of its columns wiped out (more than error correction can repair)
        var matrix = try PDF417Encoder(margin: 4, errorCorrectionLevel: 0).encode(
            bytes: Array(repeating: 0x41, count: 300))
        let w = matrix.width
        for y in 0..<matrix.height {
            for x in (w / 3)..<(w / 3 + w / 5) where (x + y / 4) % 3 == 0 { matrix[x, y] = 255 - matrix[x, y] }
        }
        let outcome = try PDF417Decoder().attempt(matrix)
        switch outcome {
        case .located, .notFound, .faulted: break
        case .decoded: Issue.record("a wrecked symbol must not decode")
        }
    }
}

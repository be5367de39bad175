internal import CZXingShim
import Testing

/// The C interface of the zxing-cpp shim: codes, ownership and exact byte round trips.
@Suite struct ZXingShimTests {
    /// Encodes `bytes` in binary mode and returns the module matrix as a Swift array.
    private func encode(
        _ bytes: [UInt8], margin: Int32 = 4
    ) -> (code: Int32, pixels: [UInt8], width: Int32, height: Int32) {
        var matrix = zxs_matrix()
        let code = bytes.withUnsafeBufferPointer { zxs_encode_pdf417($0.baseAddress, $0.count, 1, margin, -1, &matrix) }
        defer { zxs_matrix_free(&matrix) }
        guard code == ZXS_OK else { return (code, [], 0, 0) }
        let pixels = Array(UnsafeBufferPointer(start: matrix.pixels, count: Int(matrix.width * matrix.height)))
        return (code, pixels, matrix.width, matrix.height)
    }

    @Test func everyByteValueSurvivesAnEncodeDecodeRoundTrip() {
        // Given all 256 byte values, including NUL, separators and non-ASCII bytes
        let content = (0...255).map { UInt8($0) }
        let encoded = encode(content)
        #expect(encoded.code == ZXS_OK)
        // Then the matrix holds only dark and light modules
        #expect(Set(encoded.pixels).isSubset(of: [0, 255]))
        var decoded = zxs_decoded()
        defer { zxs_decoded_free(&decoded) }
        let code = encoded.pixels.withUnsafeBufferPointer {
            zxs_decode_pdf417($0.baseAddress, encoded.width, encoded.height, encoded.width, nil, &decoded)
        }
        #expect(code == ZXS_OK)
        #expect(Array(UnsafeBufferPointer(start: decoded.bytes, count: decoded.bytes_length)) == content)
    }

    @Test func aBlankImageReportsNotFound() {
        let blank = [UInt8](repeating: 255, count: 200 * 100)
        var decoded = zxs_decoded()
        let code = blank.withUnsafeBufferPointer { zxs_decode_pdf417($0.baseAddress, 200, 100, 200, nil, &decoded) }
        #expect(code == ZXS_NOT_FOUND)
        #expect(decoded.bytes == nil)
        #expect(!String(cString: zxs_last_error()).isEmpty)
    }

    @Test func invalidArgumentsAreRejectedWithoutTouchingMemory() {
        var decoded = zxs_decoded()
        var pixel: UInt8 = 0
        #expect(zxs_decode_pdf417(nil, 10, 10, 10, nil, &decoded) == ZXS_INVALID_ARGUMENT)
        #expect(zxs_decode_pdf417(&pixel, 0, 10, 10, nil, &decoded) == ZXS_INVALID_ARGUMENT)
        #expect(zxs_decode_pdf417(&pixel, 10, 10, 5, nil, &decoded) == ZXS_INVALID_ARGUMENT)
        #expect(zxs_decode_pdf417(&pixel, 1, 1, 1, nil, nil) == ZXS_INVALID_ARGUMENT)
        var matrix = zxs_matrix()
        #expect(zxs_encode_pdf417(nil, 0, 1, 2, -1, &matrix) == ZXS_INVALID_ARGUMENT)
        #expect(zxs_encode_pdf417(&pixel, 1, 1, -1, -1, &matrix) == ZXS_INVALID_ARGUMENT)
        #expect(zxs_encode_pdf417(&pixel, 1, 1, 2, 9, &matrix) == ZXS_INVALID_ARGUMENT)
        #expect(matrix.pixels == nil)
    }

    @Test func contentTooLongForOneSymbolIsAnEncodeFailureNotACrash() {
        let tooLong = [UInt8](repeating: 0xA5, count: 5_000)
        let encoded = encode(tooLong)
        #expect(encoded.code == ZXS_ENCODE_FAILED)
        #expect(!String(cString: zxs_last_error()).isEmpty)
    }

    @Test func freeingZeroedResultsIsHarmless() {
        var decoded = zxs_decoded()
        zxs_decoded_free(&decoded)
        zxs_decoded_free(nil)
        var matrix = zxs_matrix()
        zxs_matrix_free(&matrix)
        zxs_matrix_free(nil)
        #expect(decoded.bytes == nil && matrix.pixels == nil)
    }

    @Test func aFaultInsideTheGuardIsReportedAndTheProcessGoesOn() async {
        // Given the guard's self-test, which reads a page that may not be read, on several threads at once
        let codes = await withTaskGroup(of: Int32.self) { group in
            for _ in 0..<8 { group.addTask { zxs_fault_guard_self_test() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Then every fault comes back as ZXS_FAULT with a message, and nothing ended the process
        #expect(codes.count == 8 && codes.allSatisfy { $0 == ZXS_FAULT })
        #expect(zxs_fault_guard_self_test() == ZXS_FAULT)
        #expect(String(cString: zxs_last_error()).contains("outside its buffers"))
        // And the decoder still works after the faults
        let encoded = encode(Array("after a fault".utf8))
        var decoded = zxs_decoded()
        defer { zxs_decoded_free(&decoded) }
        let code = encoded.pixels.withUnsafeBufferPointer {
            zxs_decode_pdf417($0.baseAddress, encoded.width, encoded.height, encoded.width, nil, &decoded)
        }
        #expect(code == ZXS_OK)
        #expect(
            Array(UnsafeBufferPointer(start: decoded.bytes, count: decoded.bytes_length)) == Array("after a fault".utf8)
        )
    }
}

import Foundation
import Testing

@testable import CaptureCore

@Suite struct ImageCodecTests {
    func gradient(width: Int, height: Int) -> RGBAImage {
        var img = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                img[x, y] = RGBA(
                    r: UInt8(x * 255 / max(1, width - 1)), g: UInt8(y * 255 / max(1, height - 1)),
                    b: UInt8((x + y) % 256), a: 255)
            }
        }
        return img
    }

    @Test func pngRoundTripIsLossless() throws {
        let img = gradient(width: 37, height: 23)
        let data = try ImageCodec.encodePNG(img)
        #expect(ImageCodec.sniff(data) == .png)
        #expect(try ImageCodec.decode(data) == img)
    }

    @Test func grayPNGDecodesToOpaqueGray() throws {
        var g = GrayImage(width: 5, height: 4)
        for i in 0..<g.pixels.count { g.pixels[i] = UInt8(i * 10) }
        let decoded = try ImageCodec.decode(ImageCodec.encodePNG(g))
        #expect(decoded.grayscale() == g)
        #expect(decoded[0, 0].a == 255)
    }

    @Test func jpegRoundTripIsClose() throws {
        let img = gradient(width: 64, height: 48)
        let decoded = try ImageCodec.decode(ImageCodec.encodeJPEG(img, quality: 95))
        #expect(decoded.width == 64 && decoded.height == 48)
        let a = img.grayscale().pixels, b = decoded.grayscale().pixels
        let meanError = zip(a, b).map { abs(Int($0) - Int($1)) }.reduce(0, +) / a.count
        #expect(meanError <= 3)
    }

    @Test func emptyDataIsRejected() {
        #expect(throws: ImageError.empty) { try ImageCodec.decode(Data()) }
    }

    @Test func unknownBytesAreRejected() {
        #expect(throws: ImageError.unsupportedFormat) { try ImageCodec.decode(Data("hello world".utf8)) }
    }

    @Test func truncatedJPEGIsCorrupt() throws {
        let data = try ImageCodec.encodeJPEG(gradient(width: 64, height: 64))
        let cut = data.prefix(data.count / 2)
        #expect {
            try ImageCodec.decode(Data(cut))
        } throws: { error in
            if case .corrupt(format: "JPEG", _) = error as? ImageError { return true }
            return false
        }
    }

    @Test func truncatedPNGIsCorrupt() throws {
        let data = try ImageCodec.encodePNG(gradient(width: 64, height: 64))
        for length in [8, 20, data.count / 2, data.count - 20] {
            let decoded = try? ImageCodec.decode(Data(data.prefix(length))).width
            #expect(decoded == nil, "a PNG cut to \(length) of \(data.count) bytes decoded")
        }
    }

    @Test func absurdDeclaredPNGSizeIsRefusedBeforeAllocating() throws {
        // A valid 1x1 PNG whose IHDR is patched to claim 60000x60000 (CRC fixed up).
        var data = [UInt8](try ImageCodec.encodePNG(RGBAImage(width: 1, height: 1)))
        let ihdr = 16  // width at bytes 16..19, height at 20..23
        for (offset, value) in [(ihdr, UInt32(60000)), (ihdr + 4, UInt32(60000))] {
            withUnsafeBytes(of: value.bigEndian) { data.replaceSubrange(offset..<(offset + 4), with: $0) }
        }
        let crc = crc32(Array(data[12..<29]))
        withUnsafeBytes(of: crc.bigEndian) { data.replaceSubrange(29..<33, with: $0) }
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, maxPixels: ImageCodec.defaultMaxPixels)) {
            try ImageCodec.decode(Data(data))
        }
    }

    @Test func zeroSizedPNGIsRejected() throws {
        var data = [UInt8](try ImageCodec.encodePNG(RGBAImage(width: 1, height: 1)))
        for i in 16..<24 { data[i] = 0 }
        let crc = crc32(Array(data[12..<29]))
        withUnsafeBytes(of: crc.bigEndian) { data.replaceSubrange(29..<33, with: $0) }
        #expect(throws: ImageError.self) { try ImageCodec.decode(Data(data)) }
    }

    @Test func absurdDeclaredJPEGSizeIsRefused() throws {
        var data = [UInt8](try ImageCodec.encodeJPEG(gradient(width: 16, height: 16)))
        // Patch the SOF0 frame header's height and width (big-endian) to 60000.
        guard let sof = (0..<(data.count - 1)).first(where: { data[$0] == 0xFF && data[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0 marker")
            return
        }
        data[sof + 5] = 0xEA; data[sof + 6] = 0x60
        data[sof + 7] = 0xEA; data[sof + 8] = 0x60
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, maxPixels: ImageCodec.defaultMaxPixels)) {
            try ImageCodec.decode(Data(data))
        }
    }

    @Test func garbageAfterValidHeaderNeverCrashes() throws {
        let data = try ImageCodec.encodeJPEG(gradient(width: 32, height: 32))
        // Seeded: a failure names the same 50 corruptions on every run and machine.
        var generator = SplitMix64(seed: 0x1A6E_C0DE)
        for _ in 0..<50 {
            var bytes = [UInt8](data)
            for _ in 0..<8 {
                bytes[Int.random(in: 20..<bytes.count, using: &generator)] = .random(in: 0...255, using: &generator)
            }
            // Either an image or a typed ImageError (the signature allows nothing else); never a crash.
            _ = try? ImageCodec.decode(Data(bytes))
        }
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

import Testing

@testable import DocumentSynthesis

@Suite struct AAMVAPayloadGeneratorTests {
    /// FNV-1a over every payload's bytes and its parsed-field count, seeds 0..<count.
    static func digest(count: Int, version: Int? = nil) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let generator = AAMVAPayloadGenerator()
        for seed in 0..<UInt64(count) {
            let payload = generator.generate(seed: seed, version: version)
            for byte in payload.bytes { mix(byte) }
            mix(UInt8(payload.version))
            mix(UInt8(payload.elements.count))
        }
        return hash
    }

    @Test("the same seeds give the same bytes as before generate(version:using:) was split into steps")
    func theSameSeedsGiveTheBytesTheyGaveBeforeTheSplit() {
        // Recorded with the single-function generator (every version drawn, then each version forced).
        #expect(Self.digest(count: 400) == 4_443_921_425_543_107_807)
        #expect((1...10).map { Self.digest(count: 20, version: $0) }.reduce(0, ^) == 6_684_752_678_078_781_334)
    }
}

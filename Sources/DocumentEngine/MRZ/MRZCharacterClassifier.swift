import Foundation

/// The OCR-B character recogniser of the MRZ: a one-hidden-layer perceptron over a normalised
/// 16x24 patch (``MRZCellSampler``), trained by `capkit train-ocr` from renders of Debian's
/// fonts-ocr-b. Its weights are the versioned resource `mrz-ocrb`.
///
/// Weights file (little-endian): magic `CKOCR1\0\0`, then UInt32 input width, input height,
/// hidden units, class count, version; the alphabet as ASCII; then Float32 `w1` (hidden x input),
/// `b1`, `w2` (classes x hidden), `b2`.
package struct MRZCharacterClassifier: Sendable {
    /// The MRZ alphabet in class order.
    package static let alphabet: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<")
    static let magic = Array("CKOCR1\0\0".utf8)

    package let inputCount: Int
    package let hiddenCount: Int
    package let classCount: Int
    /// The weights' own version (stored in the file, reported in results).
    package let version: Int
    package private(set) var w1: [Float]
    package private(set) var b1: [Float]
    package private(set) var w2: [Float]
    package private(set) var b2: [Float]

    /// Why a weights file was refused.
    package enum ModelError: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed(String)
        package var description: String { "The MRZ recogniser weights are unusable: \(self.reason)." }
        var reason: String {
            switch self { case let .malformed(r): return r }
        }
    }

    /// Weights as given (used by the trainer).
    package init(hiddenCount: Int, version: Int, w1: [Float], b1: [Float], w2: [Float], b2: [Float]) {
        self.inputCount = MRZCellSampler.width * MRZCellSampler.height
        self.hiddenCount = hiddenCount
        self.classCount = Self.alphabet.count
        self.version = version
        precondition(w1.count == hiddenCount * inputCount && b1.count == hiddenCount)
        precondition(w2.count == classCount * hiddenCount && b2.count == classCount)
        self.w1 = w1
        self.b1 = b1
        self.w2 = w2
        self.b2 = b2
    }

    /// Reads a weights file.
    package init(weights data: Data) throws(ModelError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 28, Array(bytes[0..<8]) == Self.magic else { throw .malformed("not a CKOCR1 file") }
        func u32(_ at: Int) -> Int {
            Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        let (iw, ih, hidden, classes, version) = (u32(8), u32(12), u32(16), u32(20), u32(24))
        guard iw == MRZCellSampler.width, ih == MRZCellSampler.height else {
            throw .malformed("input size \(iw)x\(ih) does not match the sampler")
        }
        guard classes == Self.alphabet.count, hidden > 0, hidden <= 4096 else { throw .malformed("bad layer sizes") }
        let alphabetEnd = 28 + classes
        guard bytes.count >= alphabetEnd, String(decoding: bytes[28..<alphabetEnd], as: UTF8.self) == String(Self.alphabet)
        else { throw .malformed("alphabet differs") }
        let input = iw * ih
        let floatCount = hidden * input + hidden + classes * hidden + classes
        guard bytes.count == alphabetEnd + 4 * floatCount else { throw .malformed("size does not match its header") }
        var floats = [Float](repeating: 0, count: floatCount)
        floats.withUnsafeMutableBytes { dst in
            bytes.withUnsafeBytes { src in
                dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[alphabetEnd...]))
            }
        }
        guard floats.allSatisfy(\.isFinite) else { throw .malformed("non-finite weights") }
        var o = 0
        func take(_ n: Int) -> [Float] { defer { o += n }; return Array(floats[o..<(o + n)]) }
        self.inputCount = input
        self.hiddenCount = hidden
        self.classCount = classes
        self.version = version
        self.w1 = take(hidden * input)
        self.b1 = take(hidden)
        self.w2 = take(classes * hidden)
        self.b2 = take(classes)
    }

    /// The weights file.
    package func encoded() -> Data {
        var out = Data(Self.magic)
        for v in [MRZCellSampler.width, MRZCellSampler.height, hiddenCount, classCount, version] {
            withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: Array(String(Self.alphabet).utf8))
        for array in [w1, b1, w2, b2] {
            array.withUnsafeBytes { out.append(contentsOf: $0) }
        }
        return out
    }

    /// Class probabilities (softmax) for one patch.
    package func probabilities(_ input: [Float]) -> [Float] {
        precondition(input.count == inputCount)
        var hidden = [Float](repeating: 0, count: hiddenCount)
        var logits = [Float](repeating: 0, count: classCount)
        forward(input, hidden: &hidden, logits: &logits)
        return Self.softmax(logits)
    }

    /// The `count` most probable characters, best first.
    package func candidates(_ input: [Float], count: Int = 4) -> [MRZCandidate] {
        let p = probabilities(input)
        return p.indices.sorted { p[$0] > p[$1] }.prefix(count).map { MRZCandidate(character: Self.alphabet[$0], probability: p[$0]) }
    }

    /// Hidden activations (ReLU) and output logits.
    package func forward(_ input: [Float], hidden: inout [Float], logits: inout [Float]) {
        let n = inputCount, hCount = hiddenCount
        input.withUnsafeBufferPointer { x in
            w1.withUnsafeBufferPointer { w in
                hidden.withUnsafeMutableBufferPointer { h in
                    for j in 0..<hCount {
                        h[j] = max(0, b1[j] + Self.dot(UnsafeBufferPointer(rebasing: w[(j * n)..<(j * n + n)]), x))
                    }
                }
            }
        }
        hidden.withUnsafeBufferPointer { h in
            w2.withUnsafeBufferPointer { w in
                for c in 0..<classCount {
                    logits[c] = b2[c] + Self.dot(UnsafeBufferPointer(rebasing: w[(c * hCount)..<(c * hCount + hCount)]), h)
                }
            }
        }
    }

    /// Dot product with eight lanes at a time (the compiler does not reorder a plain float sum).
    @inline(__always)
    static func dot(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
        let n = a.count
        var lanes = SIMD8<Float>(repeating: 0)
        var i = 0
        let pa = UnsafeRawPointer(a.baseAddress!), pb = UnsafeRawPointer(b.baseAddress!)
        while i + 8 <= n {
            let va = pa.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            let vb = pb.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            lanes += va * vb
            i += 8
        }
        var sum = lanes.sum()
        while i < n {
            sum += a[i] * b[i]
            i += 1
        }
        return sum
    }

    package static func softmax(_ logits: [Float]) -> [Float] {
        let m = logits.max() ?? 0
        let e = logits.map { Foundation.exp($0 - m) }
        let s = e.reduce(0, +)
        return e.map { $0 / s }
    }
}

/// One possible reading of a character cell.
package struct MRZCandidate: Sendable, Equatable {
    package var character: Character
    package var probability: Float

    package init(character: Character, probability: Float) {
        self.character = character
        self.probability = probability
    }
}

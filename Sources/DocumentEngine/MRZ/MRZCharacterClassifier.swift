package import Foundation

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
            switch self {
            case let .malformed(r): return r
            }
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
            Int(
                UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3])
                    << 24)
        }
        let (iw, ih, hidden, classes, version) = (u32(8), u32(12), u32(16), u32(20), u32(24))
        guard iw == MRZCellSampler.width, ih == MRZCellSampler.height else {
            throw .malformed("input size \(iw)x\(ih) does not match the sampler")
        }
        guard classes == Self.alphabet.count, hidden > 0, hidden <= 4096 else { throw .malformed("bad layer sizes") }
        let alphabetEnd = 28 + classes
        guard bytes.count >= alphabetEnd,
            String(decoding: bytes[28..<alphabetEnd], as: UTF8.self) == String(Self.alphabet)
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
        Self.best(probabilities(input), count: count)
    }

    /// ``candidates(_:count:)`` of each patch of `patches` (`inputCount` values each, one after
    /// another): the same values, computed four patches at a time so each row of the first layer's
    /// weights is read once for four patches instead of once for each.
    package func candidates(batch patches: [Float], count: Int = 4) -> [[MRZCandidate]] {
        let n = inputCount, hCount = hiddenCount
        precondition(patches.count % n == 0)
        let patchCount = patches.count / n
        var hidden = [Float](repeating: 0, count: patchCount * hCount)
        patches.withUnsafeBufferPointer { x in
            w1.withUnsafeBufferPointer { w in
                hidden.withUnsafeMutableBufferPointer { h in
                    var p = 0
                    while p + 4 <= patchCount {
                        let xs = (0..<4).map { UnsafeBufferPointer(rebasing: x[((p + $0) * n)..<((p + $0) * n + n)]) }
                        for j in 0..<hCount {
                            let sums = Self.dot4(
                                UnsafeBufferPointer(rebasing: w[(j * n)..<(j * n + n)]), xs[0], xs[1], xs[2], xs[3])
                            for k in 0..<4 { h[(p + k) * hCount + j] = max(0, b1[j] + sums[k]) }
                        }
                        p += 4
                    }
                    while p < patchCount {
                        let xp = UnsafeBufferPointer(rebasing: x[(p * n)..<(p * n + n)])
                        for j in 0..<hCount {
                            h[p * hCount + j] = max(
                                0, b1[j] + Self.dot(UnsafeBufferPointer(rebasing: w[(j * n)..<(j * n + n)]), xp))
                        }
                        p += 1
                    }
                }
            }
        }
        var logits = [Float](repeating: 0, count: classCount)
        return (0..<patchCount).map { p in
            hidden.withUnsafeBufferPointer { hAll in
                outputLayer(UnsafeBufferPointer(rebasing: hAll[(p * hCount)..<(p * hCount + hCount)]), logits: &logits)
            }
            return Self.best(Self.softmax(logits), count: count)
        }
    }

    /// The `count` most probable classes of `p`, best first.
    static func best(_ p: [Float], count: Int) -> [MRZCandidate] {
        p.indices.sorted { p[$0] > p[$1] }.prefix(count).map {
            MRZCandidate(character: Self.alphabet[$0], probability: p[$0])
        }
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
        hidden.withUnsafeBufferPointer { h in outputLayer(h, logits: &logits) }
    }

    /// The output logits of one patch's hidden activations `h`.
    func outputLayer(_ h: UnsafeBufferPointer<Float>, logits: inout [Float]) {
        let hCount = hiddenCount
        w2.withUnsafeBufferPointer { w in
            for c in 0..<classCount {
                logits[c] = b2[c] + Self.dot(UnsafeBufferPointer(rebasing: w[(c * hCount)..<(c * hCount + hCount)]), h)
            }
        }
    }

    /// Dot product with eight lanes at a time (the compiler does not reorder a plain float sum).
    @inline(__always)
    package static func dot(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
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

    /// ``dot(_:_:)`` of `a` with each of four vectors, in the same order of operations (so the
    /// same sums), loading `a` once.
    @inline(__always)
    static func dot4(
        _ a: UnsafeBufferPointer<Float>, _ b0: UnsafeBufferPointer<Float>, _ b1: UnsafeBufferPointer<Float>,
        _ b2: UnsafeBufferPointer<Float>, _ b3: UnsafeBufferPointer<Float>
    ) -> SIMD4<Float> {
        let n = a.count
        var l0 = SIMD8<Float>(repeating: 0), l1 = l0, l2 = l0, l3 = l0
        var i = 0
        let pa = UnsafeRawPointer(a.baseAddress!)
        let p0 = UnsafeRawPointer(b0.baseAddress!), p1 = UnsafeRawPointer(b1.baseAddress!)
        let p2 = UnsafeRawPointer(b2.baseAddress!), p3 = UnsafeRawPointer(b3.baseAddress!)
        while i + 8 <= n {
            let va = pa.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            l0 += va * p0.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            l1 += va * p1.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            l2 += va * p2.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            l3 += va * p3.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        var sums = SIMD4<Float>(l0.sum(), l1.sum(), l2.sum(), l3.sum())
        while i < n {
            sums[0] += a[i] * b0[i]
            sums[1] += a[i] * b1[i]
            sums[2] += a[i] * b2[i]
            sums[3] += a[i] * b3[i]
            i += 1
        }
        return sums
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

import CaptureCore
import DocumentEngine
import Foundation

/// Trains the MRZ recogniser (one hidden ReLU layer, softmax output) with mini-batch SGD with
/// momentum, cross-entropy loss, L2 weight decay and a cosine learning-rate schedule.
///
/// Each batch is split between ``workerCount`` workers that sum their samples' gradients on their
/// own; the sums are added in worker order, so a seed gives the same weights on any machine.
struct MLPTrainer {
    var hiddenCount = 192
    var epochs = 14
    var batchSize = 64
    var learningRate: Float = 0.05
    var momentum: Float = 0.9
    var weightDecay: Float = 1e-5
    var seed: UInt64 = 1
    /// Fixed rather than the machine's core count, so that the weights do not depend on the machine.
    static let workerCount = 2

    /// The weights being trained, read by the workers while a batch runs and updated between batches.
    final class Parameters: @unchecked Sendable {
        var w1: [Float], b1: [Float], w2: [Float], b2: [Float]
        init(w1: [Float], b1: [Float], w2: [Float], b2: [Float]) {
            (self.w1, self.b1, self.w2, self.b2) = (w1, b1, w2, b2)
        }
    }

    /// One worker's gradient sums over its share of a batch, with its scratch space.
    final class Worker: @unchecked Sendable {
        let n: Int, h: Int, c: Int
        var g1: [Float], gb1: [Float], g2: [Float], gb2: [Float]
        var loss = 0.0
        var x: [Float], hidden: [Float], logits: [Float], deltaHidden: [Float]

        init(n: Int, h: Int, c: Int) {
            (self.n, self.h, self.c) = (n, h, c)
            g1 = [Float](repeating: 0, count: h * n)
            gb1 = [Float](repeating: 0, count: h)
            g2 = [Float](repeating: 0, count: c * h)
            gb2 = [Float](repeating: 0, count: c)
            x = [Float](repeating: 0, count: n)
            hidden = [Float](repeating: 0, count: h)
            logits = [Float](repeating: 0, count: c)
            deltaHidden = [Float](repeating: 0, count: h)
        }

        /// Sets the sums to the gradients of the cross-entropy over `samples`.
        func accumulate(_ samples: ArraySlice<Int>, of set: MRZTrainingSet, with p: Parameters) {
            let n = n, h = h, c = c
            for i in g1.indices { g1[i] = 0 }
            for i in 0..<h { gb1[i] = 0 }
            for i in g2.indices { g2[i] = 0 }
            for i in 0..<c { gb2[i] = 0 }
            loss = 0
            for index in samples {
                let label = Int(set.labels[index])
                for i in 0..<n { x[i] = Float(set.patches[index * n + i]) / 255 }
                // Forward.
                x.withUnsafeBufferPointer { x in
                    p.w1.withUnsafeBufferPointer { w in
                        for j in 0..<h {
                            hidden[j] = max(
                                0,
                                p.b1[j]
                                    + MRZCharacterClassifier.dot(
                                        UnsafeBufferPointer(rebasing: w[(j * n)..<(j * n + n)]), x))
                        }
                    }
                }
                hidden.withUnsafeBufferPointer { hb in
                    p.w2.withUnsafeBufferPointer { w in
                        for k in 0..<c {
                            logits[k] =
                                p.b2[k]
                                + MRZCharacterClassifier.dot(
                                    UnsafeBufferPointer(rebasing: w[(k * h)..<(k * h + h)]), hb)
                        }
                    }
                }
                let probabilities = MRZCharacterClassifier.softmax(logits)
                loss -= Double(log(max(probabilities[label], 1e-9)))
                // Backward.
                for j in 0..<h { deltaHidden[j] = 0 }
                hidden.withUnsafeBufferPointer { hb in
                    p.w2.withUnsafeBufferPointer { w in
                        g2.withUnsafeMutableBufferPointer { g in
                            deltaHidden.withUnsafeMutableBufferPointer { dh in
                                for k in 0..<c {
                                    let d = probabilities[k] - (k == label ? 1 : 0)
                                    gb2[k] += d
                                    let row = k * h
                                    MLPTrainer.axpy(d, hb, UnsafeMutableBufferPointer(rebasing: g[row..<(row + h)]))
                                    MLPTrainer.axpy(d, UnsafeBufferPointer(rebasing: w[row..<(row + h)]), dh)
                                }
                            }
                        }
                    }
                }
                x.withUnsafeBufferPointer { x in
                    g1.withUnsafeMutableBufferPointer { g in
                        for j in 0..<h where hidden[j] > 0 {
                            let d = deltaHidden[j]
                            gb1[j] += d
                            let row = j * n
                            MLPTrainer.axpy(d, x, UnsafeMutableBufferPointer(rebasing: g[row..<(row + n)]))
                        }
                    }
                }
            }
        }
    }

    /// Trains on `set` and returns the classifier; `report` receives (epoch, training loss).
    func train(_ set: MRZTrainingSet, version: Int, report: (Int, Double) -> Void) -> MRZCharacterClassifier {
        let n = MRZTrainingSet.patchSize, h = hiddenCount, c = MRZCharacterClassifier.alphabet.count
        var rng = SplitMix64(seed: seed)
        // He initialisation.
        let parameters = Parameters(
            w1: (0..<(h * n)).map { _ in Float(rng.gaussian() * (2.0 / Double(n)).squareRoot()) },
            b1: [Float](repeating: 0, count: h),
            w2: (0..<(c * h)).map { _ in Float(rng.gaussian() * (2.0 / Double(h)).squareRoot()) },
            b2: [Float](repeating: 0, count: c))
        var v1 = [Float](repeating: 0, count: h * n), vb1 = [Float](repeating: 0, count: h)
        var v2 = [Float](repeating: 0, count: c * h), vb2 = [Float](repeating: 0, count: c)
        let workers = (0..<Self.workerCount).map { _ in Worker(n: n, h: h, c: c) }
        var order = Array(0..<set.count)
        let totalSteps = epochs * ((set.count + batchSize - 1) / batchSize)
        var step = 0
        for epoch in 1...epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(i + 1)) }
            var loss = 0.0
            for batchStart in stride(from: 0, to: order.count, by: batchSize) {
                let batch = order[batchStart..<min(order.count, batchStart + batchSize)]
                let share = (batch.count + workers.count - 1) / workers.count
                DispatchQueue.concurrentPerform(iterations: workers.count) { t in
                    let lower = min(batch.endIndex, batch.startIndex + t * share)
                    workers[t].accumulate(batch[lower..<min(batch.endIndex, lower + share)], of: set, with: parameters)
                }
                // Worker 0's sums plus the others', in order.
                let first = workers[0]
                for worker in workers.dropFirst() {
                    Self.add(worker.g1, to: &first.g1)
                    Self.add(worker.gb1, to: &first.gb1)
                    Self.add(worker.g2, to: &first.g2)
                    Self.add(worker.gb2, to: &first.gb2)
                }
                loss += workers.reduce(0) { $0 + $1.loss }
                // Cosine schedule, momentum update, weight decay.
                let lr = learningRate * 0.5 * (1 + Float(cos(Double.pi * Double(step) / Double(totalSteps))))
                step += 1
                let scale = 1 / Float(batch.count)
                Self.update(&parameters.w1, &v1, first.g1, lr: lr, scale: scale, momentum: momentum, decay: weightDecay)
                Self.update(&parameters.b1, &vb1, first.gb1, lr: lr, scale: scale, momentum: momentum, decay: 0)
                Self.update(&parameters.w2, &v2, first.g2, lr: lr, scale: scale, momentum: momentum, decay: weightDecay)
                Self.update(&parameters.b2, &vb2, first.gb2, lr: lr, scale: scale, momentum: momentum, decay: 0)
            }
            report(epoch, loss / Double(max(1, set.count)))
        }
        return MRZCharacterClassifier(
            hiddenCount: h, version: version, w1: parameters.w1, b1: parameters.b1,
            w2: parameters.w2, b2: parameters.b2)
    }

    /// `y += a * x`, eight lanes at a time (the compiler does not vectorise the plain loop, as it
    /// cannot rule out that `x` and `y` overlap).
    @inline(__always)
    static func axpy(_ a: Float, _ x: UnsafeBufferPointer<Float>, _ y: UnsafeMutableBufferPointer<Float>) {
        let n = y.count
        let px = UnsafeRawPointer(x.baseAddress!), py = UnsafeMutableRawPointer(y.baseAddress!)
        let va = SIMD8<Float>(repeating: a)
        var i = 0
        while i + 8 <= n {
            let v =
                py.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
                + va * px.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            py.storeBytes(of: v, toByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        while i < n {
            y[i] += a * x[i]
            i += 1
        }
    }

    /// `b += a`.
    static func add(_ a: [Float], to b: inout [Float]) {
        a.withUnsafeBufferPointer { a in b.withUnsafeMutableBufferPointer { axpy(1, a, $0) } }
    }

    static func update(
        _ w: inout [Float], _ v: inout [Float], _ g: [Float], lr: Float, scale: Float,
        momentum: Float, decay: Float
    ) {
        w.withUnsafeMutableBufferPointer { w in
            v.withUnsafeMutableBufferPointer { v in
                g.withUnsafeBufferPointer { g in
                    for i in 0..<w.count {
                        v[i] = momentum * v[i] - lr * (g[i] * scale + decay * w[i])
                        w[i] += v[i]
                    }
                }
            }
        }
    }

    /// Fraction of patches classified correctly.
    static func accuracy(_ classifier: MRZCharacterClassifier, on set: MRZTrainingSet) -> Double {
        let n = MRZTrainingSet.patchSize
        var correct = 0
        for index in 0..<set.count {
            let x = (0..<n).map { Float(set.patches[index * n + $0]) / 255 }
            if classifier.candidates(x, count: 1)[0].character
                == MRZCharacterClassifier.alphabet[Int(set.labels[index])]
            {
                correct += 1
            }
        }
        return Double(correct) / Double(max(1, set.count))
    }
}

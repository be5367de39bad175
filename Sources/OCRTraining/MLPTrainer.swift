import CaptureCore
import DocumentEngine
import Foundation

/// Trains the MRZ recogniser (one hidden ReLU layer, softmax output) with mini-batch SGD with
/// momentum, cross-entropy loss, L2 weight decay and a cosine learning-rate schedule.
struct MLPTrainer {
    var hiddenCount = 192
    var epochs = 14
    var batchSize = 64
    var learningRate: Float = 0.05
    var momentum: Float = 0.9
    var weightDecay: Float = 1e-5
    var seed: UInt64 = 1

    /// Trains on `set` and returns the classifier; `report` receives (epoch, training loss).
    func train(_ set: MRZTrainingSet, version: Int, report: (Int, Double) -> Void) -> MRZCharacterClassifier {
        let n = MRZTrainingSet.patchSize, h = hiddenCount, c = MRZCharacterClassifier.alphabet.count
        var rng = SplitMix64(seed: seed)
        // He initialisation.
        var w1 = (0..<(h * n)).map { _ in Float(rng.gaussian() * (2.0 / Double(n)).squareRoot()) }
        var b1 = [Float](repeating: 0, count: h)
        var w2 = (0..<(c * h)).map { _ in Float(rng.gaussian() * (2.0 / Double(h)).squareRoot()) }
        var b2 = [Float](repeating: 0, count: c)
        var v1 = [Float](repeating: 0, count: w1.count), vb1 = [Float](repeating: 0, count: h)
        var v2 = [Float](repeating: 0, count: w2.count), vb2 = [Float](repeating: 0, count: c)
        var g1 = [Float](repeating: 0, count: w1.count), gb1 = [Float](repeating: 0, count: h)
        var g2 = [Float](repeating: 0, count: w2.count), gb2 = [Float](repeating: 0, count: c)
        var x = [Float](repeating: 0, count: n), hidden = [Float](repeating: 0, count: h)
        var logits = [Float](repeating: 0, count: c), deltaHidden = [Float](repeating: 0, count: h)
        var order = Array(0..<set.count)
        let totalSteps = epochs * ((set.count + batchSize - 1) / batchSize)
        var step = 0
        for epoch in 1...epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(i + 1)) }
            var loss = 0.0
            for batchStart in stride(from: 0, to: order.count, by: batchSize) {
                let batch = order[batchStart..<min(order.count, batchStart + batchSize)]
                for i in 0..<g1.count { g1[i] = 0 }
                for i in 0..<h { gb1[i] = 0 }
                for i in 0..<g2.count { g2[i] = 0 }
                for i in 0..<c { gb2[i] = 0 }
                for index in batch {
                    let label = Int(set.labels[index])
                    for i in 0..<n { x[i] = Float(set.patches[index * n + i]) / 255 }
                    // Forward.
                    w1.withUnsafeBufferPointer { w in
                        for j in 0..<h {
                            var acc = b1[j]
                            let row = j * n
                            for i in 0..<n { acc += w[row + i] * x[i] }
                            hidden[j] = max(0, acc)
                        }
                    }
                    for k in 0..<c {
                        var acc = b2[k]
                        for j in 0..<h { acc += w2[k * h + j] * hidden[j] }
                        logits[k] = acc
                    }
                    let p = MRZCharacterClassifier.softmax(logits)
                    loss -= Double(log(max(p[label], 1e-9)))
                    // Backward.
                    for j in 0..<h { deltaHidden[j] = 0 }
                    for k in 0..<c {
                        let d = p[k] - (k == label ? 1 : 0)
                        gb2[k] += d
                        for j in 0..<h {
                            g2[k * h + j] += d * hidden[j]
                            deltaHidden[j] += d * w2[k * h + j]
                        }
                    }
                    g1.withUnsafeMutableBufferPointer { g in
                        for j in 0..<h where hidden[j] > 0 {
                            let d = deltaHidden[j]
                            gb1[j] += d
                            let row = j * n
                            for i in 0..<n { g[row + i] += d * x[i] }
                        }
                    }
                }
                // Cosine schedule, momentum update, weight decay.
                let lr = learningRate * 0.5 * (1 + Float(cos(Double.pi * Double(step) / Double(totalSteps))))
                step += 1
                let scale = 1 / Float(batch.count)
                Self.update(&w1, &v1, g1, lr: lr, scale: scale, momentum: momentum, decay: weightDecay)
                Self.update(&b1, &vb1, gb1, lr: lr, scale: scale, momentum: momentum, decay: 0)
                Self.update(&w2, &v2, g2, lr: lr, scale: scale, momentum: momentum, decay: weightDecay)
                Self.update(&b2, &vb2, gb2, lr: lr, scale: scale, momentum: momentum, decay: 0)
            }
            report(epoch, loss / Double(max(1, set.count)))
        }
        return MRZCharacterClassifier(hiddenCount: h, version: version, w1: w1, b1: b1, w2: w2, b2: b2)
    }

    static func update(_ w: inout [Float], _ v: inout [Float], _ g: [Float], lr: Float, scale: Float,
                       momentum: Float, decay: Float) {
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
            if classifier.candidates(x, count: 1)[0].character == MRZCharacterClassifier.alphabet[Int(set.labels[index])] { correct += 1 }
        }
        return Double(correct) / Double(max(1, set.count))
    }
}

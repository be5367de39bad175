import CaptureCore
import Foundation
import Testing

@testable import FaceEngine

@Suite struct OneEuroFilterTests {
    /// A seeded ±1 noise sequence (a linear congruential generator: the same on every run).
    static func noise(count: Int) -> [Double] {
        var state: UInt64 = 12345
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    @Test func theFirstSamplePassesThroughUnchanged() {
        var filter = OneEuroFilter(minimumCutoff: 1, beta: 0)
        #expect(filter.filter(42, at: 0) == 42)
    }

    @Test func aStillNoisyValueShimmersMuchLessAfterFiltering() {
        var filter = OneEuroFilter(minimumCutoff: 0.5, beta: 0.01)
        let input = Self.noise(count: 300).map { 100 + $0 }
        var output: [Double] = []
        for (i, value) in input.enumerated() { output.append(filter.filter(value, at: Double(i) / 30)) }
        func meanStep(_ v: [Double]) -> Double {
            zip(v.dropFirst(100), v.dropFirst(101)).map { abs($1 - $0) }.reduce(0, +) / Double(v.count - 101)
        }
        #expect(meanStep(output) < meanStep(input) / 5)
        #expect(abs(output.last! - 100) < 0.5)
    }

    @Test func aHigherBetaFollowsAFastRampWithLessLag() {
        var slow = OneEuroFilter(minimumCutoff: 0.5, beta: 0)
        var fast = OneEuroFilter(minimumCutoff: 0.5, beta: 0.05)
        var slowOut = 0.0, fastOut = 0.0
        for i in 0...30 {
            let t = Double(i) / 30
            let value = 300 * t  // 300 units per second
            slowOut = slow.filter(value, at: t)
            fastOut = fast.filter(value, at: t)
        }
        let lagSlow = 300 - slowOut, lagFast = 300 - fastOut
        #expect(lagFast < lagSlow / 3)
        #expect(lagFast < 15)
    }

    @Test func aTimestampThatDoesNotAdvanceRepeatsTheLastOutput() {
        var filter = OneEuroFilter(minimumCutoff: 1, beta: 0)
        _ = filter.filter(0, at: 0)
        let first = filter.filter(10, at: 0.1)
        #expect(filter.filter(50, at: 0.1) == first)
        #expect(filter.filter(.nan, at: 0.2) == first)
    }

    @Test func resetForgetsTheHistory() {
        var filter = OneEuroFilter(minimumCutoff: 0.1, beta: 0)
        _ = filter.filter(0, at: 0)
        _ = filter.filter(100, at: 0.1)
        filter.reset()
        #expect(filter.filter(100, at: 0.2) == 100)
    }

    @Test func theBlendWeightMatchesAFirstOrderLowPass() {
        // fc = 1 Hz, dt = 1/30 s: tau = 1/(2 pi), alpha = 1 / (1 + tau/dt).
        let expected = 1 / (1 + (1 / (2 * Double.pi)) * 30)
        #expect(abs(OneEuroFilter.alpha(cutoff: 1, dt: 1.0 / 30) - expected) < 1e-12)
    }

    @Test func theLandmarkSmootherIsScaleInvariant() throws {
        // The same relative motion on a face twice as large gives the same relative output.
        func run(scale: Double) throws -> Double {
            var smoother = LandmarkSmoother()
            var last: FaceLandmarks?
            for i in 0..<20 {
                let shift = Double(i) * 2 * scale
                let points = (0..<FaceLandmarks.count).map { k in
                    Point2D(x: Double(k % 17) * 10 * scale + shift, y: Double(k / 17) * 10 * scale)
                }
                last = smoother.smooth(try #require(FaceLandmarks(points: points)), at: Double(i) / 30)
            }
            let final = try #require(last)
            return (Double(19) * 2 * scale - (final[0].x)) / scale
        }
        let small = try run(scale: 1), large = try run(scale: 2)
        #expect(abs(small - large) < 1e-6)
        #expect(small > 0)
    }
}

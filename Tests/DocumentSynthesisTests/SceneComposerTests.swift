import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct SceneComposerTests {
    // Determinism per seed, for both families: HeldOutSceneComposerTests.

    @Test func truthCornersMapTheDocumentOntoTheFrame() throws {
        // Given a clean scene, rectify the frame with the truth corners.
        let composer = try SceneComposer(tier: .clean, frameWidth: 640, frameHeight: 360, kinds: [.td3])
        let scene = try composer.compose(seed: 5)
        let width = 250
        let height = 176
        let frame = scene.image.grayscale()
        let reference = try #require(
            PerspectiveWarp.rectify(
                scene.document.image.grayscale(), quad: scene.document.outline,
                width: width, height: height))
        let rectified = try #require(
            PerspectiveWarp.rectify(frame, quad: scene.truth.corners, width: width, height: height))
        // Then it matches the rendered document, and a quadrilateral 2 % of the diagonal off does not.
        let exact = correlation(rectified, reference)
        #expect(exact > 0.8)
        let diagonal = scene.truth.corners.upperLeft.distance(to: scene.truth.corners.lowerRight)
        let shifted = scene.truth.corners.mapped { Point2D(x: $0.x + 0.02 * diagonal, y: $0.y) }
        let off = try #require(PerspectiveWarp.rectify(frame, quad: shifted, width: width, height: height))
        #expect(correlation(off, reference) < exact - 0.15)
        // The MRZ band and face zone truths are mapped with the same transform.
        let band = try #require(scene.truth.mrzBand)
        #expect(
            band.centroid.distance(
                to: scene.truth.corners.lowerLeft.interpolated(to: scene.truth.corners.upperRight, 0.5))
                > 0)
        #expect(scene.truth.face != nil && scene.truth.signature != nil)
    }

    @Test func theDocumentStaysInsideTheFrameUnlessPartial() {
        for tier in SceneTier.allCases {
            for seed in 0..<150 {
                for kind in [DocumentLayout.Kind.td3, .td1Back] {
                    var random = SeededGenerator(seed: UInt64(seed))
                    let pose = ScenePose.draw(
                        layout: .of(kind), tier: tier, frameWidth: 1280, frameHeight: 720,
                        framing: .inside, using: &random)
                    #expect(pose.corners.corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= 1280 && $0.y <= 720 })
                    #expect(pose.rotationDegrees.magnitude <= tier.maxRotationDegrees)
                    #expect(pose.tiltDegrees <= tier.maxTiltDegrees)
                    #expect(pose.widthFraction <= tier.documentWidthFraction.upperBound + 0.01)
                    #expect(pose.widthFraction >= tier.documentWidthFraction.lowerBound * 0.75)
                }
            }
        }
        var outside = 0
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(seed))
            let pose = ScenePose.draw(
                layout: .of(.td3), tier: .phoneLike, frameWidth: 1280, frameHeight: 720,
                framing: .partial, using: &random)
            if pose.corners.corners.contains(where: { $0.x < 0 || $0.y < 0 || $0.x > 1280 || $0.y > 720 }) {
                outside += 1
            }
        }
        #expect(outside == 50)
    }

    /// Each framing of the placement mix gives frames that deserve its status (TrueCaptureStatus),
    /// so that the engine's status rules have every status to be decided on.
    @Test func eachFramingDeservesItsStatus() {
        let expected: [(SceneFraming, PlacementStatus)] = [
            (.inside, .good), (.partial, .partiallyVisible), (.overfilled, .tooClose), (.steep, .angleTooSteep),
            (.nearEdge, .tooCloseToEdge),
        ]
        for (framing, status) in expected {
            var matching = 0
            for seed in 0..<40 {
                var random = SeededGenerator(seed: UInt64(seed))
                let layout = DocumentLayout.of(seed % 2 == 0 ? .td3 : .td1Back)
                let pose = ScenePose.draw(
                    layout: layout, tier: .phoneLike, frameWidth: 1280, frameHeight: 720, framing: framing,
                    using: &random)
                let truth = TrueCaptureStatus.decide(
                    corners: pose.corners, layout: layout, frameWidth: 1280, frameHeight: 720,
                    tiltDegrees: pose.tiltDegrees)
                if truth == status { matching += 1 }
            }
            // Partial frames may overfill, near-edge ones may be too far: most, not all.
            #expect(matching >= 30, "\(framing): \(matching) of 40 deserve \(status)")
        }
    }

    @Test func framesAreJPEGsOfTheTierQuality() throws {
        for tier in SceneTier.allCases {
            let composer = try SceneComposer(tier: tier, frameWidth: 192, frameHeight: 108)
            let scene = try composer.compose(seed: 3)
            #expect(ImageCodec.sniff(scene.jpeg) == .jpeg)
            #expect(try ImageCodec.decode(scene.jpeg) == scene.image)
            let q = try #require(scene.truth.degradations).jpegQuality
            #expect(tier.jpegQuality.contains(q))
            // The first luminance quantiser is libjpeg's 16 scaled by the quality.
            let scaling = q < 50 ? 5000 / q : 200 - 2 * q
            #expect(firstLuminanceQuantiser(scene.jpeg) == max(1, (16 * scaling + 50) / 100))
        }
    }

    @Test func hardGlareNeverAddsMoreThanHalfTheRangeOnTheMRZ() throws {
        let composer = try SceneComposer(tier: .hard, frameWidth: 192, frameHeight: 108, kinds: [.td3, .td1Back])
        var glares = 0
        for seed in 0..<5 {
            let scene = try composer.compose(seed: UInt64(seed))
            guard let glare = scene.truth.degradations?.glare else { continue }
            glares += 1
            #expect(glare.peakOnMRZ <= 127.5 + 1e-9)
        }
        #expect(glares > 0)
        let phone = try SceneComposer(tier: .phoneLike, frameWidth: 192, frameHeight: 108, kinds: [.td3])
        for seed in 0..<5 {
            if let glare = try phone.compose(seed: UInt64(seed)).truth.degradations?.glare {
                #expect(glare.peakOnMRZ < 0.03 * glare.peak)
            }
        }
    }

    @Test func truthLinesAlwaysCarryFileAndMRZKeys() throws {
        let composer = try SceneComposer(tier: .clean, frameWidth: 160, frameHeight: 90, kinds: [.td1Front])
        let scene = try composer.compose(seed: 1, fileName: "000001.jpg")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(scene.truth)) as? [String: Any]
        #expect(json?["file"] as? String == "000001.jpg")
        #expect(json?.keys.contains("mrz") == true)
        #expect(json?["mrz"] is NSNull)
        let decoded = try JSONDecoder().decode(SceneTruth.self, from: JSONEncoder().encode(scene.truth))
        #expect(decoded == scene.truth)
    }

    @Test func unsupportedFrameSizesAreRejected() {
        #expect(throws: SceneCompositionError.self) {
            try SceneComposer(tier: .clean, frameWidth: 10, frameHeight: 720)
        }
    }

    // MARK: Helpers

    private func correlation(_ a: GrayImage, _ b: GrayImage) -> Double {
        let x = a.pixels.map(Double.init)
        let y = b.pixels.map(Double.init)
        let mx = x.reduce(0, +) / Double(x.count)
        let my = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for i in 0..<x.count {
            sxy += (x[i] - mx) * (y[i] - my)
            sxx += (x[i] - mx) * (x[i] - mx)
            syy += (y[i] - my) * (y[i] - my)
        }
        return sxy / max(1e-9, (sxx * syy).squareRoot())
    }

    /// The first entry of the first quantisation table (DQT, marker FFDB) of a baseline JPEG.
    private func firstLuminanceQuantiser(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        var i = 2
        while i + 4 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xDB { return Int(bytes[i + 5]) }
            i += 2 + length
        }
        return nil
    }
}

/// The tuning family's stress conditions (``SceneStress``) draw what they say, and only on request.
@Suite struct SceneStressTests {
    static func scene(_ stress: SceneStress, seed: UInt64) throws -> SyntheticScene {
        try SceneComposer(tier: .phoneLike, frameWidth: 640, frameHeight: 360, kinds: [.td3], stress: stress)
            .compose(seed: seed)
    }

    @Test func aTinyMRZHasAPitchUnderThePhoneTiersMinimum() throws {
        for seed: UInt64 in 1...3 {
            let truth = try Self.scene(.tinyMRZ, seed: seed).truth
            let pitch = try #require(truth.degradations?.mrzPitchPixels)
            #expect(pitch < SceneTier.phoneLike.minimumMRZPitchPixels)
            #expect(pitch > 3)
            #expect(truth.degradations?.stress == .tinyMRZ)
        }
    }

    @Test func glareOnTheMRZReachesItUncapped() throws {
        let peaks = try (1...4).map { seed in
            try #require(Self.scene(.glareOnMRZ, seed: UInt64(seed)).truth.degradations?.glare).peakOnMRZ
        }
        #expect(peaks.allSatisfy { $0 > 0 })
        // The tiers cap glare on the MRZ at half the range; the stress does not.
        #expect(peaks.contains { $0 > 127.5 })
    }

    @Test func lowLightIsDimAndNoisy() throws {
        let degradations = try #require(Self.scene(.lowLight, seed: 5).truth.degradations)
        #expect(SceneStress.lowLightExposure.contains(degradations.exposure))
        #expect(SceneStress.lowLightNoiseSigma.contains(degradations.noiseSigma))
    }

    @Test func theMixIsSeededAndDrawsEveryCondition() {
        let drawn = (0..<40).map { SceneStress.mix(seed: UInt64($0)) }
        #expect(drawn == (0..<40).map { SceneStress.mix(seed: UInt64($0)) })
        #expect(Set(drawn) == Set(SceneStress.allCases))
    }

    @Test func withoutAStressNothingIsRecorded() throws {
        let scene = try SceneComposer(tier: .phoneLike, frameWidth: 640, frameHeight: 360).compose(seed: 5)
        #expect(scene.truth.degradations?.stress == nil)
    }
}

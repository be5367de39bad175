import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct HeldOutSceneComposerTests {
    @Test(arguments: SceneFamily.allCases)
    func theSameSeedGivesIdenticalBytesAndDifferentSeedsDifferentScenes(family: SceneFamily) throws {
        func scene(_ seed: UInt64) throws -> SyntheticScene {
            try family.compose(tier: .phoneLike, frameWidth: 192, frameHeight: 108, seed: seed)
        }
        let a = try scene(17), b = try scene(17), c = try scene(18)
        #expect(a.jpeg == b.jpeg)
        #expect(a.truth == b.truth)
        #expect(a.jpeg != c.jpeg)
        #expect(a.truth.corners != c.truth.corners)
    }

    @Test func heldOutFramesAreNeverTheTuningFramesOfTheSameSeed() throws {
        for tier in SceneTier.allCases {
            for seed in UInt64(0)..<2 {
                let heldOut = try SceneFamily.heldOut.compose(tier: tier, frameWidth: 160, frameHeight: 90, seed: seed)
                let tuning = try SceneFamily.tuning.compose(tier: tier, frameWidth: 160, frameHeight: 90, seed: seed)
                #expect(heldOut.jpeg != tuning.jpeg)
                #expect(heldOut.truth.corners != tuning.truth.corners)
                #expect(heldOut.truth.family == .heldOut && tuning.truth.family == .tuning)
                #expect(heldOut.truth.heldOut != nil && heldOut.truth.degradations == nil)
                #expect(tuning.truth.heldOut == nil && tuning.truth.degradations != nil)
            }
        }
    }

    @Test func trueCornersMapTheDocumentOntoTheFrame() throws {
        // Given a held-out card lying whole in the frame, not held in a hand (a thumb hides part).
        let composer = try HeldOutSceneComposer(tier: .clean, frameWidth: 320, frameHeight: 180, kinds: [.td1Back])
        var found: SyntheticScene?
        for seed in UInt64(0)..<12 {
            let scene = try composer.compose(seed: seed)
            let conditions = try #require(scene.truth.heldOut)
            if conditions.framing == .centred, conditions.setting != .hand { found = scene; break }
        }
        let scene = try #require(found)
        // When the frame is rectified with the true corners, it matches the rendered document, and
        // corners 2 % of the diagonal off match it clearly worse.
        let (width, height) = (171, 108)
        let reference = try #require(
            PerspectiveWarp.rectify(
                scene.document.image.grayscale(), quad: scene.document.outline, width: width, height: height))
        let frame = scene.image.grayscale()
        let rectified = try #require(
            PerspectiveWarp.rectify(frame, quad: scene.truth.corners, width: width, height: height))
        let exact = correlation(rectified, reference)
        #expect(exact > 0.6)
        let diagonal = scene.truth.corners.upperLeft.distance(to: scene.truth.corners.lowerRight)
        let shifted = scene.truth.corners.mapped { Point2D(x: $0.x + 0.02 * diagonal, y: $0.y - 0.02 * diagonal) }
        let off = try #require(PerspectiveWarp.rectify(frame, quad: shifted, width: width, height: height))
        #expect(correlation(off, reference) < exact - 0.1)
        #expect(scene.truth.captureStatus == scene.truth.trueCaptureStatus)
    }

    @Test func framingsPlaceTheDocumentAsTheyPromise() {
        let (fw, fh) = (1280.0, 720.0)
        var tiltResiduals: [Double] = []
        for tier in SceneTier.allCases {
            let recipe = HeldOutRecipe(tier: tier)
            for seed in UInt64(0)..<25 {
                for framing in HeldOutRecipe.Framing.allCases {
                    for kind in [DocumentLayout.Kind.td3, .td1Back] {
                        let layout = DocumentLayout.of(kind)
                        var random = SeededGenerator(seed: seed)
                        let draw = HeldOutSceneComposer.drawCamera(
                            recipe: recipe, layout: layout, framing: framing, frameWidth: 1280, frameHeight: 720,
                            using: &random)
                        let camera = HeldOutSceneComposer.place(draw, layout: layout, framing: framing, using: &random)
                        tiltResiduals.append(abs(camera.tiltDegrees - draw.tiltDegrees))
                        let q = camera.outline(width: layout.width, height: layout.height)
                        let outside = q.corners.contains { $0.x < 0 || $0.y < 0 || $0.x > fw || $0.y > fh }
                        let status = TrueCaptureStatus.decide(
                            corners: q, layout: layout, frameWidth: 1280, frameHeight: 720,
                            tiltDegrees: camera.tiltDegrees)
                        #expect((40...85).contains(camera.fieldOfViewDegrees))
                        switch framing {
                        case .overfilled:
                            let covered = TrueCaptureStatus.visibleArea(q, fw, fh) / (fw * fh)
                            #expect(outside || covered > 0.8)
                            #expect(status == .tooClose)
                        case .cut:
                            #expect(outside)
                            #expect(status == .partiallyVisible || status == .tooClose)
                        case .nearEdge:
                            #expect(!outside)
                            #expect(status == .tooCloseToEdge)
                        case .centred, .tinyMRZ, .far:
                            #expect(!outside)
                            #expect(status != .tooCloseToEdge && status != .partiallyVisible)
                        }
                        if framing == .far { #expect(status == .tooFar || status == .angleTooSteep) }
                    }
                }
            }
        }
        // Framing moves the document without turning it: the true tilt is the drawn one.
        #expect(tiltResiduals.allSatisfy { $0 < 1e-6 })
    }

    @Test func heldOutTruthRoundTripsThroughJSON() throws {
        let scene = try HeldOutSceneComposer(tier: .hard, frameWidth: 160, frameHeight: 90).compose(
            seed: 4, fileName: "a.jpg")
        let data = try JSONEncoder().encode(scene.truth)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(json?["file"] as? String == "a.jpg")
        #expect(json?.keys.contains("mrz") == true)
        #expect(json?["family"] as? String == "heldOut")
        #expect(json?["captureStatus"] is String)
        #expect(try JSONDecoder().decode(SceneTruth.self, from: data) == scene.truth)
    }

    @Test func truthWrittenBeforeFamiliesStillDecodesAsTuning() throws {
        let scene = try SceneComposer(tier: .clean, frameWidth: 160, frameHeight: 90).compose(seed: 2)
        var json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(scene.truth)) as? [String: Any])
        for key in ["family", "tiltDegrees", "fieldOfViewDegrees", "captureStatus"] { json.removeValue(forKey: key) }
        let old = try JSONDecoder().decode(SceneTruth.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(old.family == .tuning)
        #expect(old.tiltDegrees == scene.truth.degradations?.tiltDegrees)
        #expect(old.trueCaptureStatus == scene.truth.trueCaptureStatus)
    }

    private func correlation(_ a: GrayImage, _ b: GrayImage) -> Double {
        let x = a.pixels.map(Double.init), y = b.pixels.map(Double.init)
        let mx = x.reduce(0, +) / Double(x.count), my = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in 0..<x.count {
            sxy += (x[i] - mx) * (y[i] - my)
            sxx += (x[i] - mx) * (x[i] - mx)
            syy += (y[i] - my) * (y[i] - my)
        }
        return sxy / max(1e-9, (sxx * syy).squareRoot())
    }
}

import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

/// The tuning family's severe line (``SceneSevere``): hard-tier optics with one trait of the
/// placement, stress or wild line per frame, its truth consistent with what was drawn, and the
/// tiers' readability guards kept.
@Suite struct SceneSevereTests {
    static func scene(
        _ trait: SceneSevere, seed: UInt64, kinds: [DocumentLayout.Kind] = [.td3]
    ) throws -> SyntheticScene {
        try trait.composer(frameWidth: 640, frameHeight: 360, kinds: kinds).compose(seed: seed)
    }

    @Test func theMixIsSeededAndDrawsEveryTraitButInside() {
        let drawn = (0..<200).map { SceneSevere.mix(seed: UInt64($0)) }
        #expect(drawn == (0..<200).map { SceneSevere.mix(seed: UInt64($0)) })
        #expect(Set(drawn) == Set(SceneSevere.traits))
        #expect(SceneSevere.traits.count == 13)
        #expect(!SceneSevere.traits.contains(.framing(.inside)))
        for trait in SceneSevere.traits { #expect(SceneSevere(name: trait.name) == trait) }
    }

    @Test func everyTraitComposesOnTheHardTierAndRecordsItself() throws {
        for (k, trait) in SceneSevere.traits.enumerated() {
            let scene = try Self.scene(trait, seed: UInt64(100 + k))
            let truth = scene.truth
            let degradations = try #require(truth.degradations)
            #expect(truth.tier == .hard)
            #expect(truth.family == .tuning)
            #expect(degradations.framing == (trait.framing ?? .inside))
            #expect(degradations.stress == trait.stress)
            #expect(degradations.wild == trait.wild)
            // Hard optics: the tier's JPEG quality and noise (low light draws its own noise).
            #expect(SceneTier.hard.jpegQuality.contains(degradations.jpegQuality))
            if trait.stress != .lowLight { #expect(SceneTier.hard.noiseSigma.contains(degradations.noiseSigma)) }
            // The blur stays under the cap the pitch seen sets, as on the tiers.
            let pitch = try #require(degradations.mrzPitchPixels)
            #expect(degradations.blurSigma <= 0.17 * pitch + 1e-9)
            #expect(degradations.motionBlurLength <= 0.55 * pitch + 1e-9)
            // The truth's status is the one its corners and tilt deserve.
            #expect(
                truth.trueCaptureStatus
                    == TrueCaptureStatus.decide(
                        corners: truth.corners, layout: .of(truth.kind), frameWidth: 640, frameHeight: 360,
                        tiltDegrees: truth.tiltDegrees ?? 0))
            if trait.framing == nil || trait.framing == .steep {
                #expect(truth.documentInsideFrame)
                #expect(truth.mrzInsideFrame)
            }
        }
    }

    @Test func framingsDeserveTheirStatusOnHardOptics() throws {
        for seed: UInt64 in 1...3 {
            let overfilled = try Self.scene(.framing(.overfilled), seed: seed).truth
            #expect(overfilled.trueCaptureStatus == .tooClose)
            let steep = try Self.scene(.framing(.steep), seed: seed).truth
            #expect(SceneFraming.steepTiltDegrees.contains(try #require(steep.tiltDegrees)))
            let partial = try Self.scene(.framing(.partial), seed: seed).truth
            #expect(!partial.documentInsideFrame)
        }
    }

    @Test func aTinyMRZStaysAtTheTiersReadableFloor() throws {
        let floor = SceneTier.hard.minimumMRZPitchPixels
        for seed: UInt64 in 1...3 {
            // At the eval's frame size: a small frame shrinks documents that do not fit, as on the tiers.
            let scene = try SceneSevere.stress(.tinyMRZ).composer(frameWidth: 1280, frameHeight: 720, kinds: [.td3])
                .compose(seed: seed)
            let tilt = try #require(scene.truth.tiltDegrees) * Double.pi / 180
            let pitch = try #require(scene.truth.degradations?.mrzPitchPixels)
            // Smaller than the hard tier alone draws a TD3 page (35% of the frame: 9 px), never under
            // the tier's minimum (the pitch seen at the far end of a tilted line may lose a little).
            #expect(pitch >= floor * 0.9)
            #expect(pitch <= floor * SceneSevere.tinyPitchFactor.upperBound / cos(tilt) * 1.1)
            #expect(scene.truth.degradations?.stress == .tinyMRZ)
        }
        // The stress line's tiny MRZ is unchanged: under the phone-like tier's minimum.
        let stressed = try SceneComposer(
            tier: .phoneLike, frameWidth: 640, frameHeight: 360, kinds: [.td3], stress: .tinyMRZ
        ).compose(seed: 1)
        #expect(try #require(stressed.truth.degradations?.mrzPitchPixels) < SceneTier.phoneLike.minimumMRZPitchPixels)
    }

    @Test func aSevereFrameIsTheSameForTheSameSeedAndKeepsTheTiersDrawsOtherwise() throws {
        let a = try Self.scene(.wild(.openBooklet), seed: 9, kinds: [])
        let b = try Self.scene(.wild(.openBooklet), seed: 9, kinds: [])
        #expect(a.jpeg == b.jpeg)
        #expect(a.truth.kind == .td3)
        // A trait that leaves the pose alone keeps the hard tier's corners for the seed.
        let plain = try SceneComposer(tier: .hard, frameWidth: 640, frameHeight: 360, kinds: [.td3]).compose(seed: 9)
        let cast = try Self.scene(.wild(.colourCast), seed: 9)
        #expect(cast.truth.corners.maxCornerDistance(to: plain.truth.corners) == 0)
        #expect(cast.image.pixels != plain.image.pixels)
    }
}

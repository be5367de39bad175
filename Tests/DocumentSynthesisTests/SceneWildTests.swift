import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

/// The tuning family's wild conditions (``SceneWild``) draw on top of the phone-like tier without
/// changing its draws, and keep the truth exact.
@Suite struct SceneWildTests {
    static func scene(_ wild: SceneWild?, seed: UInt64) throws -> SyntheticScene {
        try SceneComposer(
            tier: .phoneLike, frameWidth: 320, frameHeight: 180, kinds: [.td3], wild: wild
        )
        .compose(seed: seed)
    }

    @Test func conditionsKeepTheTiersPoseAndChangeThePixels() throws {
        let plain = try Self.scene(nil, seed: 3)
        #expect(plain.truth.degradations?.wild == nil)
        for condition in SceneWild.allCases {
            let scene = try Self.scene(condition, seed: 3)
            #expect(scene.truth.degradations?.wild == condition)
            #expect(scene.image.pixels != plain.image.pixels)
            let moved = scene.truth.corners.maxCornerDistance(to: plain.truth.corners)
            if condition == .lensAndShutter {
                // The optics move the corners, and the truth follows them.
                #expect(moved > 0.5)
            } else {
                #expect(moved == 0)
            }
        }
    }

    @Test func lensAndShutterTruthFollowsThePixels() throws {
        let optics = SceneWildEffects.Optics(width: 480, height: 270, k: 0.03, skew: 0.04, chromatic: 0)
        for p in [Point2D(x: 20, y: 30), Point2D(x: 400, y: 250), Point2D(x: 240, y: 135)] {
            // Where a scene point appears, the pixel there shows that scene point.
            let seen = optics.image(of: p)
            #expect(optics.source(of: seen).distance(to: p) < 1e-6)
        }
        // Barrel: a point near the corner appears nearer the centre; the centre does not move.
        let corner = Point2D(x: 10, y: 135)
        #expect(abs(optics.image(of: corner).x - 240) < abs(corner.x - 240))
        #expect(optics.image(of: Point2D(x: 240, y: 135)).distance(to: Point2D(x: 240, y: 135)) < 1e-9)
    }

    @Test func theMixIsSeededAndDrawsEveryCondition() {
        let drawn = (0..<60).map { SceneWild.mix(seed: UInt64($0)) }
        #expect(drawn == (0..<60).map { SceneWild.mix(seed: UInt64($0)) })
        #expect(Set(drawn) == Set(SceneWild.allCases))
    }

    @Test func aWildFrameIsTheSameForTheSameSeed() throws {
        let a = try Self.scene(.openBooklet, seed: 9)
        let b = try Self.scene(.openBooklet, seed: 9)
        #expect(a.jpeg == b.jpeg)
        #expect(a.truth.kind == .td3)
    }
}

import CaptureCore
import Foundation
import Testing
@testable import FaceEngine

@Suite struct EyewearRendererTests {
    static let frame = ProceduralFrameCatalog.frames[0]
    /// Painted coarsely: the tests look at placement, not at detail.
    static let asset = EyewearAsset.painted(frame, pixelsPerMillimetre: 3)

    /// Draws the frame on a flat grey picture of a synthetic head; returns the changed pixels' box.
    static func drawnBox(yaw: Double = 0, roll: Double = 0, z: Double = 500)
        throws -> (box: FaceBox, landmarks: FaceLandmarks, placement: EyewearPlacement, image: RGBAImage)
    {
        let rotation = SyntheticFace.rotation(yaw: SyntheticFace.degrees(yaw), pitch: 0,
                                              roll: SyntheticFace.degrees(roll))
        let landmarks = try #require(SyntheticFace.landmarks(rotation: rotation, translation: Vector3(x: 0, y: 0, z: z)))
        let pose = try #require(HeadPoseEstimator(camera: SyntheticFace.camera).estimate(from: landmarks))
        let renderer = EyewearRenderer(camera: SyntheticFace.camera)
        let placement = try #require(renderer.placement(of: asset, pose: pose, landmarks: landmarks))
        let background = RGBA(r: 128, g: 128, b: 128)
        var image = RGBAImage(width: 1280, height: 720, fill: background)
        renderer.render(asset, at: placement, onto: &image)
        var box = FaceBox(left: .infinity, top: .infinity, right: -.infinity, bottom: -.infinity)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != background {
                box.left = min(box.left, Double(x))
                box.top = min(box.top, Double(y))
                box.right = max(box.right, Double(x + 1))
                box.bottom = max(box.bottom, Double(y + 1))
            }
        }
        return (box, landmarks, placement, image)
    }

    @Test func theFrontIsCentredBetweenTheEyesAndCoversThem() throws {
        let (box, landmarks, placement, _) = try Self.drawnBox()
        let left = landmarks.imageLeftEyeCentre, right = landmarks.imageRightEyeCentre
        let middle = left.interpolated(to: right, 0.5)
        let eyeDistance = left.distance(to: right)
        #expect(placement.bridgeCentre.distance(to: middle) < 0.1 * eyeDistance)
        #expect(abs(box.centre.x - middle.x) < 0.05 * eyeDistance)
        // Both eyes' corners lie inside the drawn frame, with room to spare.
        for i in FaceLandmarks.Index.eyeCorners { #expect(box.contains(landmarks[i])) }
        #expect(box.top < middle.y - 0.2 * eyeDistance)
        #expect(box.bottom > middle.y + 0.2 * eyeDistance)
    }

    @Test func theFrameIsScaledByItsWidthInMillimetresAgainstThePupillaryDistance() throws {
        let (box, landmarks, placement, _) = try Self.drawnBox()
        let eyeDistance = landmarks.imageLeftEyeCentre.distance(to: landmarks.imageRightEyeCentre)
        // 63 mm between the eyes: the front's width in pixels follows from its width in mm.
        let expected = Self.frame.totalWidth / 63 * eyeDistance
        #expect(abs(placement.pixelsPerMillimetre * Self.frame.totalWidth - expected) < 0.08 * expected)
        // The drawn width also includes the temples' first millimetres at the hinges.
        #expect(box.right - box.left > 0.9 * expected)
        #expect(box.right - box.left < 1.25 * expected)
    }

    @Test func aFartherFaceGetsASmallerFrame() throws {
        let near = try Self.drawnBox(z: 400), far = try Self.drawnBox(z: 800)
        let ratio = far.placement.pixelsPerMillimetre / near.placement.pixelsPerMillimetre
        #expect(abs(ratio - 0.5) < 0.05)
    }

    @Test func theFrameTurnsWithTheHeadsRoll() throws {
        let (_, landmarks, placement, _) = try Self.drawnBox(roll: 20)
        let m = placement.front.m
        // The texture's x axis (m[0], m[3]) is rotated like the eye line.
        let angle = atan2(m[3], m[0])
        #expect(abs(angle - landmarks.eyeLineAngle) < SyntheticFace.degrees(2))
        #expect(abs(angle - SyntheticFace.degrees(20)) < SyntheticFace.degrees(2))
    }

    @Test func theTempleOnTheSideTurnedAwayFadesOut() throws {
        let frontal = try Self.drawnBox().placement.temples.map(\.opacity)
        let turned = try Self.drawnBox(yaw: 40).placement.temples.map(\.opacity)
        // Facing the camera both temples are edge-on and hidden; turning shows one, hides the other.
        #expect(frontal.allSatisfy { $0 < 0.05 })
        #expect(turned.max()! > 0.9)
        #expect(turned.min()! < 0.05)
    }
}

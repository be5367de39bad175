import CaptureCore
import Foundation
import Testing

@testable import FaceEngine

@Suite struct EyewearRendererTests {
    static let frame = ProceduralFrameCatalog.frames[0]
    /// Painted coarsely: the tests look at placement, not at detail.
    static let asset = EyewearAsset.painted(frame, pixelsPerMillimetre: 1.5)

    /// A synthetic head's landmarks and where the renderer puts the frame on them.
    static func placed(
        yaw: Double = 0, roll: Double = 0, z: Double = 500
    )
        throws -> (landmarks: FaceLandmarks, placement: EyewearPlacement, renderer: EyewearRenderer)
    {
        let rotation = SyntheticFace.rotation(
            yaw: SyntheticFace.degrees(yaw), pitch: 0,
            roll: SyntheticFace.degrees(roll))
        let translation = Vector3(x: 0, y: 0, z: z)
        let landmarks = try #require(SyntheticFace.landmarks(rotation: rotation, translation: translation))
        let pose = try #require(HeadPoseEstimator(camera: SyntheticFace.camera).estimate(from: landmarks))
        let renderer = EyewearRenderer(camera: SyntheticFace.camera)
        let placement = try #require(renderer.placement(of: asset, pose: pose, landmarks: landmarks))
        return (landmarks, placement, renderer)
    }

    /// Draws the frame on a flat grey 1280x720 picture; returns the box of the changed pixels.
    static func drawnBox(_ placement: EyewearPlacement, renderer: EyewearRenderer) -> FaceBox {
        let grey: UInt8 = 128
        var image = RGBAImage(width: 1280, height: 720, fill: RGBA(r: grey, g: grey, b: grey))
        renderer.render(asset, at: placement, onto: &image)
        var box = FaceBox(left: .infinity, top: .infinity, right: -.infinity, bottom: -.infinity)
        let width = image.width
        image.pixels.withUnsafeBufferPointer { pixels in
            for i in stride(from: 0, to: pixels.count, by: 4)
            where pixels[i] != grey || pixels[i + 1] != grey || pixels[i + 2] != grey {
                let x = Double((i / 4) % width), y = Double((i / 4) / width)
                box.left = min(box.left, x)
                box.top = min(box.top, y)
                box.right = max(box.right, x + 1)
                box.bottom = max(box.bottom, y + 1)
            }
        }
        return box
    }

    @Test func theFrontIsDrawnCentredBetweenTheEyesAndCoversThemAtItsRealSize() throws {
        let (landmarks, placement, renderer) = try Self.placed()
        let box = Self.drawnBox(placement, renderer: renderer)
        let left = landmarks.imageLeftEyeCentre, right = landmarks.imageRightEyeCentre
        let middle = left.interpolated(to: right, 0.5)
        let eyeDistance = left.distance(to: right)
        #expect(placement.bridgeCentre.distance(to: middle) < 0.1 * eyeDistance)
        #expect(abs(box.centre.x - middle.x) < 0.05 * eyeDistance)
        // Both eyes' corners lie inside the drawn frame, with room to spare.
        for i in FaceLandmarks.Index.eyeCorners { #expect(box.contains(landmarks[i])) }
        #expect(box.top < middle.y - 0.2 * eyeDistance)
        #expect(box.bottom > middle.y + 0.2 * eyeDistance)
        // 63 mm between the eyes: the front's width in pixels follows from its width in mm.
        let expected = Self.frame.totalWidth / 63 * eyeDistance
        #expect(abs(placement.pixelsPerMillimetre * Self.frame.totalWidth - expected) < 0.08 * expected)
        // The drawn width also includes the temples' first millimetres at the hinges.
        #expect(box.right - box.left > 0.9 * expected)
        #expect(box.right - box.left < 1.25 * expected)
    }

    @Test func aFartherFaceGetsASmallerFrame() throws {
        let near = try Self.placed(z: 400), far = try Self.placed(z: 800)
        let ratio = far.placement.pixelsPerMillimetre / near.placement.pixelsPerMillimetre
        #expect(abs(ratio - 0.5) < 0.05)
    }

    @Test func theFrameTurnsWithTheHeadsRoll() throws {
        let (landmarks, placement, _) = try Self.placed(roll: 20)
        let m = placement.front.m
        // The texture's x axis (m[0], m[3]) is rotated like the eye line.
        let angle = atan2(m[3], m[0])
        #expect(abs(angle - landmarks.eyeLineAngle) < SyntheticFace.degrees(2))
        #expect(abs(angle - SyntheticFace.degrees(20)) < SyntheticFace.degrees(2))
    }

    @Test func theTempleOnTheSideTurnedAwayFadesOut() throws {
        let frontal = try Self.placed().placement.temples.map(\.opacity)
        let turned = try Self.placed(yaw: 40).placement.temples.map(\.opacity)
        // Facing the camera both temples are edge-on and hidden; turning shows one, hides the other.
        #expect(frontal.allSatisfy { $0 < 0.05 })
        #expect(turned.max()! > 0.9)
        #expect(turned.min()! < 0.05)
    }
}

import CaptureCore
import Foundation
import Testing

@testable import FaceEngine

/// Synthetic landmarks: the generic model projected by a known pose, so that every test knows
/// the answer.
enum SyntheticFace {
    static let camera = PinholeCamera.assumed(width: 1280, height: 720)

    static func degrees(_ d: Double) -> Double { d * Double.pi / 180 }

    /// The rotation the estimator reports as (yaw, pitch, roll).
    static func rotation(yaw: Double, pitch: Double, roll: Double) -> Rotation3 {
        Rotation3.aboutZ(roll).after(Rotation3.aboutY(yaw)).after(Rotation3.aboutX(pitch))
    }

    /// 68 landmarks whose model points are the projection of the generic model at this pose; the
    /// other points (not used by the pose fit) are placed around the eyes so that each eye's mean
    /// is the midpoint of its corners.
    static func landmarks(
        rotation: Rotation3, translation: Vector3, camera: PinholeCamera = camera,
        model: GenericFaceModel = .standard
    ) -> FaceLandmarks? {
        let pose = HeadPose(rotation: rotation, translation: translation, reprojectionError: 0)
        var points = [Point2D](repeating: Point2D(x: 0, y: 0), count: FaceLandmarks.count)
        var byLandmark: [Int: Vector3] = [:]
        for p in model.points { byLandmark[p.landmark] = p.position }
        // Eye contour points between the corners, above and below, in head space.
        for (outer, inner, first) in [(36, 39, 37), (45, 42, 43)] {
            guard let o = byLandmark[outer], let i = byLandmark[inner] else { return nil }
            let up = Vector3(x: 0, y: -3, z: 0), down = Vector3(x: 0, y: 3, z: 0)
            let a = o + (i - o) * (1.0 / 3), b = o + (i - o) * (2.0 / 3)
            // 37, 38 above; 40, 41 below (43, 44 / 46, 47 on the other eye), symmetric about the corners' line.
            byLandmark[first] = a + up
            byLandmark[first + 1] = b + up
            byLandmark[first + 3] = b + down
            byLandmark[first + 4] = a + down
        }
        for (index, position) in byLandmark {
            guard let p = camera.project(pose.cameraPoint(position)) else { return nil }
            points[index] = p
        }
        // Remaining points: anywhere finite (near the nose), unused by pose and placement.
        let nose = points[30]
        for i in 0..<points.count where byLandmark[i] == nil { points[i] = nose }
        return FaceLandmarks(points: points)
    }
}

@Suite struct HeadPoseEstimatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var yaw: Double, pitch: Double, roll: Double
        var x: Double, y: Double, z: Double
        var testDescription: String { "yaw \(yaw) pitch \(pitch) roll \(roll) at (\(x), \(y), \(z))" }
    }

    static let cases: [Case] = [
        Case(yaw: 0, pitch: 0, roll: 0, x: 0, y: 0, z: 500),
        Case(yaw: 20, pitch: 0, roll: 0, x: 30, y: -20, z: 450),
        Case(yaw: -30, pitch: 10, roll: 5, x: -60, y: 40, z: 600),
        Case(yaw: 10, pitch: -15, roll: -20, x: 0, y: 10, z: 350),
        Case(yaw: 0, pitch: 0, roll: 25, x: 100, y: 0, z: 700),
    ]

    @Test(arguments: cases)
    func recoversTheAnglesAndTranslationOfASyntheticProjection(_ c: Case) throws {
        let rotation = SyntheticFace.rotation(
            yaw: SyntheticFace.degrees(c.yaw), pitch: SyntheticFace.degrees(c.pitch),
            roll: SyntheticFace.degrees(c.roll))
        let translation = Vector3(x: c.x, y: c.y, z: c.z)
        let landmarks = try #require(SyntheticFace.landmarks(rotation: rotation, translation: translation))
        let estimator = HeadPoseEstimator(camera: SyntheticFace.camera)
        let pose = try #require(estimator.estimate(from: landmarks))
        let tolerance = SyntheticFace.degrees(0.5)
        #expect(abs(pose.yaw - SyntheticFace.degrees(c.yaw)) < tolerance)
        #expect(abs(pose.pitch - SyntheticFace.degrees(c.pitch)) < tolerance)
        #expect(abs(pose.roll - SyntheticFace.degrees(c.roll)) < tolerance)
        #expect((pose.translation - translation).length < 0.01 * c.z)
        #expect(pose.reprojectionError < 0.05)
    }

    @Test func landmarksWithNoiseStillGiveAnglesWithinAFewDegrees() throws {
        let rotation = SyntheticFace.rotation(
            yaw: SyntheticFace.degrees(15), pitch: SyntheticFace.degrees(-5),
            roll: SyntheticFace.degrees(8))
        var landmarks = try #require(
            SyntheticFace.landmarks(
                rotation: rotation,
                translation: Vector3(x: 0, y: 0, z: 500)))
        // A fixed ±1.5 px pattern (the size of dlib's landmark noise at this distance).
        for i in landmarks.points.indices {
            landmarks.points[i].x += 1.5 * sin(Double(i) * 1.7)
            landmarks.points[i].y += 1.5 * cos(Double(i) * 2.3)
        }
        let pose = try #require(HeadPoseEstimator(camera: SyntheticFace.camera).estimate(from: landmarks))
        #expect(abs(pose.yaw - SyntheticFace.degrees(15)) < SyntheticFace.degrees(4))
        #expect(abs(pose.pitch + SyntheticFace.degrees(5)) < SyntheticFace.degrees(4))
        #expect(abs(pose.roll - SyntheticFace.degrees(8)) < SyntheticFace.degrees(2))
    }

    @Test func aLargerPupillaryDistancePutsTheSameImageFartherAway() throws {
        let landmarks = try #require(
            SyntheticFace.landmarks(
                rotation: .identity,
                translation: Vector3(x: 0, y: 0, z: 500)))
        let average = try #require(HeadPoseEstimator(camera: SyntheticFace.camera).estimate(from: landmarks))
        let wide = try #require(
            HeadPoseEstimator(camera: SyntheticFace.camera, pupillaryDistance: 70)
                .estimate(from: landmarks))
        #expect(abs(wide.translation.z / average.translation.z - 70.0 / 63.0) < 0.01)
    }

    @Test func degenerateLandmarksGiveNoPose() throws {
        let points = [Point2D](repeating: Point2D(x: 640, y: 360), count: FaceLandmarks.count)
        let landmarks = try #require(FaceLandmarks(points: points))
        #expect(HeadPoseEstimator(camera: SyntheticFace.camera).estimate(from: landmarks) == nil)
    }
}

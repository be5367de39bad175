import CaptureCore
import FaceEvaluation
import Foundation
import Testing

@testable import FaceEngine

/// The dlib model and the sample portrait, loaded once for every suite that needs them (loading
/// the 100 MB model takes about a second).
enum FaceFixtures {
    static let backend: Result<DlibLandmarkBackend, FaceEngineError> = Result { () throws(FaceEngineError) in
        try DlibLandmarkBackend()
    }

    static let portraitURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/portrait.jpg")

    static let portrait: Result<SourcePortrait, SourcePortrait.Failure> = Result { () throws(SourcePortrait.Failure) in
        switch backend {
        case let .success(backend): return try SourcePortrait(contentsOf: portraitURL, backend: backend)
        case let .failure(error): throw .engine(error)
        }
    }

    /// A 480x360 scene: the portrait's face (130 px) rolled by about 8°, with known landmarks.
    static func rolledScene() throws -> GeneratedFaceFrame {
        let script = FaceSequenceScript(segments: [(.roll, 21)], width: 480, height: 360)
        let generator = FaceSequenceGenerator(portrait: try portrait.get(), script: script, baseFaceSize: 130)
        return generator.frame(1)
    }
}

@Suite struct DlibLandmarkBackendTests {
    @Test func aMissingModelFileIsATypedError() {
        let path = "/nonexistent/shape_predictor_68_face_landmarks.dat"
        #expect(throws: FaceEngineError.modelNotFound(path: path)) { try DlibLandmarkBackend(modelPath: path) }
    }

    @Test func aFileThatIsNotAModelIsATypedError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-model-\(UUID().uuidString).dat")
        try Data("this is not a shape predictor".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try DlibLandmarkBackend(modelPath: url.path)
        } throws: { error in
            guard case .modelUnreadable(url.path, _) = error as? FaceEngineError else { return false }
            return true
        }
    }

    @Test func theModelHasSixtyEightPointsAndAMeanShapeInTheUnitSquare() throws {
        let backend = try FaceFixtures.backend.get()
        #expect(backend.meanShape.count == 68)
        #expect(backend.meanShape.allSatisfy { (-0.2...1.2).contains($0.x) && (-0.2...1.2).contains($0.y) })
        // The image-left eye is left of the image-right eye, both above the mouth.
        #expect(backend.meanShape[36].x < backend.meanShape[45].x)
        #expect(backend.meanShape[36].y < backend.meanShape[57].y)
    }

    @Test func findsTheSampleFaceAndItsLandmarksWithinAFewPixelsOfATransformedCopy() throws {
        let backend = try FaceFixtures.backend.get()
        let scene = try FaceFixtures.rolledScene()
        // Detect on the gray scene, then fit from the detector's box and once more from the
        // square lined up with that fit (as the tracker does).
        let gray = scene.image.grayscale()
        let detection = try #require(try backend.detectFaces(in: gray, upsample: 0, minimumScore: 0).first)
        #expect(detection.box.contains(scene.truth.imageLeftEyeCentre))
        #expect(detection.box.contains(scene.truth.imageRightEyeCentre))
        var landmarks = try backend.landmarks(in: scene.image, placement: FaceTracker.placement(for: detection.box))
        let mean = FaceLandmarks.Index.inner.map { backend.meanShape[$0] }
        let fitted = FaceLandmarks.Index.inner.map { landmarks[$0] }
        let square = try #require(SimilarityTransform.fit(from: mean, to: fitted))
        landmarks = try backend.landmarks(in: scene.image, placement: square)

        let errors = (0..<68).map { landmarks[$0].distance(to: scene.truth[$0]) }
        let eyeCornerError = FaceLandmarks.Index.eyeCorners.map { errors[$0] }.reduce(0, +) / 4
        let inner = FaceLandmarks.Index.inner
        let innerError = inner.map { errors[$0] }.reduce(0, +) / Double(inner.count)
        #expect(eyeCornerError < 3, "eye corners off by \(eyeCornerError) px")
        #expect(innerError < 4, "inner points off by \(innerError) px")
    }

    @Test func theGrayAndRGBAPathsGiveTheSameLandmarks() throws {
        let backend = try FaceFixtures.backend.get()
        let scene = try FaceFixtures.rolledScene()
        let box = FaceBox(centre: scene.truth.boundingBox.centre, size: scene.truth.boundingBox.width)
        let fromGray = try backend.landmarks(in: scene.image.grayscale(), box: box)
        let fromRGBA = try backend.landmarks(in: scene.image, placement: FaceTracker.placement(for: box))
        for i in 0..<68 { #expect(fromGray[i].distance(to: fromRGBA[i]) < 1e-6) }
    }

    @Test func noiseBlankAndTinyImagesGiveNoFaceAndNoCrash() throws {
        let backend = try FaceFixtures.backend.get()
        var state: UInt64 = 7
        let noise = (0..<(320 * 240)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let noisy = try GrayImage(width: 320, height: 240, pixels: noise)
        #expect(try backend.detectFaces(in: noisy, upsample: 0, minimumScore: 0).isEmpty)
        #expect(try backend.detectFaces(in: GrayImage(width: 300, height: 200), upsample: 1, minimumScore: 0).isEmpty)
        #expect(try backend.detectFaces(in: GrayImage(width: 1, height: 1), upsample: 0, minimumScore: 0).isEmpty)
        // Landmarks on noise are meaningless but finite; a degenerate placement is refused.
        let landmarks = try backend.landmarks(in: noisy, box: FaceBox(left: 100, top: 50, right: 200, bottom: 150))
        #expect(landmarks.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        let flat = SimilarityTransform(a: 0, b: 0, tx: 10, ty: 10)
        #expect(throws: FaceEngineError.self) { try backend.landmarks(in: noisy.rgba(), placement: flat) }
        #expect(throws: FaceEngineError.self) {
            try backend.detectFaces(in: GrayImage(width: 0, height: 0), upsample: 0, minimumScore: 0)
        }
        #expect(throws: FaceEngineError.self) { try backend.detectFaces(in: noisy, upsample: 9, minimumScore: 0) }
    }
}

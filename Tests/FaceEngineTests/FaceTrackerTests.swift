import CaptureCore
import FaceEvaluation
import Foundation
import Testing

@testable import FaceEngine

@Suite struct FaceTrackerTests {
    /// A short 480x360 sequence (faces of 130 px): still, then moving across the frame.
    static func generator() throws -> FaceSequenceGenerator {
        let script = FaceSequenceScript(segments: [(.still, 3), (.translation, 30)], width: 480, height: 360)
        return FaceSequenceGenerator(portrait: try FaceFixtures.portrait.get(), script: script, baseFaceSize: 130)
    }

    static func tracker() throws -> FaceTracker {
        var configuration = FaceTrackerConfiguration()
        configuration.minimumFaceSize = 80  // the test frames are small: search them at full size
        return FaceTracker(backend: try FaceFixtures.backend.get(), configuration: configuration)
    }

    static func eyeCornerError(_ face: TrackedFace, _ frame: GeneratedFaceFrame) -> Double {
        FaceLandmarks.Index.eyeCorners.map { face.landmarks[$0].distance(to: frame.truth[$0]) }.reduce(0, +) / 4
            / frame.truth.outerEyeCornerDistance
    }

    @Test func searchesTheFullFrameOnceThenFollowsTheMovingFaceCheaply() throws {
        let generator = try Self.generator()
        var tracker = try Self.tracker()
        // The still frames, then the first frames of the motion (about 20 px per frame).
        for index in 0..<6 {
            let frame = generator.frame(index)
            let result = try tracker.process(frame.image, at: frame.timestamp)
            let face = try #require(result.face, "frame \(index)")
            #expect(result.searchedFullFrame == (index == 0), "frame \(index)")
            #expect(Self.eyeCornerError(face, frame) < 0.06, "frame \(index)")
        }
        #expect(tracker.isTracking)
    }

    @Test func dropsTheFaceInTheFrameItDisappearsAndFindsItAgainInTheFrameItReturns() throws {
        let generator = try Self.generator()
        var tracker = try Self.tracker()
        let first = generator.frame(0)
        #expect(try tracker.process(first.image, at: 0).face != nil)
        let empty = RGBAImage(width: 480, height: 360, fill: RGBA(r: 90, g: 110, b: 120))
        let gone = try tracker.process(empty, at: 1.0 / 30)
        #expect(gone.face == nil)
        #expect(!tracker.isTracking)
        let back = try tracker.process(first.image, at: 2.0 / 30)
        let face = try #require(back.face)
        #expect(back.searchedFullFrame)
        #expect(Self.eyeCornerError(face, first) < 0.06)
    }

    @Test func noiseGivesNoFaceAndTinyOrBadFramesGiveTypedErrors() throws {
        var tracker = try Self.tracker()
        var state: UInt64 = 99
        var noise = RGBAImage(width: 320, height: 240)
        for i in noise.pixels.indices where i % 4 != 3 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(try tracker.process(noise, at: 0).face == nil)
        #expect(throws: FaceEngineError.self) { try tracker.process(RGBAImage(width: 8, height: 8), at: 0) }
        #expect(throws: FaceEngineError.self) { try tracker.process(noise, at: .nan) }
    }

    @Test func anUnchangedEmptySceneIsNotSearchedAgainUntilItChangesOrTheSkipLimit() throws {
        var tracker = try Self.tracker()
        tracker.configuration.maximumSkippedSearches = 3
        let empty = RGBAImage(width: 480, height: 360, fill: RGBA(r: 90, g: 110, b: 120))
        var searched: [Bool] = []
        for i in 0..<6 { searched.append(try tracker.process(empty, at: Double(i) / 30).searchedFullFrame) }
        #expect(searched == [true, false, false, false, true, false])
        // A face walking in changes the scene: searched and found in that very frame.
        let face = try Self.generator().frame(0)
        let result = try tracker.process(face.image, at: 0.2)
        #expect(result.searchedFullFrame)
        #expect(result.face != nil)
    }
}

import CaptureCore
import FaceEvaluation
import Foundation
import Testing

@testable import FaceEngine

@Suite struct FaceDetectionSessionTests {
    @Test func theStateFollowsTheFaceOnTheInjectedClock() throws {
        let clock = ManualClock()
        var configuration = FaceTrackerConfiguration()
        configuration.minimumFaceSize = 80
        let pipeline = TryOnPipeline(backend: try FaceFixtures.backend.get(), configuration: configuration)
        var session = FaceDetectionSession(pipeline: pipeline, clock: clock)
        let script = FaceSequenceScript(segments: [(.still, 2)], width: 480, height: 360)
        let face = FaceSequenceGenerator(portrait: try FaceFixtures.portrait.get(), script: script, baseFaceSize: 130)
            .frame(0).image
        let empty = RGBAImage(width: 480, height: 360, fill: RGBA(r: 100, g: 100, b: 100))
        let asset = EyewearAsset.painted(ProceduralFrameCatalog.frames[1], pixelsPerMillimetre: 3)

        var frame = face
        #expect(session.process(&frame, asset: asset).output == nil)  // not started: ignored
        #expect(session.start() == .rejected(.uninitialized))
        #expect(session.engineReady() == .changed(.idle))
        #expect(session.start() == .changed(.scanning))

        let found = session.process(&frame, asset: asset)
        #expect(found.outcome == .changed(.detected))
        #expect(found.output?.placement != nil)
        #expect(frame != face)  // the frame model was drawn

        clock.advance(by: .milliseconds(33))
        var blank = empty
        #expect(session.process(&blank, asset: asset).outcome == .changed(.recovery))
        clock.advance(by: .seconds(2))
        blank = empty
        #expect(session.process(&blank, asset: asset).outcome == .unchanged)
        clock.advance(by: .seconds(1))
        blank = empty
        #expect(session.process(&blank, asset: asset).outcome == .changed(.failed))
        frame = face
        #expect(session.process(&frame, asset: asset).output == nil)  // failed: frames ignored

        #expect(session.restart() == .changed(.scanning))
        frame = face
        #expect(session.process(&frame, asset: asset).outcome == .changed(.detected))
        #expect(session.stop() == .changed(.idle))
    }
}

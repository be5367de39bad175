import CaptureCore
import FortfaceWire
import Foundation
import Testing

@testable import Fortface

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct DocSessionTests {
    @Test func aDocumentSeenOnThreeFramesInARowIsCapturedAndSealedWithItsImage() async throws {
        // Given a camera whose frames become capturable from frame 4
        let engine = RecordingEngine()
        let configuration = FortfaceFixtures.configuration(judge: IndexJudge(capturableFrom: 4))
        // When a capture session runs
        let handle = FortfaceManagerSession.start(
            engine: engine, request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        let result = await handle.result
        // Then it captures on frame 6 (the third capturable one), and the payload opens with the session key
        #expect(result.action == .capture)
        #expect(engine.results == [result])
        let opened = try FortfaceFixtures.open(result)
        #expect(opened.metadata.status == .success)
        #expect(opened.metadata.attempts == 7)
        #expect(opened.metadata.mode == .camera)
        #expect(opened.metadata.mime == "image/jpeg")
        #expect(opened.metadata.side == .front)
        #expect(opened.metadata.documentType == "UNDEFINED")
        let image = try ImageCodec.decode(try #require(opened.image))
        #expect(image.width == 64 && image.height == 48)
        let json = try JSONSerialization.jsonObject(with: try #require(result.data)) as? [String: String]
        #expect(Set(json?.keys ?? [:].keys) == ["key", "data", "imgData"])
    }

    @Test func theBackButtonEndsTheSessionWithACancelPayloadWithoutImage() async throws {
        // Given a camera that never shows a capturable document
        let engine = RecordingEngine()
        let configuration = FortfaceFixtures.configuration(
            camera: FrameSourceCamera(source: ListedFrames(count: 2, hangs: true)),
            judge: IndexJudge(capturableFrom: .max))
        let handle = FortfaceManagerSession.start(
            engine: engine, request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        // When the user presses back
        #expect(handle.cancel())
        let result = await handle.result
        // Then the result is cancel with {key, data}, status cancelled, and a second press changes nothing
        #expect(result.action == .cancel)
        #expect(!handle.cancel())
        let json = try JSONSerialization.jsonObject(with: try #require(result.data)) as? [String: String]
        #expect(Set(json?.keys ?? [:].keys) == ["key", "data"])
        let opened = try FortfaceFixtures.open(result)
        #expect(opened.metadata.status == .cancelled)
        #expect(opened.image == nil)
        #expect(engine.results.count == 1)
    }

    @Test func theTimeLimitRunsOnTheInjectedClockAndGivesATimeoutPayload() async throws {
        // Given a 20-second session on a manual clock whose camera shows nothing capturable
        let clock = ManualClock()
        let engine = RecordingEngine()
        let configuration = FortfaceFixtures.configuration(
            clock: clock, camera: FrameSourceCamera(source: ListedFrames(count: 0, hangs: true)),
            judge: IndexJudge(capturableFrom: .max))
        let handle = FortfaceManagerSession.start(
            engine: engine, request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        // When 19.999 s pass, nothing happens; at 20 s the session times out
        try await clock.waitForSleepers()
        clock.advance(by: .milliseconds(19_999))
        #expect(engine.results.isEmpty)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        let result = await handle.result
        // Then
        #expect(result.action == .timeout)
        let opened = try FortfaceFixtures.open(result)
        #expect(opened.metadata.status == .timeout)
        #expect(opened.image == nil)
        #expect(engine.results.map(\.action) == [.timeout])
    }

    @Test func aCustomTimeLimitIsHonoured() async throws {
        let clock = ManualClock()
        let configuration = FortfaceFixtures.configuration(
            clock: clock, camera: FrameSourceCamera(source: ListedFrames(count: 0, hangs: true)), timeoutSeconds: 5)
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        try await clock.waitForSleepers()
        clock.advance(by: .seconds(5))
        #expect(await handle.result.action == .timeout)
    }

    @Test func withTheBackButtonHiddenThereIsNoCancelOnlyTheTimeout() async throws {
        // Given a session whose back button is hidden
        let clock = ManualClock()
        let configuration = FortfaceFixtures.configuration(
            clock: clock, camera: FrameSourceCamera(source: ListedFrames(count: 0, hangs: true)), hideBackButton: true)
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        // When back is pressed, nothing happens
        #expect(!handle.cancel())
        try await clock.waitForSleepers()
        clock.advance(by: .seconds(20))
        // Then the session ends on the time limit
        #expect(await handle.result.action == .timeout)
    }

    @Test func aCameraThatCannotBeOpenedGivesDeniedCamera() async throws {
        // Given a V4L2 device that does not exist, read through ffmpeg as a real camera would be
        let engine = RecordingEngine()
        let configuration = FortfaceFixtures.configuration(
            camera: FrameSourceCamera(source: FFmpegVideoSource(input: "/dev/video-capturekit-missing")))
        let handle = FortfaceManagerSession.start(
            engine: engine, request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        let result = await handle.result
        #expect(result.action == .deniedCamera)
        #expect(result.data == nil && result.sessionDetails == nil)
        #expect(engine.results.map(\.action) == [.deniedCamera])
    }

    @Test func aCameraProviderThatRefusesGivesDeniedCamera() async throws {
        struct RefusingCamera: FortfaceCameraProvider {
            func openCamera() async throws -> AsyncThrowingStream<Frame, any Error> {
                throw FrameSourceError.cameraUnavailable("/dev/video0")
            }
        }
        let configuration = FortfaceFixtures.configuration(camera: RefusingCamera())
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(),
            orientationManager: nil, configuration: configuration)
        #expect(await handle.result.action == .deniedCamera)
    }

    @Test func aRefusedDocumentTypeIsNotCaptured() async throws {
        // Given a session accepting RG and CNH only, and a camera showing a passport
        let clock = ManualClock()
        let judge = CountingJudge(inner: IndexJudge(capturableFrom: 0, type: .PASSPORT))
        let configuration = FortfaceFixtures.configuration(
            clock: clock, camera: FrameSourceCamera(source: ListedFrames(count: 6, hangs: true)), judge: judge)
        var request = try FortfaceFixtures.request()
        request.documentTypes = [.RG_FRONT, .CNH_FRONT]
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: request,
            orientationManager: nil, configuration: configuration)
        // When every frame was judged and the time limit passes
        try await clock.waitForSleepers()
        while judge.count.withLock({ $0 }) < 6 { await Task.yield() }
        clock.advance(by: .seconds(20))
        let result = await handle.result
        // Then the session runs out of time, having judged the frames
        #expect(result.action == .timeout)
        #expect(try FortfaceFixtures.open(result).metadata.attempts == 6)
    }

    @Test func theSecondSideCarriesTheFirstSidesTypeAsExpected() async throws {
        let configuration = FortfaceFixtures.configuration()
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(previous: .CNH_FRONT),
            orientationManager: nil, configuration: configuration)
        let opened = try FortfaceFixtures.open(await handle.result)
        #expect(opened.metadata.expectedType == "CNH_FRONT")
        #expect(opened.metadata.side == .back)
    }

    @Test func theOrientationIsLockedToPortraitDuringCaptureAndReleasedAfter() async throws {
        let orientation = RecordingOrientationManager()
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(), orientationManager: orientation,
            configuration: FortfaceFixtures.configuration())
        #expect(orientation.calls == [.portrait])
        _ = await handle.result
        #expect(orientation.calls == [.portrait, .all])
    }

    @Test func anEmptySessionIdIsAnErrorWithoutPayload() async throws {
        var request = try FortfaceFixtures.request()
        request.sessionId = ""
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: request,
            orientationManager: nil, configuration: FortfaceFixtures.configuration())
        let result = await handle.result
        #expect(result.action == .error)
        #expect(result.data == nil)
        #expect(try FortfaceFixtures.details(result).error == .invalidSessionId)
    }
}

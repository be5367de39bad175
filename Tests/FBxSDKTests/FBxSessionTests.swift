import CaptureCore
import FaceEngine
import Foundation
import Testing

@testable import FBxSDK

@Suite(.timeLimit(.minutes(1))) struct FBxSessionTests {
    @Test(
        "start() maps each missing camera permission to its error and stays ready",
        arguments: [
            (FBxCameraAuthorization.denied, FBxError.cameraPermissionDenied),
            (.restricted, .cameraPermissionRestricted), (.notDetermined, .cameraPermissionNotGiven),
        ])
    func permissionErrors(authorization: FBxCameraAuthorization, expected: FBxError) async throws {
        let manager = try await offlineConfiguredManager(
            dataDirectory: try FBxFixtures.temporaryDirectory(),
            permission: authorization)
        let view = FBxView(manager: manager)
        await view.attach(width: 1280, height: 720)
        #expect(manager.state == .ready)
        #expect(manager.faceDetectionState == .idle)
        let errors = manager.errors
        await #expect(throws: expected) { try await manager.start() }
        #expect(manager.state == .ready)
        #expect(await first(1, of: errors) == [expected])
    }

    @Test("the device permission provider reads access to the device: missing → not given, readable → authorized")
    func devicePermissionProvider() throws {
        let folder = try FBxFixtures.temporaryDirectory()
        #expect(
            DeviceAccessPermissionProvider(path: folder.appendingPathComponent("video9").path).authorization()
                == .notDetermined)
        let device = folder.appendingPathComponent("video0")
        try Data([0]).write(to: device)
        #expect(DeviceAccessPermissionProvider(path: device.path).authorization() == .authorized)
    }

    @Test("a view smaller than 16 px does not prepare; resizing it prepares")
    func trivialViewSizeDoesNotPrepare() async throws {
        let manager = try await offlineConfiguredManager(dataDirectory: try FBxFixtures.temporaryDirectory())
        let view = FBxView(manager: manager)
        await view.attach(width: 0, height: 0)
        #expect(manager.state == .configured)
        await view.attach(width: 390, height: 844)
        #expect(manager.state == .ready)
        await view.detach()
        #expect(manager.state == .configured)
    }

    @Test("a session on the sample faces renders frames with glasses, follows setFrame and restart, and stops")
    func sessionOnSampleFaces() async throws {
        let server = try FBxServerFixture()
        let clock = ManualClock()
        let output = try FBxFixtures.temporaryDirectory()
        let frames = Array(ProceduralFrameCatalog.frames.prefix(2))
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: try FBxFixtures.temporaryDirectory(), keyring: server.keyring, clock: clock,
                images: ["fr_obama.jpg", "fr_obama.jpg", "fr_biden.jpg"]))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            _ = try await admin.publish(frames)
            try await manager.configure(
                FBxConfiguration(
                    apiKey: provisioned.apiKey, initialSku: frames[0].sku, serverURL: url,
                    bundleID: FBxServerFixture.bundleID))
            let view = FBxView(manager: manager, imageOutputDirectory: output)
            let rendered = view.frames
            await view.attach(width: 1280, height: 720)
            #expect(manager.state == .ready)
            let events = manager.events
            try await manager.start()
            #expect(manager.state == .active)
            await manager.waitForFrameSourceToEnd()
            let delivered = await first(3, of: rendered)
            #expect(delivered.map(\.index) == [0, 1, 2])
            #expect(delivered.allSatisfy { $0.faceDetected && $0.glassesDrawn })
            #expect(delivered.first.map { ($0.width, $0.height) == (910, 1137) } == true)
            let original = try ImageCodec.decode(contentsOf: FBxFixtures.samples.appendingPathComponent("fr_obama.jpg"))
            #expect(delivered.first?.rgbaPixels != original.pixels)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
                    == ["frame-000000.png", "frame-000001.png", "frame-000002.png"])
            #expect(manager.faceDetectionState == .detected)

            try await manager.setFrame(frames[1].sku)
            await #expect(throws: FBxError.frameNotFound("A")) { try await manager.setFrame("A") }
            try await manager.restartFaceDetection()
            #expect(manager.faceDetectionState == .scanning)
            try await manager.stop()
            #expect(manager.state == .ready)
            #expect(manager.faceDetectionState == .idle)
            #expect(
                await first(9, of: events) == [
                    .stateChanged(.ready), .faceDetectionStateChanged(.idle),
                    .stateChanged(.starting), .faceDetectionStateChanged(.scanning), .stateChanged(.active),
                    .faceDetectionStateChanged(.detected), .frameLoaded(frames[1].sku),
                    .faceDetectionStateChanged(.scanning), .stateChanged(.stopping),
                ])
            // Start again from ready, then detach: the session stops and the SDK is configured.
            try await manager.start()
            await view.detach()
            #expect(manager.state == .configured)
        }
    }

    @Test("the guide's usage example, less SwiftUI, runs against a real server")
    func guideUsageExample() async throws {
        let server = try FBxServerFixture()
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: try FBxFixtures.temporaryDirectory(), keyring: server.keyring))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            _ = try await admin.publish(Array(ProceduralFrameCatalog.frames.prefix(1)))
            let log = Locked([String]())
            let states = Locked([FBxState]())
            await withTaskGroup(of: Void.self) { group in
                let events = manager.events
                let errors = manager.errors
                group.addTask {
                    for await event in events {
                        switch event {
                        case .stateChanged(let newState):
                            states.withLock { $0.append(newState) }
                        case .frameLoaded(let sku):
                            log.withLock { $0.append("successfully loaded frame \(sku)") }
                        case .faceDetectionStateChanged:
                            break
                        @unknown default:
                            break
                        }
                    }
                }
                group.addTask {
                    for await error in errors {
                        log.withLock { $0.append("error occurred: \(error)") }
                    }
                }
                // The guide's App.task, with the server and application named as the environment would.
                do {
                    try await manager.configure(
                        FBxConfiguration(
                            apiKey: provisioned.apiKey, initialSku: nil, serverURL: url,
                            bundleID: FBxServerFixture.bundleID)
                    )
                } catch {
                    log.withLock { $0.append("configuration failed: \(error)") }
                }
                let view = FBxView(manager: manager)  // ContentView's FBxView().ignoresSafeArea()
                await view.attach(width: 1170, height: 2532)
                do { try await manager.start() } catch { log.withLock { $0.append("start failed: \(error)") } }
                do { try await manager.setFrame("A") } catch { log.withLock { $0.append("setFrame failed: \(error)") } }
                do {
                    try await manager.setFrame(ProceduralFrameCatalog.frames[0].sku)
                } catch {
                    log.withLock { $0.append("setFrame failed: \(error)") }
                }
                if manager.faceDetectionState == .failed {
                    do { try await manager.restartFaceDetection() } catch {
                        log.withLock { $0.append("restartFaceDetectionFailed: \(error)") }
                    }
                }
                do { try await manager.stop() } catch { log.withLock { $0.append("stop failed: \(error)") } }
                do { try await manager.stop() } catch { log.withLock { $0.append("stop failed: \(error)") } }
                // Let the subscribers drain what was sent, then end them.
                while log.withLock({ $0.count }) < 5 { await Task.yield() }
                group.cancelAll()
            }
            let lines = log.withLock { $0 }
            #expect(lines.contains("setFrame failed: \(FBxError.frameNotFound("A"))"))
            #expect(lines.contains("successfully loaded frame \(ProceduralFrameCatalog.frames[0].sku)"))
            #expect(lines.contains { $0.hasPrefix("stop failed: Not allowed now: stop() requires") })
            #expect(!lines.contains { $0.hasPrefix("configuration failed") || $0.hasPrefix("start failed") })
            #expect(
                states.withLock { $0 }.starts(with: [
                    .unconfigured, .configuring, .configured, .preparing, .ready, .starting, .active, .stopping, .ready,
                ]))
        }
    }
}

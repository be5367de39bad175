import CaptureCore
import Foundation
import Testing

@testable import FBxSDK

@Suite(.timeLimit(.minutes(1))) struct FBxEventStreamTests {
    @Test("a new events subscriber first receives the current state and face-detection state")
    func eventsReplayCurrentStates() async throws {
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(dataDirectory: try FBxFixtures.temporaryDirectory()))
        #expect(
            await first(2, of: manager.events) == [
                .stateChanged(.unconfigured), .faceDetectionStateChanged(.uninitialized),
            ])
        await #expect(throws: FBxError.invalidAPIKey) {
            try await manager.configure(
                FBxConfiguration(
                    apiKey: "123", initialSku: nil,
                    serverURL: FBxFixtures.unreachableServer))
        }
        #expect(manager.state == .configurationFailed)
        #expect(
            await first(2, of: manager.events) == [
                .stateChanged(.configurationFailed), .faceDetectionStateChanged(.uninitialized),
            ])
    }

    @Test("every events subscriber sees the same transitions in order")
    func concurrentSubscribersSeeTheSameEvents() async throws {
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(dataDirectory: try FBxFixtures.temporaryDirectory()))
        let one = manager.events
        let two = manager.events
        _ = try? await manager.configure(
            FBxConfiguration(
                apiKey: "123", initialSku: nil,
                serverURL: FBxFixtures.unreachableServer))
        let expected: [FBxEvent] = [
            .stateChanged(.unconfigured), .faceDetectionStateChanged(.uninitialized),
            .stateChanged(.configuring), .stateChanged(.configurationFailed),
        ]
        #expect(await first(4, of: one) == expected)
        #expect(await first(4, of: two) == expected)
    }

    @Test("a new errors subscriber receives the latest error first, then new ones; none before any error")
    func errorsReplayTheLatest() async throws {
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(dataDirectory: try FBxFixtures.temporaryDirectory()))
        let early = manager.errors
        await #expect(throws: FBxError.configurationNotSet) { try await manager.start() }
        await #expect(throws: FBxError.configurationNotSet) { try await manager.setFrame("FBX-RND-001") }
        #expect(await first(2, of: early) == [.configurationNotSet, .configurationNotSet])
        await #expect(throws: FBxError.invalidAPIKey) {
            try await manager.configure(
                FBxConfiguration(
                    apiKey: "fbx_live_short", initialSku: nil,
                    serverURL: FBxFixtures.unreachableServer))
        }
        let late = manager.errors
        await #expect(throws: FBxError.configurationNotSet) { try await manager.restartFaceDetection() }
        #expect(await first(2, of: late) == [.invalidAPIKey, .configurationNotSet])
    }

    @Test("error messages never contain the API key")
    func errorsAreRedacted() {
        let key = FBxAPIKey.generate(mode: .live).rawValue
        let configuration = FBxConfiguration(apiKey: key, initialSku: nil, serverURL: FBxFixtures.unreachableServer)
        #expect(!configuration.description.contains(key))
        let all: [FBxError] = [
            .configurationNotSet, .configurationFailed, .licenseForAPIKeyNotFound, .apiKeyNotFound, .invalidAPIKey,
            .noInternetConnection, .invalidState("x"), .frameNotFound("A"), .cameraPermissionDenied,
            .cameraPermissionRestricted, .cameraPermissionNotGiven, .internalError("y"),
        ]
        #expect(Set(all.map(\.description)).count == all.count)
    }
}

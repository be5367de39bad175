import CaptureCore
import FortfaceWire
import Foundation
import Testing

@testable import Fortface

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct LocationAndCameraTests {
    struct FixedLocation: FortfaceLocationProvider {
        func currentLocation() async -> LocationFix? { LocationFix(latitude: -23.55, longitude: -46.63, accuracy: 12) }
    }

    private func capture(geolocation: Bool) async throws -> OpenedPayload {
        var configuration = FortfaceFixtures.configuration()
        configuration.location = FixedLocation()
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(mode: .camera(geolocation: geolocation)),
            orientationManager: nil, configuration: configuration)
        return try FortfaceFixtures.open(await handle.result)
    }

    @Test func theLocationIsSealedOnlyWhenTheSessionAsksForIt() async throws {
        let with = try await capture(geolocation: true)
        #expect(with.metadata.location == PayloadMetadata.Location(latitude: -23.55, longitude: -46.63, accuracy: 12))
        let without = try await capture(geolocation: false)
        #expect(without.metadata.location == nil)
    }

    @Test func anImageCameraShowsTheSameStillOverAndOver() async throws {
        let camera = try FrameSourceCamera(path: FortfaceFixtures.repositoryFile("samples/documents/td2.jpg").path)
        var indices: [Int] = []
        for try await frame in try await camera.openCamera() {
            indices.append(frame.index)
            #expect(frame.image.width == 1280)
            if indices.count == 3 { break }
        }
        #expect(indices == [0, 1, 2])
    }

    @Test func aCameraPathWithNothingThereIsNotFound() {
        #expect(throws: FrameSourceError.notFound("/nonexistent/capturekit.mp4")) {
            try FrameSourceCamera(path: "/nonexistent/capturekit.mp4")
        }
    }
}

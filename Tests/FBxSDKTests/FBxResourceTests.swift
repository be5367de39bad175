import FaceEngine
import Foundation
import Testing

@testable import FBxSDK

@Suite(.timeLimit(.minutes(1))) struct FBxResourceTests {
    @Test("the first preparation extracts the embedded files with a version marker; the next one reuses them")
    func extractsOnceWithMarker() throws {
        let data = try FBxFixtures.temporaryDirectory()
        let extractor = FBxResourceExtractor(resources: .standard, dataDirectory: data)
        let first = try extractor.prepare()
        #expect(first.didExtract)
        #expect(first.catalog.count == 10)
        let marker = try String(contentsOf: extractor.directory.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(marker.trimmingCharacters(in: .whitespacesAndNewlines) == FBxEmbeddedResources.standard.version)
        for file in FBxEmbeddedResources.standard.files {
            #expect(try Data(contentsOf: extractor.directory.appendingPathComponent(file.name)) == file.contents)
        }
        #expect(try extractor.prepare().didExtract == false)
    }

    @Test("a new resource version re-extracts and replaces the old files")
    func versionChangeReExtracts() throws {
        let data = try FBxFixtures.temporaryDirectory()
        _ = try FBxResourceExtractor(resources: .standard, dataDirectory: data).prepare()
        var files = FBxEmbeddedResources.standard.files
        let stale = FBxResourceExtractor(resources: .standard, dataDirectory: data).directory
            .appendingPathComponent("stale.bin")
        try Data([1, 2, 3]).write(to: stale)
        files[1].contents = try JSONEncoder().encode(Array(FaceCatalogSample.frames))
        let updated = FBxEmbeddedResources(version: "2-test", files: files)
        let extracted = try FBxResourceExtractor(resources: updated, dataDirectory: data).prepare()
        #expect(extracted.didExtract)
        #expect(extracted.catalog.count == FaceCatalogSample.frames.count)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test("a damaged extracted file is extracted again")
    func damagedFileIsReplaced() throws {
        let data = try FBxFixtures.temporaryDirectory()
        let extractor = FBxResourceExtractor(resources: .standard, dataDirectory: data)
        _ = try extractor.prepare()
        try Data("{".utf8).write(to: extractor.directory.appendingPathComponent(FBxEmbeddedResources.catalogFileName))
        let again = try extractor.prepare()
        #expect(again.didExtract)
        #expect(again.catalog.count == 10)
    }

    @Test("the pose fit's face model is read from the extracted file, and a non-finite point is refused")
    func faceModelComesFromTheExtractedFile() throws {
        let data = try FBxFixtures.temporaryDirectory()
        // A model whose points sit 10% further out than the standard one: the extractor must return it.
        let wider = GenericFaceModel.standard.scaled(toPupillaryDistance: GenericFaceModel.modelPupillaryDistance * 1.1)
        let points = wider.points.map {
            FBxEmbeddedResources.ModelPoint(
                landmark: $0.landmark, x: $0.position.x, y: $0.position.y,
                z: $0.position.z, weight: $0.weight)
        }
        var files = FBxEmbeddedResources.standard.files
        files[0].contents = try JSONEncoder().encode(points)
        let extractor = FBxResourceExtractor(
            resources: FBxEmbeddedResources(version: "wider", files: files),
            dataDirectory: data)
        #expect(try extractor.prepare().faceModel == wider)

        // A hand-edited file with a NaN coordinate is corrupt: the embedded copy replaces it.
        var text = try String(
            contentsOf: extractor.directory.appendingPathComponent(FBxEmbeddedResources.faceModelFileName),
            encoding: .utf8)
        let firstNumber = try #require(text.range(of: #""x":-?[0-9.e+-]+"#, options: .regularExpression))
        text.replaceSubrange(firstNumber, with: #""x":1e999"#)
        try Data(text.utf8).write(
            to: extractor.directory.appendingPathComponent(FBxEmbeddedResources.faceModelFileName))
        let again = try extractor.prepare()
        #expect(again.didExtract)
        #expect(again.faceModel == wider)
    }

    @Test("an unwritable data folder fails extraction with the folder's path")
    func unwritableFolderFails() throws {
        let data = try FBxFixtures.temporaryDirectory()
        let file = data.appendingPathComponent("not-a-folder")
        try Data([0]).write(to: file)
        let extractor = FBxResourceExtractor(resources: .standard, dataDirectory: file)
        #expect(throws: FBxResourceExtractor.Failure.notWritable(path: extractor.directory.path)) {
            try extractor.prepare()
        }
    }

    @Test("attaching the view with an unwritable data folder gives preparationFailed and an error")
    func managerReportsPreparationFailure() async throws {
        let blocked = try FBxFixtures.temporaryDirectory().appendingPathComponent("file")
        try Data([0]).write(to: blocked)
        let manager = try await offlineConfiguredManager(dataDirectory: blocked)
        #expect(manager.state == .configured)
        let errors = manager.errors
        let view = FBxView(manager: manager)
        await view.attach(width: 640, height: 480)
        #expect(manager.state == .preparationFailed)
        let reported = await first(1, of: errors)
        guard case let .internalError(message)? = reported.first else {
            Issue.record("expected an internal error, got \(reported)")
            return
        }
        #expect(message.contains("cannot be written"))
        await view.detach()
        #expect(manager.state == .configured)
    }
}

/// Three frames of the procedural catalog, as a changed embedded catalog.
enum FaceCatalogSample {
    static var frames: ArraySlice<EyewearFrame> { ProceduralFrameCatalog.frames.prefix(3) }
}

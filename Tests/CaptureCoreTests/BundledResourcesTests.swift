import CaptureKitTesting
import Crypto
import Foundation
import Testing

@testable import CaptureCore

/// Resources shipped in a folder with `manifest.json`, and the packer that writes it.
@Suite struct BundledResourcesTests {
    let folder: TemporaryFolder
    let weights = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    let labels = Data("ABC<".utf8)

    init() throws {
        folder = try TemporaryFolder()
        try weights.write(to: folder.child("mrz-ocrb.bin"))
        try labels.write(to: folder.child("labels.txt"))
        try Data("ignored".utf8).write(to: folder.child(".DS_Store"))
        try FileManager.default.createDirectory(at: folder.child("nested"), withIntermediateDirectories: true)
    }

    func pack(version: Int = 2) throws -> ResourceManifest {
        let manifest = try ResourceBundlePacker.manifest(
            for: folder.url, version: version,
            now: Date(timeIntervalSince1970: 1_800_000_000))
        try manifest.encodedJSON().write(to: folder.child(ResourceManifest.bundleFileName))
        return manifest
    }

    func loadError(_ names: [String]) -> ResourceDownloaderError? {
        do {
            _ = try BundledResources(folder: folder.url).load(names: names)
            return nil
        } catch {
            return error
        }
    }

    @Test func thePackerListsEveryFileWithItsSizeAndHash() throws {
        let manifest = try pack()
        #expect(manifest.manifestVersion == 2)
        #expect(manifest.resources.map(\.name) == ["labels", "mrz-ocrb"])
        let entry = try #require(manifest.entry(named: "mrz-ocrb"))
        #expect(entry.file == "mrz-ocrb.bin")
        #expect(entry.size == weights.count)
        #expect(entry.sha256 == SHA256.hash(data: weights).hexString)
    }

    @Test func aPackedFolderLoadsThroughTheResourceLoader() async throws {
        _ = try pack()
        let loaded = try await ResourceLoader.load(
            names: ["mrz-ocrb", "labels"], from: .bundled(folder: folder.url),
            now: Date())
        #expect(loaded == ["mrz-ocrb": weights, "labels": labels])
    }

    @Test func repackingIgnoresTheManifestItselfAndRefusesNameClashes() throws {
        _ = try pack()
        #expect(try pack(version: 3).resources.count == 2)
        try Data("x".utf8).write(to: folder.child("labels.csv"))
        #expect(throws: ResourceBundlePacker.PackError.duplicateName("labels")) { try pack() }
    }

    @Test func aMissingFileIsFileNotFound() throws {
        _ = try pack()
        try FileManager.default.removeItem(at: folder.child("mrz-ocrb.bin"))
        #expect(loadError(["mrz-ocrb"])?.kind == .fileNotFound(folder.child("mrz-ocrb.bin")))
    }

    @Test func aFileWithTheWrongContentIsHashMismatch() throws {
        _ = try pack()
        var altered = weights
        altered[7] ^= 0x80
        try altered.write(to: folder.child("mrz-ocrb.bin"))
        #expect(loadError(["mrz-ocrb"])?.kind == .hashMismatch("mrz-ocrb"))
        try (weights + Data([0])).write(to: folder.child("mrz-ocrb.bin"))
        #expect(loadError(["mrz-ocrb"])?.kind == .hashMismatch("mrz-ocrb"))
    }

    @Test func anUnreadableManifestIsInvalidResponseAndAMissingOneFileNotFound() throws {
        #expect(loadError(["labels"])?.kind == .fileNotFound(folder.child(ResourceManifest.bundleFileName)))
        try Data("{ not json".utf8).write(to: folder.child(ResourceManifest.bundleFileName))
        #expect(loadError(["labels"])?.kind == .invalidResponse)
    }

    @Test func anEntryPointingOutsideTheFolderIsInvalidURL() throws {
        var manifest = try pack()
        manifest.resources[0].file = "../../etc/passwd"
        try manifest.encodedJSON().write(to: folder.child(ResourceManifest.bundleFileName))
        #expect(loadError(["labels"])?.kind == .invalidURL)
    }

    @Test func aNameNotInTheManifestIsResourceUnavailable() throws {
        _ = try pack()
        #expect(loadError(["face-model"])?.kind == .resourceUnavailable)
    }
}

import CaptureKitTesting
import Crypto
import Foundation
import Testing

@testable import CaptureCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The size cap and resume rules of one blob transfer, fed directly (no network).
@Suite struct BlobDownloadTests {
    let folder: TemporaryFolder
    let cache: ResourceCache
    let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
    let entry: ResourceManifest.Entry
    let url = URL(string: "http://127.0.0.1:1/v1/resources/x").unsafelyUnwrapped

    init() throws {
        folder = try TemporaryFolder()
        cache = ResourceCache(root: folder.child("cache"))
        try cache.prepare()
        entry = LoopbackResourceServer.entry("weights", data)
    }

    func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers).unsafelyUnwrapped
    }

    var partialSize: Int? {
        try? FileManager.default.attributesOfItem(atPath: cache.partialURL(sha256: entry.sha256).path)[.size] as? Int
    }

    @Test func theFirstChunkBeyondTheDeclaredSizeStopsTheTransferAndDeletesThePartialFile() throws {
        let download = try BlobDownload(entry: entry, url: url, cache: cache)
        try download.receive(response: response(200))
        try download.receive(data: data.prefix(600))
        #expect(partialSize == 600)
        #expect(throws: ResourceDownloaderError.self) { try download.receive(data: data.suffix(401)) }
        #expect(partialSize == nil)
    }

    @Test func anAnnouncedLengthBeyondTheDeclaredSizeIsRefusedBeforeAnyBody() throws {
        let download = try BlobDownload(entry: entry, url: url, cache: cache)
        #expect(throws: ResourceDownloaderError.self) {
            try download.receive(response: response(200, ["Content-Length": "1001"]))
        }
        #expect(partialSize == nil)
    }

    @Test func aPartialFileIsResumedFromItsLengthAndInstalledWhenComplete() throws {
        try data.prefix(400).write(to: cache.partialURL(sha256: entry.sha256))
        let download = try BlobDownload(entry: entry, url: url, cache: cache)
        #expect(download.requestHeaders == ["Range": "bytes=400-"])
        try download.receive(response: response(206, ["Content-Range": "bytes 400-999/1000"]))
        try download.receive(data: data.suffix(600))
        try download.finish()
        #expect(try cache.cachedBlob(for: entry) == data)
        #expect(partialSize == nil)
    }

    @Test func aPartialFileAsLongAsTheBlobIsStartedAgain() throws {
        try Data(repeating: 9, count: 1000).write(to: cache.partialURL(sha256: entry.sha256))
        let download = try BlobDownload(entry: entry, url: url, cache: cache)
        #expect(download.requestHeaders.isEmpty)
        #expect(partialSize == 0)
    }

    @Test func aShortBodyIsAHashMismatchAndLeavesNothingBehind() throws {
        let download = try BlobDownload(entry: entry, url: url, cache: cache)
        try download.receive(response: response(200))
        try download.receive(data: data.prefix(999))
        let outcome = Result { () throws(ResourceDownloaderError) in try download.finish() }
        #expect(outcome.failure?.kind == .hashMismatch("weights"))
        #expect(partialSize == nil)
        #expect(try cache.cachedBlob(for: entry) == nil)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

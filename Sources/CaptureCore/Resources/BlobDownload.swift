import Crypto
package import Foundation

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One blob's transfer into `<cache>/blobs/<sha256>.incomplete`, hashed while it is written.
///
/// - A partial file left by an earlier, interrupted transfer is re-hashed and resumed with
///   `Range: bytes=N-`. Only a `206` whose `Content-Range` starts at `N` is appended; a `200`
///   restarts from zero; a `206` starting elsewhere is refused with `downloadFailed(206)`.
/// - The transfer stops as soon as the server announces or sends more bytes than the manifest
///   declares (`hashMismatch`), and the partial file is deleted.
/// - ``finish()`` checks the exact size and SHA-256, then installs the file (``ResourceCache/install(_:sha256:)``).
package final class BlobDownload: ResourceHTTPClient.Consumer, @unchecked Sendable {
    // @unchecked is safe: the mutable state is used first by `init`, then only from the URLSession
    // delegate queue (serial, one callback at a time), then only by the task that awaited the
    // transfer's completion, which the continuation's resume orders after the last callback.

    /// The manifest entry being downloaded.
    package let entry: ResourceManifest.Entry
    /// Bytes that were already on disk when the request was made (0 for a fresh download).
    package let resumeOffset: Int

    private let cache: ResourceCache
    private let url: URL
    private let handle: FileHandle
    private var hasher = SHA256()
    /// Bytes in the partial file so far.
    private var written: Int

    /// Size of the chunks read when re-hashing a partial file.
    private static let rehashChunk = 1 << 20

    /// Opens (or creates) the partial file for `entry`, to be fetched from `url`.
    /// - Throws: `fileCreationError` when the file cannot be created; `fileAccessError` when an
    ///   existing partial file cannot be read.
    package init(entry: ResourceManifest.Entry, url: URL, cache: ResourceCache) throws(ResourceDownloaderError) {
        self.entry = entry
        self.url = url
        self.cache = cache
        let path = cache.partialURL(sha256: entry.sha256).path
        let existing = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let resumable = existing > 0 && existing < entry.size
        let fd = open(path, O_RDWR | O_CREAT | (resumable ? 0 : O_TRUNC), 0o644)
        guard fd >= 0 else { throw .fileCreationError(ResourceCache.posixError()) }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        written = 0
        resumeOffset = resumable ? existing : 0
        if resumable {
            do {
                while let chunk = try handle.read(upToCount: Self.rehashChunk), !chunk.isEmpty {
                    hasher.update(data: chunk)
                    written += chunk.count
                }
                _ = try handle.seekToEnd()
            } catch {
                throw .fileAccessError(error)
            }
        }
    }

    /// Headers for the request: a `Range` when resuming.
    package var requestHeaders: [String: String] {
        resumeOffset > 0 ? ["Range": "bytes=\(resumeOffset)-"] : [:]
    }

    package func receive(response: HTTPURLResponse) throws(ResourceDownloaderError) {
        switch response.statusCode {
        case 200:
            if written > 0 { try restart() }
        case 206:
            guard Self.contentRangeStart(response) == written else { throw .downloadFailed(206) }
        case 404:
            throw .fileNotFound(url)
        case 410:
            throw .resourceUnavailable
        case 200..<300:
            throw .invalidResponse
        default:
            throw .downloadFailed(response.statusCode)
        }
        let announced = response.expectedContentLength
        if announced >= 0, Int64(written) + announced > Int64(entry.size) { throw tooLarge() }
    }

    package func receive(data: Data) throws(ResourceDownloaderError) {
        guard written + data.count <= entry.size else { throw tooLarge() }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .fileAccessError(error)
        }
        hasher.update(data: data)
        written += data.count
    }

    /// After a transfer that ended normally: checks the size and SHA-256 and installs the blob.
    /// On a mismatch the partial file is deleted and `hashMismatch` thrown; the cache is untouched.
    package func finish() throws(ResourceDownloaderError) {
        guard written == entry.size, hasher.finalize().hexString == entry.sha256 else {
            discard()
            throw .hashMismatch(entry.name)
        }
        try cache.install(handle, sha256: entry.sha256)
    }

    /// After a failed transfer: closes the file, and deletes it when its bytes cannot be trusted
    /// for a resume (`hashMismatch`, a file error, `416` for the range asked); keeps it otherwise
    /// (lost connection, timeout, server error), so the next attempt resumes.
    package func abandon(after error: ResourceDownloaderError) {
        switch error {
        case .hashMismatch, .fileAccessError, .downloadFailed(416): discard()
        default: try? handle.close()
        }
    }

    private func restart() throws(ResourceDownloaderError) {
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            throw .fileAccessError(error)
        }
        hasher = SHA256()
        written = 0
    }

    private func tooLarge() -> ResourceDownloaderError {
        discard()
        return .hashMismatch(entry.name)
    }

    private func discard() {
        try? handle.close()
        try? cache.remove(cache.partialURL(sha256: entry.sha256))
    }

    /// The first byte position of `Content-Range: bytes START-END/TOTAL`, or nil.
    private static func contentRangeStart(_ response: HTTPURLResponse) -> Int? {
        guard let value = response.value(forHTTPHeaderField: "Content-Range") else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("bytes ") else { return nil }
        let range = trimmed.dropFirst("bytes ".count)
        guard let dash = range.firstIndex(of: "-") else { return nil }
        return Int(range[..<dash])
    }
}

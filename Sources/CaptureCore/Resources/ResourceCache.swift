import Crypto
package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The download cache on disk, content-addressed:
///
/// ```
/// <root>/blobs/<sha256>              verified resources, named by their hash
/// <root>/blobs/<sha256>.incomplete   a download in progress (resumed with Range)
/// <root>/state.json                  highest manifestVersion seen, and that signed manifest
/// ```
///
/// A blob only appears under its final name after its size and SHA-256 were checked, the file was
/// `fsync`ed and renamed atomically, and the folder was `fsync`ed. Blobs are re-hashed every time
/// they are read, so a file changed on disk is never used.
package struct ResourceCache: Sendable {
    /// What `state.json` holds.
    package struct State: Codable, Sendable, Equatable {
        /// Highest `manifestVersion` accepted so far; lower ones are refused (rollback).
        package var manifestVersion: Int
        /// The signed manifest that was last accepted, for offline use.
        package var manifest: String
    }

    /// The cache folder.
    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// `<root>/blobs`.
    package var blobsFolder: URL { root.appendingPathComponent("blobs", isDirectory: true) }
    /// `<root>/state.json`.
    package var stateFile: URL { root.appendingPathComponent("state.json", isDirectory: false) }

    /// `<root>/blobs/<sha256>`.
    package func blobURL(sha256: String) -> URL {
        blobsFolder.appendingPathComponent(sha256, isDirectory: false)
    }

    /// `<root>/blobs/<sha256>.incomplete`.
    package func partialURL(sha256: String) -> URL {
        blobsFolder.appendingPathComponent(sha256 + ".incomplete", isDirectory: false)
    }

    /// Creates the cache folders if needed and checks they are writable.
    /// - Throws: `cacheDirNotFound` when the root is not a folder and cannot be created;
    ///   `fileCreationError` when `blobs/` cannot be created or is not writable.
    package func prepare() throws(ResourceDownloaderError) {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: root.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .cacheDirNotFound }
        } else {
            do {
                try files.createDirectory(at: root, withIntermediateDirectories: true)
            } catch {
                throw .cacheDirNotFound
            }
        }
        do {
            try files.createDirectory(at: blobsFolder, withIntermediateDirectories: true)
        } catch {
            throw .fileCreationError(error)
        }
        guard access(blobsFolder.path, W_OK) == 0 else { throw .fileCreationError(Self.posixError()) }
    }

    // MARK: Blobs

    /// The cached bytes of `entry`, or nil when not cached. A cached file whose size or SHA-256 no
    /// longer matches (changed on disk) is deleted and nil returned, so it is downloaded again.
    package func cachedBlob(for entry: ResourceManifest.Entry) throws(ResourceDownloaderError) -> Data? {
        let url = blobURL(sha256: entry.sha256)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .fileAccessError(error)
        }
        if entry.matches(data) { return data }
        try remove(url)
        return nil
    }

    /// Moves a complete, verified partial file to its final name, durably: `fsync` the file,
    /// `rename` it (atomic), `fsync` the folder.
    package func install(_ handle: FileHandle, sha256: String) throws(ResourceDownloaderError) {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .fileAccessError(error)
        }
        guard rename(partialURL(sha256: sha256).path, blobURL(sha256: sha256).path) == 0 else {
            throw .fileAccessError(Self.posixError())
        }
        syncFolder(blobsFolder)
    }

    /// Deletes `url` if it exists.
    package func remove(_ url: URL) throws(ResourceDownloaderError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw .fileAccessError(Self.posixError()) }
    }

    // MARK: State

    /// The persisted state, or nil when there is none or it is unreadable.
    package func readState() -> State? {
        guard let data = try? Data(contentsOf: stateFile) else { return nil }
        return try? JSONDecoder().decode(State.self, from: data)
    }

    /// Writes `state` atomically (temporary file, `fsync`, `rename`).
    package func writeState(_ state: State) throws(ResourceDownloaderError) {
        let temporary = root.appendingPathComponent("state.json.\(UUID().uuidString).tmp", isDirectory: false)
        do {
            let data = try JSONEncoder().encode(state)
            try data.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? remove(temporary)
            throw .fileAccessError(error)
        }
        guard rename(temporary.path, stateFile.path) == 0 else {
            let error = Self.posixError()
            try? remove(temporary)
            throw .fileAccessError(error)
        }
        syncFolder(root)
    }

    // MARK: Helpers

    /// The current `errno` as an `Error`.
    package static func posixError() -> any Error {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    /// Best-effort `fsync` of a folder, so a rename inside it survives a crash.
    private func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

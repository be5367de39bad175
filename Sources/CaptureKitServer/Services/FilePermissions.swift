package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only modes for what the server keeps on disk: the data directory is 0700, the SQLite
/// database (with its `-wal` and `-shm` files) and every secret file 0600.
///
/// Modes are set with `chmod` after creation, so they do not depend on the process's umask, and they
/// are set again at every start, which repairs files an older version (or an operator) left readable.
package enum FilePermissions {
    /// The mode of the data directory and the folders inside it.
    package static let directoryMode: mode_t = 0o700
    /// The mode of every file the server writes.
    package static let fileMode: mode_t = 0o600

    /// Creates `path` (and its parents) when missing and makes it owner-only.
    /// - Throws: ``FilePermissionsError`` when the folder cannot be created or its mode set.
    package static func secureDirectory(atPath path: String) throws(FilePermissionsError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(directoryMode)])
        } catch {
            throw .unusable(path: path)
        }
        guard chmod(path, directoryMode) == 0 else { throw .unusable(path: path) }
    }

    /// Creates an empty owner-only file at `path` unless it exists (the mode is given to `open` and
    /// set again with `fchmod`, whatever the umask).
    /// - Throws: ``FilePermissionsError`` when the file cannot be created.
    package static func createOwnerOnlyFile(atPath path: String) throws(FilePermissionsError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor < 0 {
            guard errno == EEXIST else { throw .unusable(path: path) }
            return
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, fileMode) == 0 else { throw .unusable(path: path) }
    }

    /// Makes each existing file of `paths` owner-only (missing ones are skipped).
    /// - Throws: ``FilePermissionsError`` when an existing file's mode cannot be set.
    package static func restrictExistingFiles(_ paths: [String]) throws(FilePermissionsError) {
        for path in paths where FileManager.default.fileExists(atPath: path) {
            guard chmod(path, fileMode) == 0 else { throw .unusable(path: path) }
        }
    }

    /// The SQLite database file and the files SQLite keeps beside it.
    package static func sqliteFiles(database path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// The permission bits of `path` (nil when it does not exist).
    package static func mode(ofPath path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }
}

/// Why a file or folder of the data directory cannot be given owner-only permissions.
package enum FilePermissionsError: Error, Sendable, Equatable, CustomStringConvertible {
    case unusable(path: String)

    package var description: String {
        switch self {
        case let .unusable(path):
            return "\(path) cannot be created or made owner-only (0700/0600); check who owns the data directory."
        }
    }
}

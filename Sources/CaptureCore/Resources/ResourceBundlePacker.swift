import Crypto
package import Foundation

/// Builds the manifest of a bundle folder (`capkit resources pack`): one entry per regular file,
/// named after the file without its extension, with its size and SHA-256.
///
/// Hidden files, sub-folders and `manifest.json` itself are skipped.
package enum ResourceBundlePacker {
    /// Why a folder could not be packed.
    package enum PackError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The folder does not exist or cannot be listed.
        case unreadableFolder(String)
        /// A file could not be read.
        case unreadableFile(String)
        /// Two files would get the same resource name.
        case duplicateName(String)
        /// The folder holds no resource files.
        case empty(String)

        package var description: String {
            switch self {
            case let .unreadableFolder(path): return "The folder \(path) does not exist or cannot be listed."
            case let .unreadableFile(name): return "The file \(name) could not be read."
            case let .duplicateName(name):
                return "Two files would both be named \"\(name)\"; resource names come from file names "
                    + "without their extension, so rename one."
            case let .empty(path): return "The folder \(path) holds no files to pack."
            }
        }
    }

    /// The manifest for `folder`, with `manifestVersion` and every entry's version set to `version`.
    package static func manifest(for folder: URL, version: Int, now: Date) throws(PackError) -> ResourceManifest {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .unreadableFolder(folder.path)
        }
        var entries = [ResourceManifest.Entry]()
        var seen = Set<String>()
        for file in names where !file.hasPrefix(".") && file != ResourceManifest.bundleFileName {
            let url = folder.appendingPathComponent(file, isDirectory: false)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            guard let data = try? Data(contentsOf: url) else { throw .unreadableFile(file) }
            let name = (file as NSString).deletingPathExtension
            guard seen.insert(name).inserted else { throw .duplicateName(name) }
            entries.append(
                .init(
                    name: name, version: String(version), size: data.count,
                    sha256: SHA256.hash(data: data).hexString, file: file))
        }
        guard !entries.isEmpty else { throw .empty(folder.path) }
        return ResourceManifest(manifestVersion: version, issuedAt: now, resources: entries)
    }
}

import Crypto
package import Foundation

extension ResourceManifest {
    /// File name of a bundle folder's plain-JSON manifest.
    package static let bundleFileName = "manifest.json"

    /// Largest resource a manifest may declare (2 GiB); larger sizes are refused as invalid.
    package static let maxEntrySize = 1 << 31

    /// Decodes a plain-JSON manifest (dates as seconds since 1970, as in signed manifests).
    package static func decodeJSON(_ data: Data) throws -> ResourceManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(ResourceManifest.self, from: data)
    }

    /// The manifest as pretty-printed JSON with sorted keys (the `manifest.json` of a bundle).
    package func encodedJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(self)
    }

    /// Throws unless every entry is safe to turn into file names and URLs: names and files are
    /// single path components (``isSafePathComponent(_:)``) → ``ResourceDownloaderError/invalidURL(_:)``;
    /// hashes are 64 lowercase hex digits → `invalidURL`; sizes are within 0…``maxEntrySize`` →
    /// ``ResourceDownloaderError/invalidResponse``.
    package func validateEntries() throws(ResourceDownloaderError) {
        for entry in resources {
            guard Self.isSafePathComponent(entry.name) else { throw .invalidURL(entry.name) }
            if let file = entry.file, !Self.isSafePathComponent(file) { throw .invalidURL(file) }
            guard Self.isSHA256Hex(entry.sha256) else { throw .invalidURL(entry.sha256) }
            guard (0...Self.maxEntrySize).contains(entry.size) else { throw .invalidResponse }
        }
    }

    /// Whether `text` names one file inside a folder: not empty, not `.` or `..`, at most 255
    /// bytes, and free of `/`, `\` and control characters.
    package static func isSafePathComponent(_ text: String) -> Bool {
        guard !text.isEmpty, text != ".", text != "..", text.utf8.count <= 255 else { return false }
        return !text.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    /// Whether `text` is a SHA-256 in lowercase hex.
    package static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether this SDK version is at least the manifest's `minSdk` (true when it has none).
    /// An unparsable `minSdk` counts as not compatible.
    package func supportsSDK(_ sdkVersion: String) -> Bool {
        guard let minSdk else { return true }
        return CaptureKitVersion.isVersion(minSdk, atMost: sdkVersion) ?? false
    }
}

extension ResourceManifest.Entry {
    /// Whether `data` has this entry's size and SHA-256.
    package func matches(_ data: Data) -> Bool {
        data.count == size && SHA256.hash(data: data).hexString == sha256
    }
}

extension SHA256.Digest {
    /// The digest in lowercase hex.
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

package import Foundation

/// Finds the server's signing keys (``ServerConfiguration/signingKeyPaths``):
/// 1. the configured key files, oldest first (the last signs);
/// 2. else the development key `keys/dev-2026.ed25519` under the working directory, which the SDKs
///    trust only when the app allows development licences;
/// 3. else the `*.ed25519` files in `<data-dir>/keys/` (sorted by name);
/// 4. else a new key generated there (SDKs then need its public key from `GET /v1/keys`).
///
/// In production mode (``ServerConfiguration/production``) a development key among them stops the start.
package enum SigningKeyResolver {
    /// The development key's path, relative to the working directory.
    package static let developmentKeyPath = "keys/dev-2026.ed25519"

    /// The keys and a one-line note on where they came from.
    /// - Throws: ``SigningKeyError/developmentKeyInProduction(path:)`` in production mode when any key
    ///   is the development key (recognised by its public key, whatever its file or kid).
    package static func resolve(
        configuration: ServerConfiguration, workingDirectory: String = FileManager.default.currentDirectoryPath,
        now: Date
    ) throws -> (keys: SigningKeys, note: String) {
        let resolved = try resolveKeys(configuration: configuration, workingDirectory: workingDirectory, now: now)
        if configuration.production, let development = resolved.keys.all.first(where: \.isDevelopmentKey) {
            throw SigningKeyError.developmentKeyInProduction(path: development.path ?? developmentKeyPath)
        }
        return resolved
    }

    private static func resolveKeys(
        configuration: ServerConfiguration, workingDirectory: String, now: Date
    ) throws -> (keys: SigningKeys, note: String) {
        if !configuration.signingKeyPaths.isEmpty {
            let keys = try SigningKeys(configuration.signingKeyPaths.map { try SigningKey.load(path: $0) })
            return (
                keys,
                "signing with \(keys.current.kid) from \(keys.current.path ?? "?"), \(keys.all.count) key(s) published"
            )
        }
        let development = (workingDirectory as NSString).appendingPathComponent(developmentKeyPath)
        if FileManager.default.fileExists(atPath: development) {
            let keys = try SigningKeys([try SigningKey.load(path: development)])
            return (
                keys,
                "signing with the development key \(keys.current.kid) (\(developmentKeyPath));"
                    + " SDKs accept it only with allowsDevelopmentLicenses — not for production (--production refuses it)"
            )
        }
        let directory = URL(fileURLWithPath: configuration.generatedKeysDirectory).standardizedFileURL.path
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".\(SigningKey.fileExtension)") }.sorted()
        if !existing.isEmpty {
            let keys = try SigningKeys(
                existing.map { try SigningKey.load(path: (directory as NSString).appendingPathComponent($0)) })
            return (keys, "signing with \(keys.current.kid) from \(directory)")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let key = try SigningKey.generate(kid: "local-" + formatter.string(from: now), directory: directory)
        let keys = try SigningKeys([key])
        return (
            keys,
            "generated a new signing key \(key.kid) in \(directory); SDKs must trust its public key (GET /v1/keys)"
        )
    }
}

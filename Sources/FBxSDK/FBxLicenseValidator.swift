package import CaptureCore
package import Foundation

/// The online licence check of `configure(_:)`: `POST /v1/licenses/validate` with the API key, the
/// application identifier and a fresh nonce; the answer is an Ed25519 JWS
/// (``LicenseValidationClaims``) verified against a pinned keyring.
///
/// A verified answer is cached on disk (the token only, in `<data>/licence/<sha256 of key>.jws`).
/// When the server cannot be reached (or fails with 5xx or 429), a cached answer for the same key
/// and application is accepted until its signed `graceUntil` (capkit-server: 24 h cache + 7 days
/// grace by default). Refusals (unknown, invalid or unlicensed key) delete the cached answer.
package struct FBxLicenseValidator: Sendable {
    /// The JSON body sent.
    struct Request: Codable {
        var apiKey: String
        var bundleId: String
        var sdkVersion: String
        var platform: String
        var nonce: String
    }

    /// The success body.
    struct Response: Codable {
        var token: String
    }

    /// How a licence was accepted.
    package enum Outcome: Sendable, Equatable {
        /// The server answered now.
        case online(LicenseValidationClaims)
        /// The server could not be reached; a cached answer still within its grace period was used.
        case cached(LicenseValidationClaims)

        package var claims: LicenseValidationClaims {
            switch self {
            case let .online(claims), let .cached(claims): return claims
            }
        }
    }

    package let keyring: JWSKeyring
    package let cacheDirectory: URL
    package let now: @Sendable () -> Date
    package let sdkVersion: String

    package init(
        keyring: JWSKeyring, cacheDirectory: URL, now: @escaping @Sendable () -> Date,
        sdkVersion: String = CaptureKitVersion.current
    ) {
        self.keyring = keyring
        self.cacheDirectory = cacheDirectory
        self.now = now
        self.sdkVersion = sdkVersion
    }

    /// Validates `configuration`'s key online, falling back to the cached answer when offline.
    package func validate(
        _ configuration: FBxConfiguration, client: FBxServerClient
    )
        async throws(FBxError) -> Outcome
    {
        // A malformed key fails offline, before any network call.
        guard (try? FBxAPIKey(parsing: configuration.apiKey)) != nil else { throw .invalidAPIKey }
        let cacheFile = cacheDirectory.appendingPathComponent(FBxAPIKey.sha256Hex(of: configuration.apiKey) + ".jws")
        let nonce = Self.makeNonce()
        let request = Request(
            apiKey: configuration.apiKey, bundleId: configuration.bundleID, sdkVersion: sdkVersion,
            platform: LicenseVerifier.currentPlatform, nonce: nonce)
        let answer: FBxServerClient.Answer
        do {
            answer = try await client.send("POST", "/v1/licenses/validate", encoding: request)
        } catch {
            if let cached = cachedClaims(at: cacheFile, bundleID: configuration.bundleID) { return .cached(cached) }
            throw error == .unreachable ? .noInternetConnection : .configurationFailed
        }
        switch answer.status {
        case 200:
            guard let response = try? JSONDecoder().decode(Response.self, from: answer.body) else {
                throw .configurationFailed
            }
            guard let claims = verified(response.token, bundleID: configuration.bundleID), claims.nonce == nonce else {
                // The answer may be genuine but signed with the development key this app did not opt in to.
                if (try? keyring.verify(response.token, expectedType: LicenseValidationClaims.tokenType)) == nil,
                    LicenseKeyring.isSignedWithDevelopmentKey(
                        response.token, expectedType: LicenseValidationClaims.tokenType)
                {
                    throw .developmentLicenseNotAllowed
                }
                throw .configurationFailed
            }
            store(response.token, at: cacheFile)
            return .online(claims)
        case 429, 500...599:
            if let cached = cachedClaims(at: cacheFile, bundleID: configuration.bundleID) { return .cached(cached) }
            throw .configurationFailed
        default:
            let error: FBxError
            switch answer.errorCode {
            case "invalidAPIKey": error = .invalidAPIKey
            case "apiKeyNotFound": error = .apiKeyNotFound
            case "licenseForAPIKeyNotFound": error = .licenseForAPIKeyNotFound
            default: throw .configurationFailed
            }
            try? FileManager.default.removeItem(at: cacheFile)
            throw error
        }
    }

    /// The claims of `token` if it verifies, is active, is for `bundleID` and is before its grace end.
    func verified(_ token: String, bundleID: String) -> LicenseValidationClaims? {
        guard let jws = try? keyring.verify(token, expectedType: LicenseValidationClaims.tokenType),
            let claims = try? jws.decodePayload(as: LicenseValidationClaims.self),
            claims.status == .active, claims.bundleId == bundleID, now() < claims.graceUntil
        else { return nil }
        return claims
    }

    private func cachedClaims(at file: URL, bundleID: String) -> LicenseValidationClaims? {
        guard let data = try? Data(contentsOf: file), data.count <= 16 * 1024,
            let token = String(data: data, encoding: .utf8)
        else { return nil }
        return verified(token, bundleID: bundleID)
    }

    /// Writes the token (owner-only). A failure only loses the offline grace, so it is not an error.
    private func store(_ token: String, at file: URL) {
        let manager = FileManager.default
        guard (try? manager.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)) != nil else {
            return
        }
        try? Data(token.utf8).write(to: file, options: .atomic)
        try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    private static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<18).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

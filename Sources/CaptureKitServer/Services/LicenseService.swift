package import CaptureCore
import Foundation

/// Issues licence keys and answers FBx-style API-key validations.
///
/// Validation answers map one-to-one to the FBx guide's errors:
/// - `invalidAPIKey` (401): the key is missing, malformed or has a bad checksum; it is a `fbx_test_`
///   key while test keys are refused; or it (or its customer) is revoked or suspended;
/// - `apiKeyNotFound` (404): the key is well formed but unknown;
/// - `licenseForAPIKeyNotFound` (403): the key is known and active, but its customer has no licence
///   for product `fbx` that is active, in its validity window and covers the bundle id;
/// - otherwise 200 with a signed ``LicenseValidationClaims`` answer echoing the nonce.
package struct LicenseService: Sendable {
    let environment: ServerEnvironment

    /// Product names a licence can be for.
    package static let products: Set<String> = ["fbx", "blinkid", "fortface"]
    /// Platform names a licence can list.
    package static let platforms: Set<String> = ["ios", "android", "linux"]

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    // MARK: Validation

    /// The body of `POST /v1/licenses/validate`.
    package struct ValidationRequest: Codable, Sendable {
        package var apiKey: String?
        package var bundleId: String?
        package var sdkVersion: String?
        package var platform: String?
        package var nonce: String?

        package init(apiKey: String?, bundleId: String?, sdkVersion: String?, platform: String?, nonce: String?) {
            self.apiKey = apiKey
            self.bundleId = bundleId
            self.sdkVersion = sdkVersion
            self.platform = platform
            self.nonce = nonce
        }
    }

    /// The success body of `POST /v1/licenses/validate`: the signed answer.
    package struct ValidationResponse: Codable, Sendable {
        /// Compact JWS, `typ: license-validation+jwt`, claims ``LicenseValidationClaims``.
        package var token: String
    }

    /// Validates an API key for a bundle id.
    /// - Throws: ``APIError`` (`badRequest`, `invalidAPIKey`, `apiKeyNotFound`, `licenseForAPIKeyNotFound`,
    ///   `rateLimited`).
    package func validate(_ request: ValidationRequest) async throws -> (token: String, claims: LicenseValidationClaims)
    {
        guard let nonce = request.nonce, Self.isToken(nonce, length: 8...128) else {
            throw APIError.badRequest("nonce must be 8 to 128 characters of letters, digits, '-' or '_'.")
        }
        guard let bundleId = request.bundleId, Self.isPrintable(bundleId, length: 1...255) else {
            throw APIError.badRequest("bundleId must be 1 to 255 printable characters.")
        }
        for (name, value) in [("sdkVersion", request.sdkVersion), ("platform", request.platform)] {
            if let value, !Self.isPrintable(value, length: 0...64) {
                throw APIError.badRequest("\(name) must be at most 64 printable characters.")
            }
        }
        guard let text = request.apiKey, let apiKey = try? FBxAPIKey(parsing: text) else {
            throw APIError.invalidAPIKey
        }
        if apiKey.mode == .test, environment.configuration.rejectTestKeys { throw APIError.invalidAPIKey }
        let hash = apiKey.sha256Hex
        try environment.keyLimiter.enforce("apikey:" + hash)

        guard let record = try await environment.store.apiKey(hash: hash) else { throw APIError.apiKeyNotFound }
        guard record.status == .active,
            let customer = try await environment.store.customer(id: record.customerID),
            customer.status == .active
        else { throw APIError.invalidAPIKey }

        let now = environment.nowSeconds
        let licences = try await environment.store.licenses(customerID: customer.id, product: "fbx")
            .filter { $0.isInForce(at: now) && $0.covers(bundleID: bundleId) }
        guard let latestExpiry = licences.map(\.expiresAt).max() else { throw APIError.licenseForAPIKeyNotFound }

        let configuration = environment.configuration
        let cacheUntil = min(now + Int64(configuration.validationCacheSeconds), latestExpiry)
        let graceUntil = min(cacheUntil + Int64(configuration.validationGraceSeconds), latestExpiry)
        let claims = LicenseValidationClaims(
            status: .active, keyId: record.id, bundleId: bundleId,
            features: Array(Set(licences.flatMap(\.features))).sorted(), nonce: nonce,
            iat: Date(timeIntervalSince1970: TimeInterval(now)),
            cacheUntil: Date(timeIntervalSince1970: TimeInterval(cacheUntil)),
            graceUntil: Date(timeIntervalSince1970: TimeInterval(graceUntil))
        )
        let signed = try environment.signingKeys.sign(claims, typ: LicenseValidationClaims.tokenType)
        return (signed.token, claims)
    }

    // MARK: Issuance

    /// The body of `POST /v1/admin/customers/{customerId}/licenses`.
    package struct IssueRequest: Codable, Sendable {
        package var product: String
        package var bundleIds: [String]
        package var platforms: [String]?
        package var features: [String]?
        /// Days from `notBefore` to expiry (1 to 3650, default 365).
        package var validDays: Int?
        /// Start of validity, seconds since 1970 (default: now).
        package var notBefore: Int64?
        package var maxSdk: String?
        package var online: LicenseClaims.OnlineCheck?

        package init(
            product: String, bundleIds: [String], platforms: [String]? = nil, features: [String]? = nil,
            validDays: Int? = nil, notBefore: Int64? = nil, maxSdk: String? = nil,
            online: LicenseClaims.OnlineCheck? = nil
        ) {
            self.product = product
            self.bundleIds = bundleIds
            self.platforms = platforms
            self.features = features
            self.validDays = validDays
            self.notBefore = notBefore
            self.maxSdk = maxSdk
            self.online = online
        }
    }

    /// Signs and stores a licence for an active customer. Returns after the licence is committed.
    /// - Returns: The stored record (with the licence key's SHA-256) and the licence key itself, which
    ///   is answered this once and never stored.
    package func issue(
        customerID: String, request: IssueRequest
    ) async throws -> (
        record: LicenseRecord, token: String
    ) {
        guard Self.products.contains(request.product) else {
            throw APIError.badRequest("product must be one of \(Self.products.sorted().joined(separator: ", ")).")
        }
        guard (1...100).contains(request.bundleIds.count),
            request.bundleIds.allSatisfy({ Self.isPrintable($0, length: 1...255) })
        else {
            throw APIError.badRequest("bundleIds must list 1 to 100 bundle ids (or \"*\").")
        }
        let platforms = request.platforms ?? Self.platforms.sorted()
        guard !platforms.isEmpty, platforms.allSatisfy(Self.platforms.contains) else {
            throw APIError.badRequest("platforms must be a non-empty list of ios, android, linux.")
        }
        let features = request.features ?? []
        guard features.count <= 100, features.allSatisfy({ Self.isToken($0, length: 1...64, extra: ".") }) else {
            throw APIError.badRequest("features must be at most 100 names of letters, digits, '.', '-' or '_'.")
        }
        let validDays = request.validDays ?? 365
        guard (1...3650).contains(validDays) else { throw APIError.badRequest("validDays must be 1 to 3650.") }
        let maxSdk = request.maxSdk ?? "999.999.999"
        guard Self.isToken(maxSdk, length: 1...32, extra: ".") else {
            throw APIError.badRequest("maxSdk must be a version such as 1.99.99.")
        }
        if let online = request.online, !(1...8760).contains(online.ttlH) || !(0...365).contains(online.graceD) {
            throw APIError.badRequest("online.ttlH must be 1 to 8760 and online.graceD 0 to 365.")
        }
        guard let customer = try await environment.store.customer(id: customerID) else {
            throw APIError.customerNotFound
        }
        guard customer.status == .active else { throw APIError.customerRevoked }

        let now = environment.nowSeconds
        let notBefore = request.notBefore ?? now
        guard (0...(now + 3650 * 86400)).contains(notBefore) else {
            throw APIError.badRequest("notBefore must be seconds since 1970, at most 10 years ahead.")
        }
        let expiresAt = notBefore + Int64(validDays) * 86400
        let id = RandomID.make(prefix: "lic")
        let claims = LicenseClaims(
            sub: customer.id, jti: id, aud: request.bundleIds, prod: request.product, plat: platforms,
            feat: features, iat: Self.date(now), nbf: Self.date(notBefore), exp: Self.date(expiresAt),
            maxSdk: maxSdk, online: request.online
        )
        let signed = try environment.signingKeys.sign(claims, typ: LicenseClaims.tokenType)
        let record = LicenseRecord(
            id: id, customerID: customer.id, product: request.product, bundleIDs: request.bundleIds,
            platforms: platforms, features: features, issuedAt: now, notBefore: notBefore, expiresAt: expiresAt,
            maxSdk: maxSdk, status: .active, signingKeyID: signed.kid,
            tokenSHA256: FBxAPIKey.sha256Hex(of: signed.token)
        )
        try await environment.store.insertLicense(record)
        return (record, signed.token)
    }

    // MARK: Input checks

    private static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// Letters, digits, `-`, `_` (and the `extra` characters), with a length in `length`.
    package static func isToken(_ text: String, length: ClosedRange<Int>, extra: String = "") -> Bool {
        let extraBytes = Array(extra.utf8)
        return length.contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || extraBytes.contains(byte)
            }
    }

    /// No control characters, with a UTF-8 length in `length`.
    package static func isPrintable(_ text: String, length: ClosedRange<Int>) -> Bool {
        length.contains(text.utf8.count)
            && text.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControlOrFormat }
            && text.trimmingCharacters(in: .whitespaces) == text
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

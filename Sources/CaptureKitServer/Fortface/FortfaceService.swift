import CaptureCore
import Crypto
import FortfaceWire
package import Foundation
import Logging
import NIOPosix
import _CryptoExtras

/// The Fortface API's logic: handshakes, document submissions and metric submissions, each for an
/// authenticated customer. Every refusal is a ``FortfaceError``; a refusal changes nothing, except
/// that an expired session found on the way is shredded.
package struct FortfaceService: Sendable {
    /// The API version answered in `api.version`.
    package static let apiVersion = "v1"
    /// Largest decoded image accepted, in pixels (a decompression bomb fails as `fileCorrupted`).
    package static let maximumImagePixels = 40_000_000

    let environment: ServerEnvironment

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    private var fortface: FortfaceEnvironment { environment.fortface }
    private var store: any CaptureStore { environment.store }

    // MARK: Authentication

    /// The active customer owning the API key in `authorization` (`Bearer <key>`); rate-limited per key.
    package func authenticate(authorization: String?) async throws -> CustomerRecord {
        let prefix = "bearer "
        guard let header = authorization, header.count > prefix.count,
            header.prefix(prefix.count).lowercased() == prefix,
            let key = try? FBxAPIKey(parsing: header.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
        else { throw FortfaceError.unauthorized }
        try environment.keyLimiter.enforce("fortface:" + key.sha256Hex)
        guard let customer = try await store.activeCustomer(apiKeyHash: key.sha256Hex) else {
            throw FortfaceError.unauthorized
        }
        return customer
    }

    // MARK: Handshake

    /// Takes one handshake from the customer's quota, verifies the device token (`notes/security.md`
    /// §3.1 order), applies the customer's policy,
    /// consumes the token's `jti` and opens a session with a single-use key from the pool.
    package func handshake(customer: CustomerRecord, deviceRequestInfo: String) async throws -> HandshakeResponse {
        // Each customer's fair share of the pool: a flood exhausts its own quota, not the others' keys.
        if case let .limited(seconds) = environment.handshakeQuota.consume(customer.id) {
            throw FortfaceError.handshakeQuotaExceeded(retryAfterSeconds: seconds)
        }
        let now = environment.now()
        let claims: DeviceTokenClaims
        do {
            claims = try fortface.verifier.verify(deviceRequestInfo, now: now)
        } catch {
            throw FortfaceError.deviceToken(error)
        }
        guard let app = try await store.fortfaceApp(customerID: customer.id, appID: claims.app) else {
            throw FortfaceError.deviceToken(.appNotRegistered)
        }
        guard claims.env == app.environment.rawValue else { throw FortfaceError.deviceToken(.environmentMismatch) }
        if app.environment == .production, claims.dbg { throw FortfaceError.deviceToken(.debugInProduction) }
        // Risk policy (security.md §3.1 step 9): production refuses a device whose own checks failed;
        // a sandbox accepts it, as the SDK's debug mode does.
        if app.environment == .production, !claims.sig.isSuitable {
            throw FortfaceError.deviceToken(.unsuitableDevice)
        }

        let sessionID = Self.makeSessionID()
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let expiresAt = nowSeconds + Int64(environment.configuration.fortfaceSessionSeconds)
        // The key comes from the shared pool inside the opening transaction (the store fills them in).
        let record = FortfaceSessionRecord(
            id: sessionID, customerID: customer.id, deviceKid: DeviceCredentials.kidFromToken(deviceRequestInfo),
            driJti: claims.jti, appID: claims.app, state: .open, createdAt: nowSeconds, expiresAt: expiresAt,
            publicKeyPEM: "", sealedPrivateKey: nil
        )
        let kek = fortface.kek
        let pool = fortface.keyPool
        let opening = try await store.openFortfaceSession(
            record, jtiExpiresAt: claims.exp + 120, now: nowSeconds, keysCreatedAfter: pool.freshnessCutoff(at: now)
        ) { key in
            let privateKeyDER = try kek.open(key.sealedPrivateKey, context: PooledSessionKey.sealingContext(id: key.id))
            return try kek.seal(privateKeyDER, context: sessionID)
        }
        pool.wake()
        switch opening {
        case let .opened(publicKeyPEM):
            return HandshakeResponse(sessionId: sessionID, sessionKey: publicKeyPEM, expiresAt: expiresAt)
        case .replayed:
            throw FortfaceError.deviceToken(.replayed)
        case .noSessionKey:
            throw FortfaceError.sessionKeysExhausted(retryAfterSeconds: 1)
        }
    }

    /// 128 random bits, base64url.
    static func makeSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    // MARK: Documents

    /// Opens a capture payload, checks the side against the document, classifies the image and
    /// consumes the session; the same payload again gets the same answer.
    /// - Returns: The JSON answer (stored byte for byte for resubmissions).
    package func submitDocument(customer: CustomerRecord, request: SubmissionRequest) async throws -> Data {
        let payload = request.payload
        let digest = payload.digest
        let session = try await openSession(id: request.sessionId, customer: customer)
        if let stored = try resubmission(of: session, digest: digest) { return stored }
        let opened = try await open(payload, session: session)
        let metadata = opened.metadata
        guard metadata.status == .success, let image = opened.image else {
            throw FortfaceError.wrongRoute(status: metadata.status.rawValue)
        }

        var document: FortfaceDocumentRecord?
        switch (metadata.side ?? .front, request.documentId) {
        case (.front, nil):
            break
        case (.front, .some):
            throw FortfaceError.documentIdOnFirstSide
        case (.back, nil):
            throw FortfaceError.frontSideRequired
        case (.back, .some(let id)):
            guard let found = try await store.fortfaceDocument(id: id), found.customerID == customer.id else {
                throw FortfaceError.documentNotFound
            }
            guard found.backSessionID == nil else { throw FortfaceError.documentAlreadyComplete }
            guard metadata.expectedType == found.documentType else { throw FortfaceError.documentTypeMismatch }
            document = found
        }

        guard fortface.classifier != nil else { throw FortfaceError.classifierUnavailable }
        let classification = try await classify(image)
        if let document, let first = DocumentTypeName(rawValue: document.documentType),
            !first.accepts(secondSide: classification.type)
        {
            throw FortfaceError.documentTypeMismatch
        }

        let now = environment.now()
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let documentID = document?.id ?? RandomID.make(prefix: "doc")
        let answer = DocumentAnswer(
            api: .init(timestamp: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)), version: Self.apiVersion),
            documentId: documentID,
            handshake: .init(sessionId: session.id, sessionKey: session.publicKeyPEM),
            message: Self.message(for: classification.type),
            providers: .init(
                fortfaceSdk: .init(
                    automatic: metadata.mode == .camera, confidence: (classification.confidence * 100).rounded() / 100,
                    type: classification.type.rawValue
                ),
                identify: .init(status: "PENDING", type: nil), ocr: .init(status: "PENDING", type: "ocr")
            ),
            sdk: .init(brand: metadata.device.brand, model: metadata.device.model, platform: metadata.device.platform),
            title: ""
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let result = try encoder.encode(answer)

        let retention = environment.configuration.fortfaceImageRetentionSeconds
        let change: FortfaceConsumption.DocumentChange =
            document.map { .complete(id: $0.id) }
            ?? .create(
                FortfaceDocumentRecord(
                    id: documentID, customerID: customer.id, documentType: classification.type.rawValue,
                    frontSessionID: session.id, backSessionID: nil, createdAt: nowSeconds
                )
            )
        let consumption = FortfaceConsumption(
            sessionID: session.id, payloadDigest: digest, outcome: "capture", result: result, document: change,
            sealedImage: retention > 0 ? try fortface.kek.seal(image, context: "fortface/v1/image/" + session.id) : nil,
            imageExpiresAt: retention > 0 ? nowSeconds + Int64(retention) : nil
        )
        return try await consume(consumption, now: nowSeconds)
    }

    // MARK: Metrics

    /// Opens a cancel, timeout or error payload and consumes the session with it.
    package func submitMetric(customer: CustomerRecord, request: SubmissionRequest) async throws -> Data {
        let payload = request.payload
        let digest = payload.digest
        let session = try await openSession(id: request.sessionId, customer: customer)
        if let stored = try resubmission(of: session, digest: digest) { return stored }
        let opened = try await open(payload, session: session)
        let status = opened.metadata.status
        guard status != .success, request.documentId == nil else {
            throw FortfaceError.wrongRoute(status: status.rawValue)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let result = try encoder.encode(MetricResponse(sessionId: session.id, status: status.rawValue, recorded: true))
        let outcome =
            switch status {
            case .cancelled: "cancel"
            case .timeout: "timeout"
            case .error, .success: "error"
            }
        let consumption = FortfaceConsumption(
            sessionID: session.id, payloadDigest: digest, outcome: outcome, result: result, document: .none
        )
        return try await consume(consumption, now: environment.nowSeconds)
    }

    // MARK: Steps

    /// The customer's session; an expired one is shredded on the way and refused.
    private func openSession(id: String, customer: CustomerRecord) async throws -> FortfaceSessionRecord {
        guard id.utf8.count <= 64, let session = try await store.fortfaceSession(id: id),
            session.customerID == customer.id
        else {
            throw FortfaceError.sessionNotFound
        }
        if session.state == .open, session.expiresAt <= environment.nowSeconds {
            _ = try await store.expireFortfaceSession(id: id, now: environment.nowSeconds)
            throw FortfaceError.sessionExpired
        }
        return session
    }

    /// For a session no longer open: the stored answer for the same payload, or the refusal.
    private func resubmission(of session: FortfaceSessionRecord, digest: String) throws -> Data? {
        switch session.state {
        case .open:
            return nil
        case .expired:
            throw FortfaceError.sessionExpired
        case .consumed:
            guard session.payloadDigest == digest, let result = session.result else {
                throw FortfaceError.sessionKeyAlreadyUsed
            }
            return result
        }
    }

    private func open(_ payload: SealedPayload, session: FortfaceSessionRecord) async throws -> OpenedPayload {
        guard let sealed = session.sealedPrivateKey,
            let der = try? fortface.kek.open(sealed, context: session.id),
            let privateKey = try? _RSA.Encryption.PrivateKey(derRepresentation: der)
        else {
            environment.logger.error("fortface session key unreadable", metadata: ["session": "\(session.id)"])
            throw APIError.internalError
        }
        do {
            return try PayloadOpener.open(payload, sessionId: session.id, privateKey: privateKey)
        } catch {
            throw FortfaceError.payload(error)
        }
    }

    /// Consumes the session; when another submission won the race, answers as a resubmission would.
    private func consume(_ consumption: FortfaceConsumption, now: Int64) async throws -> Data {
        switch try await store.consumeFortfaceSession(consumption, now: now) {
        case .consumed:
            environment.metrics.recordSessionFinished(outcome: consumption.outcome)
            return consumption.result
        case .documentAlreadyComplete:
            throw FortfaceError.documentAlreadyComplete
        case .sessionNotOpen:
            guard let session = try await store.fortfaceSession(id: consumption.sessionID) else {
                throw FortfaceError.sessionNotFound
            }
            if session.state == .open {
                _ = try await store.expireFortfaceSession(id: session.id, now: now)
                throw FortfaceError.sessionExpired
            }
            guard let stored = try resubmission(of: session, digest: consumption.payloadDigest) else {
                throw FortfaceError.sessionExpired
            }
            return stored
        }
    }

    /// Decodes the image (JPEG or PNG, bounded) and classifies it on the classification threads (see
    /// ``FortfaceEnvironment/classificationThreads``); a structurally sound PDF is answered UNDEFINED
    /// (the engine reads images only).
    private func classify(_ image: Data) async throws -> DocumentClassificationAnswer {
        let service = self
        do {
            return try await fortface.classificationThreads.runIfActive { try service.classifyBlocking(image) }
        } catch is NIOThreadPoolError.ThreadPoolInactive {
            throw FortfaceError.classifierUnavailable
        }
    }

    private func classifyBlocking(_ image: Data) throws -> DocumentClassificationAnswer {
        if image.starts(with: Array("%PDF-".utf8)) {
            guard image.suffix(1024).range(of: Data("%%EOF".utf8)) != nil else { throw FortfaceError.fileCorrupted }
            return DocumentClassificationAnswer(type: .undefined, confidence: 0)
        }
        let decoded: RGBAImage
        do {
            decoded = try ImageCodec.decode(image, maxPixels: Self.maximumImagePixels)
        } catch {
            throw FortfaceError.fileCorrupted
        }
        guard let classifier = fortface.classifier else { throw FortfaceError.classifierUnavailable }
        return try classifier.classify(decoded)
    }

    private static func message(for type: DocumentTypeName) -> String {
        switch type {
        case .documentNotFound: return "No document was found in the image."
        case .undefined: return "The document type could not be determined."
        default: return ""
        }
    }
}

extension DeviceCredentials {
    /// The `kid` of a device token's header (already verified), or an empty string.
    static func kidFromToken(_ token: String) -> String {
        guard let first = token.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1).first,
            let bytes = Base64URL.decode(first),
            let header = try? JSONDecoder().decode(DeviceToken.Header.self, from: Data(bytes))
        else { return "" }
        return header.kid
    }
}

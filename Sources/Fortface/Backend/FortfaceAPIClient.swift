package import CaptureCore
import Crypto
package import FortfaceWire
package import Foundation

/// What an app's backend sends to the Fortface API (`docs/fortface.md`): device provisioning (admin),
/// the handshake, documents and metrics (customer API key). Not part of the SDK's public surface:
/// `capkit capture` and the end-to-end tests play the app's backend with it.
package struct FortfaceAPIClient: Sendable {
    /// The API's base URL (`http://127.0.0.1:8080`).
    package var baseURL: URL { client.baseURL }
    private let client: SDKHTTPClient

    package init(baseURL: URL) {
        client = SDKHTTPClient(baseURL: baseURL, timeout: 60)
    }

    /// An answer: the HTTP status, the body as received, and `Retry-After`.
    package typealias Answer = SDKHTTPClient.Answer

    /// `POST /v1/handshake`'s answer.
    package struct Handshake: Decodable, Sendable, Equatable {
        package var sessionId: String
        package var sessionKey: String
        package var expiresAt: Int64
    }

    /// The fields of `POST /v1/documents`' answer the flow uses (the guide's JSON plus `documentId`).
    package struct DocumentAnswer: Decodable, Sendable, Equatable {
        package struct Providers: Decodable, Sendable, Equatable {
            package struct FortfaceSDK: Decodable, Sendable, Equatable {
                package var automatic: Bool
                package var confidence: Double
                package var type: String
            }
            package var fortfaceSdk: FortfaceSDK
        }
        package var documentId: String
        package var providers: Providers
    }

    /// Why a call failed before the API answered, or what it answered instead of success.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The server could not be reached.
        case unreachable(String)
        /// The API refused: status, its error code, and its body as received.
        case refused(status: Int, code: String?, body: Data)
        /// The API's success answer is not the expected JSON.
        case unexpectedAnswer(status: Int)

        package var description: String {
            switch self {
            case let .unreachable(why): return "The Fortface API cannot be reached (\(why)). Is the server running?"
            case let .refused(status, code, body):
                return
                    "The Fortface API refused (\(status) \(code ?? "")): \(String(decoding: body.prefix(500), as: UTF8.self))"
            case let .unexpectedAnswer(status): return "The Fortface API answered \(status) with unexpected JSON."
            }
        }
    }

    /// Provisions a device: the device CA certifies `publicKey` for `app` (`POST /v1/admin/devices`).
    package func provisionDevice(adminToken: String, app: String) async throws(Failure) -> DeviceCredentials {
        struct Body: Encodable { var publicKey: String; var app: String }
        struct Reply: Decodable { var certificate: String }
        let key = P256.Signing.PrivateKey()
        let answer = try await post(
            "v1/admin/devices", bearer: adminToken,
            body: Body(publicKey: key.publicKey.pemRepresentation, app: app))
        guard answer.status == 201 else {
            throw .refused(status: answer.status, code: answer.errorCode, body: answer.body)
        }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: answer.body) else {
            throw .unexpectedAnswer(status: answer.status)
        }
        return DeviceCredentials(signingKey: key, certificate: reply.certificate)
    }

    /// Handshake attempts while the API's session key pool is empty (503 with `Retry-After`).
    package static let handshakeAttempts = 15

    /// `POST /v1/handshake` with the device token. A `503 sessionKeysExhausted` (the key pool is
    /// refilling; the API has not touched the token) is retried after its `Retry-After` (at most
    /// 5 s each), up to ``handshakeAttempts`` times.
    package func handshake(apiKey: String, deviceRequestInfo: String) async throws(Failure) -> Handshake {
        struct Body: Encodable { var deviceRequestInfo: String }
        var answer = try await post("v1/handshake", bearer: apiKey, body: Body(deviceRequestInfo: deviceRequestInfo))
        var attempts = 1
        while answer.status == 503, answer.errorCode == "sessionKeysExhausted", attempts < Self.handshakeAttempts {
            let seconds = min(5, max(1, answer.retryAfterSeconds ?? 1))
            do {
                try await Task.sleep(for: .seconds(seconds))
            } catch {
                break
            }
            answer = try await post("v1/handshake", bearer: apiKey, body: Body(deviceRequestInfo: deviceRequestInfo))
            attempts += 1
        }
        guard (200..<300).contains(answer.status) else {
            throw .refused(status: answer.status, code: answer.errorCode, body: answer.body)
        }
        guard let handshake = try? JSONDecoder().decode(Handshake.self, from: answer.body) else {
            throw .unexpectedAnswer(status: answer.status)
        }
        return handshake
    }

    /// Sends the SDK's `{key, data, imgData}` (flattened with the session id, and the first side's
    /// `documentId` for a second side) to `/v1/documents` (capture) or `/v1/metrics` (cancel, timeout).
    package func submit(
        apiKey: String, sessionId: String, sdkData: Data, documentId: String?,
        toMetrics: Bool
    ) async throws(Failure) -> Answer {
        struct Body: Encodable {
            var sessionId: String
            var key: String
            var data: String
            var imgData: String?
            var documentId: String?
        }
        guard let payload = try? JSONDecoder().decode(SealedPayload.self, from: sdkData) else {
            throw .unexpectedAnswer(status: 0)
        }
        return try await post(
            toMetrics ? "v1/metrics" : "v1/documents", bearer: apiKey,
            body: Body(
                sessionId: sessionId, key: payload.key, data: payload.data, imgData: payload.imgData,
                documentId: documentId))
    }

    private func post(_ path: String, bearer: String, body: some Encodable) async throws(Failure) -> Answer {
        do throws(SDKHTTPClient.TransportFailure) {
            return try await client.send(
                "POST", "/" + path, encoding: body, headers: ["Authorization": "Bearer \(bearer)"])
        } catch {
            switch error {
            case .unreachable: throw .unreachable("no answer from \(client.baseURL.absoluteString)")
            case .invalidResponse: throw .unexpectedAnswer(status: 0)
            }
        }
    }
}

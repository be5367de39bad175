package import FortfaceWire

/// The body of `POST /v1/handshake`.
package struct HandshakeRequest: Codable, Sendable, Equatable {
    package var deviceRequestInfo: String

    package init(deviceRequestInfo: String) {
        self.deviceRequestInfo = deviceRequestInfo
    }

    package init(from decoder: any Decoder) throws {
        try StrictKeys.require(only: ["deviceRequestInfo"], in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceRequestInfo = try container.decode(String.self, forKey: .deviceRequestInfo)
    }
}

/// The answer to `POST /v1/handshake`.
package struct HandshakeResponse: Codable, Sendable, Equatable {
    /// 128 random bits, base64url (22 characters).
    package var sessionId: String
    /// The single-use RSA public key, SPKI PEM: pass it to the SDK exactly as received.
    package var sessionKey: String
    /// When the session expires, seconds since 1970.
    package var expiresAt: Int64
}

/// The body of `POST /v1/documents` and `POST /v1/metrics`: the session and the SDK's `{key, data, imgData}`
/// (flattened), and for a second side the first side's `documentId`. Unknown fields are refused.
package struct SubmissionRequest: Codable, Sendable, Equatable {
    package var sessionId: String
    package var key: String
    package var data: String
    package var imgData: String?
    package var documentId: String?

    package init(sessionId: String, payload: SealedPayload, documentId: String? = nil) {
        self.sessionId = sessionId
        self.key = payload.key
        self.data = payload.data
        self.imgData = payload.imgData
        self.documentId = documentId
    }

    package init(from decoder: any Decoder) throws {
        try StrictKeys.require(only: ["sessionId", "key", "data", "imgData", "documentId"], in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionId = try container.decode(String.self, forKey: .sessionId)
        key = try container.decode(String.self, forKey: .key)
        data = try container.decode(String.self, forKey: .data)
        // `imgData: null` (as some JSON libraries write an absent image) means no image.
        imgData = try container.decodeIfPresent(String.self, forKey: .imgData)
        documentId = try container.decodeIfPresent(String.self, forKey: .documentId)
    }

    /// The SDK's payload.
    package var payload: SealedPayload { SealedPayload(key: key, data: data, imgData: imgData) }
}

/// The answer to `POST /v1/metrics`.
package struct MetricResponse: Codable, Sendable, Equatable {
    package var sessionId: String
    /// `cancelled`, `timeout` or `error`.
    package var status: String
    package var recorded: Bool
}

/// Refuses JSON objects with keys outside an allow-list (extra fields are a sign of a downgrade or
/// confusion attempt: `alg`, `enc`, `zip`, ...).
package enum StrictKeys {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws a `DecodingError` when the object has a key not in `allowed`.
    package static func require(only allowed: Set<String>, in decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "unexpected field"
            )
        }
    }
}

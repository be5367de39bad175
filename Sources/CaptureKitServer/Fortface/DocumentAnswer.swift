/// The answer to a document submission, in the guide's JSON shape (api, handshake, message,
/// providers.fortfaceSdk / identify / ocr, sdk, title), plus `documentId` for the second side.
package struct DocumentAnswer: Codable, Sendable, Equatable {
    /// `api`: when and which API version answered.
    package struct API: Codable, Sendable, Equatable {
        /// Milliseconds since 1970.
        package var timestamp: Int64
        package var version: String
    }

    /// `handshake`: the session the payload consumed.
    package struct Handshake: Codable, Sendable, Equatable {
        package var sessionId: String
        package var sessionKey: String
    }

    /// `providers`.
    package struct Providers: Codable, Sendable, Equatable {
        /// `fortfaceSdk`: the classification.
        package struct FortfaceSDK: Codable, Sendable, Equatable {
            /// Whether the image was captured automatically by the camera (false for uploads).
            package var automatic: Bool
            package var confidence: Double
            /// A `DocumentTypeEnum` raw name: the second side passes it as `previousDocType`.
            package var type: String
        }

        /// A downstream provider's status.
        package struct Status: Codable, Sendable, Equatable {
            package var status: String
            package var type: String?
        }

        package var fortfaceSdk: FortfaceSDK
        package var identify: Status
        package var ocr: Status
    }

    /// `sdk`: the capturing device.
    package struct SDK: Codable, Sendable, Equatable {
        package var brand: String
        package var model: String
        package var platform: String
    }

    package var api: API
    package var documentId: String
    package var handshake: Handshake
    package var message: String
    package var providers: Providers
    package var sdk: SDK
    package var title: String
}

/// The plaintext of a payload's `data` field: what happened in the SDK, for which session, and what
/// binds the image to it (`notes/security.md` §3.3).
package struct PayloadMetadata: Codable, Sendable, Equatable {
    /// The format version this module writes and accepts.
    package static let currentVersion = 1

    /// How the capture session ended.
    package enum Status: String, Codable, Sendable, Equatable {
        case success, cancelled, timeout, error
    }

    /// The side of the document captured.
    package enum Side: String, Codable, Sendable, Equatable {
        case front, back
    }

    /// How the image was obtained.
    package enum Mode: String, Codable, Sendable, Equatable {
        case camera, upload
    }

    /// The device that captured (the guide's `sdk` object of the API answer).
    package struct Device: Codable, Sendable, Equatable {
        package var brand: String
        package var model: String
        package var platform: String

        package init(brand: String, model: String, platform: String) {
            self.brand = brand
            self.model = model
            self.platform = platform
        }
    }

    /// Where the device was, when the app enabled geolocation.
    package struct Location: Codable, Sendable, Equatable {
        package var latitude: Double
        package var longitude: Double
        /// Horizontal accuracy in metres.
        package var accuracy: Double

        package init(latitude: Double, longitude: Double, accuracy: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.accuracy = accuracy
        }
    }

    /// Capture timings, milliseconds since 1970.
    package struct Timings: Codable, Sendable, Equatable {
        /// When the capture session started.
        package var startedAt: Int64
        /// When the image was captured or picked (nil on cancel and timeout).
        package var capturedAt: Int64?

        package init(startedAt: Int64, capturedAt: Int64?) {
            self.startedAt = startedAt
            self.capturedAt = capturedAt
        }
    }

    /// Format version (1).
    package var v: Int
    /// The session the payload belongs to (also bound in the AAD).
    package var sessionId: String
    /// How the session ended.
    package var status: Status
    /// The side captured (nil when nothing was captured).
    package var side: Side?
    /// The type the SDK recognised, a `DocumentTypeEnum` raw name.
    package var documentType: String?
    /// The type expected for this side (the previous side's type), a `DocumentTypeEnum` raw name.
    package var expectedType: String?
    /// Camera or upload.
    package var mode: Mode
    /// Lower-case hex SHA-256 of the image bytes (set by ``PayloadSealer``).
    package var imgSha256: String?
    /// Image size in bytes (set by ``PayloadSealer``).
    package var imgBytes: Int?
    /// The image's MIME type (`image/jpeg`, `image/png`, `application/pdf`).
    package var mime: String?
    /// The SDK version.
    package var sdk: String
    /// The capturing device.
    package var device: Device
    /// The device location, when enabled.
    package var location: Location?
    /// Capture timings.
    package var timings: Timings
    /// How many capture attempts were made.
    package var attempts: Int

    package init(
        v: Int = PayloadMetadata.currentVersion, sessionId: String, status: Status, side: Side?,
        documentType: String?, expectedType: String?, mode: Mode, imgSha256: String? = nil, imgBytes: Int? = nil,
        mime: String?, sdk: String, device: Device, location: Location?, timings: Timings, attempts: Int
    ) {
        self.v = v
        self.sessionId = sessionId
        self.status = status
        self.side = side
        self.documentType = documentType
        self.expectedType = expectedType
        self.mode = mode
        self.imgSha256 = imgSha256
        self.imgBytes = imgBytes
        self.mime = mime
        self.sdk = sdk
        self.device = device
        self.location = location
        self.timings = timings
        self.attempts = attempts
    }
}

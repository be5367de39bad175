import CaptureCore

/// Failures thrown by ``FBxManager`` and published on ``FBxManager/errors``. Messages say what
/// happened and what to do; they never contain the API key, tokens or images.
public enum FBxError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    // Configuration
    /// No successful configuration yet: call `configure(_:)` first.
    case configurationNotSet
    /// Configuration failed for a reason other than the key or the network (the server's answer
    /// could not be trusted or understood, or the server failed).
    case configurationFailed
    /// The API key is valid but no active licence covers this application.
    case licenseForAPIKeyNotFound
    /// The API key is well formed but unknown to the server.
    case apiKeyNotFound
    /// The API key is malformed, revoked or suspended.
    case invalidAPIKey
    /// The server cannot be reached and no cached licence answer is within its grace period.
    case noInternetConnection
    /// The licence answer is signed with CaptureKit's development key and the configuration did not
    /// opt in (``FBxConfiguration/allowsDevelopmentLicenses``). Not in the guide: CaptureKit's own.
    case developmentLicenseNotAllowed
    // Lifecycle / ordering
    /// The call is not allowed in the current state; the text says which state is needed.
    case invalidState(String)
    // Frame loading
    /// The catalog has no frame with this SKU.
    case frameNotFound(String)
    // Camera
    /// The user denied camera access.
    case cameraPermissionDenied
    /// Camera access is restricted by policy (device administration, read-only device).
    case cameraPermissionRestricted
    /// Camera access has not been granted (not asked yet, or no camera to ask for).
    case cameraPermissionNotGiven
    // Generic
    /// Something inside the SDK failed; the text says what.
    case internalError(String)

    public var description: String {
        switch self {
        case .configurationNotSet:
            return "The SDK is not configured: call configure(_:) and wait for it to succeed first."
        case .configurationFailed:
            return "Configuration failed: the licence server's answer could not be verified or the server failed; "
                + "retry later or check the server URL."
        case .licenseForAPIKeyNotFound:
            return "No active FBx licence covers this API key and application; check the licence in the vendor console."
        case .apiKeyNotFound:
            return "The licence server does not know this API key; copy the key again from the vendor console."
        case .invalidAPIKey:
            return "The API key is malformed, revoked or suspended; use a current key from the vendor console."
        case .noInternetConnection:
            return "The licence server cannot be reached and no recent licence answer is cached; connect and retry."
        case .developmentLicenseNotAllowed:
            return LicenseError.developmentLicenseMessage
        case let .invalidState(reason):
            return "Not allowed now: \(reason)"
        case let .frameNotFound(sku):
            return "The catalog has no frame \(sku); check the SKU."
        case .cameraPermissionDenied:
            return "Camera access was denied; ask the user to allow it, then call start() again."
        case .cameraPermissionRestricted:
            return "Camera access is restricted on this device; the session cannot start."
        case .cameraPermissionNotGiven:
            return "Camera access has not been granted (or there is no camera); request it before start()."
        case let .internalError(reason):
            return "Internal error: \(reason)"
        }
    }
}

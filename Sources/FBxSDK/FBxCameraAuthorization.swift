/// The camera authorisation an application has obtained, as `start()` sees it.
package enum FBxCameraAuthorization: Sendable, Equatable, CaseIterable {
    case authorized
    case denied
    case restricted
    case notDetermined

    /// The guide's error for a missing authorisation, nil when authorised.
    package var error: FBxError? {
        switch self {
        case .authorized: return nil
        case .denied: return .cameraPermissionDenied
        case .restricted: return .cameraPermissionRestricted
        case .notDetermined: return .cameraPermissionNotGiven
        }
    }
}

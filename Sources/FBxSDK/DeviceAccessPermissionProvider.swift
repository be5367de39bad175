#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linux: camera permission is read access to the video device (`/dev/videoN`, group `video`), or
/// to the video or image file standing in for a camera.
///
/// Missing device → ``FBxCameraAuthorization/notDetermined``; `EACCES` → denied; `EPERM` or
/// `EROFS` → restricted.
package struct DeviceAccessPermissionProvider: FBxCameraPermissionProvider {
    /// The device or file checked.
    package let path: String

    package init(path: String) {
        self.path = path
    }

    package func authorization() -> FBxCameraAuthorization {
        guard access(path, F_OK) == 0 else { return .notDetermined }
        if access(path, R_OK) == 0 { return .authorized }
        switch errno {
        case EACCES: return .denied
        case EPERM, EROFS: return .restricted
        default: return .notDetermined
        }
    }
}

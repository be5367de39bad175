/// Tells `start()` whether the camera may be used. Camera permission is the application's concern
/// (the guide, §3): the provider only reports it.
package protocol FBxCameraPermissionProvider: Sendable {
    func authorization() -> FBxCameraAuthorization
}

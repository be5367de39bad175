import Foundation

/// Where the head is and which way it faces, in the camera's space (millimetres).
///
/// `rotation` maps head axes (see ``GenericFaceModel``) to camera axes, and `translation` is where
/// the head's origin (between the inner eye corners) sits. The angles decompose
/// `rotation = Rz(roll) · Ry(yaw) · Rx(pitch)`:
/// - `yaw` > 0: the nose turns toward the image's left;
/// - `pitch` > 0: the nose turns down;
/// - `roll` > 0: the head tilts clockwise on screen (the eye line's angle in image axes).
package struct HeadPose: Sendable, Equatable {
    package var rotation: Rotation3
    package var translation: Vector3
    /// Root-mean-square distance, in pixels, between the model's projected points and the landmarks.
    package var reprojectionError: Double

    package init(rotation: Rotation3, translation: Vector3, reprojectionError: Double) {
        self.rotation = rotation
        self.translation = translation
        self.reprojectionError = reprojectionError
    }

    /// Radians (see the type's description for signs).
    package var yaw: Double { asin(min(1, max(-1, -rotation.m[6]))) }
    package var pitch: Double { atan2(rotation.m[7], rotation.m[8]) }
    package var roll: Double { atan2(rotation.m[3], rotation.m[0]) }

    /// A head-space point in camera space.
    package func cameraPoint(_ head: Vector3) -> Vector3 { rotation.apply(head) + translation }
}

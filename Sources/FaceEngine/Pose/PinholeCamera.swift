package import CaptureCore
import Foundation

/// A pinhole camera without lens distortion: camera axes x right, y down, z forward (into the
/// scene); a point (X, Y, Z) projects to (cx + f·X/Z, cy + f·Y/Z) pixels.
package struct PinholeCamera: Sendable, Equatable {
    /// Focal length in pixels (the same for both axes: square pixels).
    package var focalLength: Double
    /// Principal point in pixels.
    package var principalPoint: Point2D

    package init(focalLength: Double, principalPoint: Point2D) {
        self.focalLength = focalLength
        self.principalPoint = principalPoint
    }

    /// The assumed camera when the real one is unknown: principal point at the image centre and
    /// a horizontal field of view of `horizontalFieldOfView` degrees (default 60°, typical of a
    /// phone's front camera and a laptop webcam), so `f = width / (2·tan(fov/2))` — 1109 px for a
    /// 1280-pixel-wide frame. Rotation and image-space placement barely depend on this guess;
    /// the estimated distance to the face scales with it.
    package static func assumed(width: Int, height: Int, horizontalFieldOfView: Double = 60) -> PinholeCamera {
        let f = Double(width) / (2 * tan(horizontalFieldOfView * Double.pi / 360))
        let centre = Point2D(x: Double(width - 1) / 2, y: Double(height - 1) / 2)
        return PinholeCamera(focalLength: f, principalPoint: centre)
    }

    /// The pixel a camera-space point projects to (nil behind the camera).
    package func project(_ p: Vector3) -> Point2D? {
        guard p.z > 1e-6 else { return nil }
        return Point2D(x: principalPoint.x + focalLength * p.x / p.z, y: principalPoint.y + focalLength * p.y / p.z)
    }
}

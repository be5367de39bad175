package import CaptureCore
import Foundation

/// The 68 facial landmarks of the iBUG 300-W layout, in image pixels.
///
/// Index ranges (as dlib and 300-W number them): jaw 0–16, eyebrows 17–26, nose 27–35, the eye on
/// the image's left 36–41 (the subject's right eye in an unmirrored image), the eye on the image's
/// right 42–47, mouth 48–67. A ``LandmarkBackend`` other than dlib must return the same layout.
package struct FaceLandmarks: Sendable, Equatable {
    /// Number of points in the layout.
    package static let count = 68

    /// Named indices of the points the engine uses.
    package enum Index {
        /// Outer corner of the eye on the image's left.
        package static let imageLeftEyeOuterCorner = 36
        /// Inner corner of the eye on the image's left.
        package static let imageLeftEyeInnerCorner = 39
        /// Inner corner of the eye on the image's right.
        package static let imageRightEyeInnerCorner = 42
        /// Outer corner of the eye on the image's right.
        package static let imageRightEyeOuterCorner = 45
        /// The four eye corners (outer left, inner left, inner right, outer right).
        package static let eyeCorners = [36, 39, 42, 45]
        /// The six points of the eye on the image's left.
        package static let imageLeftEye = Array(36...41)
        /// The six points of the eye on the image's right.
        package static let imageRightEye = Array(42...47)
        /// Everything but the jaw line (brows, nose, eyes, mouth): the points that stay reliable
        /// when the head turns.
        package static let inner = Array(17...67)
    }

    /// The points, `count` of them, in layout order.
    package var points: [Point2D]

    /// Wraps 68 points; nil when the count is wrong or a coordinate is not finite.
    package init?(points: [Point2D]) {
        guard points.count == Self.count, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        self.points = points
    }

    package subscript(index: Int) -> Point2D { points[index] }

    /// Mean of the six points of the eye on the image's left.
    package var imageLeftEyeCentre: Point2D { Self.mean(of: Index.imageLeftEye, in: points) }
    /// Mean of the six points of the eye on the image's right.
    package var imageRightEyeCentre: Point2D { Self.mean(of: Index.imageRightEye, in: points) }

    /// Distance between the two outer eye corners (36–45), the 300-W normalising distance.
    package var outerEyeCornerDistance: Double {
        points[Index.imageLeftEyeOuterCorner].distance(to: points[Index.imageRightEyeOuterCorner])
    }

    /// Distance between the two eye centres: the pupillary distance in pixels, near enough.
    package var eyeCentreDistance: Double { imageLeftEyeCentre.distance(to: imageRightEyeCentre) }

    /// Angle of the line from the image-left eye centre to the image-right one, in radians
    /// (image axes: x right, y down, so a positive angle is a clockwise tilt on screen).
    package var eyeLineAngle: Double {
        let d = imageRightEyeCentre - imageLeftEyeCentre
        return atan2(d.y, d.x)
    }

    /// The landmarks with `transform` applied to each point.
    package func mapped(_ transform: (Point2D) -> Point2D) -> FaceLandmarks {
        var copy = self
        copy.points = points.map(transform)
        return copy
    }

    /// The smallest box holding every point.
    package var boundingBox: FaceBox {
        var box = FaceBox(left: .infinity, top: .infinity, right: -.infinity, bottom: -.infinity)
        for p in points {
            box.left = min(box.left, p.x)
            box.top = min(box.top, p.y)
            box.right = max(box.right, p.x)
            box.bottom = max(box.bottom, p.y)
        }
        return box
    }

    static func mean(of indices: [Int], in points: [Point2D]) -> Point2D {
        var x = 0.0, y = 0.0
        for i in indices {
            x += points[i].x
            y += points[i].y
        }
        return Point2D(x: x / Double(indices.count), y: y / Double(indices.count))
    }
}

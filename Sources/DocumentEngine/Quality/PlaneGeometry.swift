import CaptureCore
import Foundation

/// What the four corners of a rectangle seen in perspective tell about it: its true aspect ratio
/// and how steeply the camera looks at it.
///
/// The camera is modelled as a pinhole centred on the frame with a focal length of
/// ``assumedFocalLengthFactor`` times the frame's long side (a phone's main camera, about 65°
/// horizontal field of view). The homography from the unit square to the corners is
/// `K [λ·w·r1, λ·h·r2, t]`; so `|K⁻¹h1| / |K⁻¹h2|` is the aspect `w/h` and the plane normal
/// `r1 × r2` gives the tilt (Zhang & He's whiteboard rectification, with a fixed focal length).
package struct PlaneGeometry: Sendable, Equatable {
    package static let assumedFocalLengthFactor = 0.8

    /// Width over height of the rectangle itself.
    package var aspectRatio: Double
    /// Angle between the camera's optical axis and the rectangle's normal, in degrees.
    package var tiltDegrees: Double

    /// The geometry of `quad` (corners UL, UR, LR, LL of the rectangle) in a frame of the given size;
    /// nil for degenerate corners.
    package init?(quad: Quadrilateral2D, frameWidth: Int, frameHeight: Int) {
        let f = Self.assumedFocalLengthFactor * Double(max(frameWidth, frameHeight))
        let cx = Double(frameWidth) / 2, cy = Double(frameHeight) / 2
        let centred = quad.mapped { Point2D(x: ($0.x - cx) / f, y: ($0.y - cy) / f) }
        guard let h = Homography(from: Quadrilateral2D(x: 0, y: 0, width: 1, height: 1), to: centred) else { return nil }
        let m = h.m
        let c1 = [m[0], m[3], m[6]], c2 = [m[1], m[4], m[7]]
        let n1 = (c1[0] * c1[0] + c1[1] * c1[1] + c1[2] * c1[2]).squareRoot()
        let n2 = (c2[0] * c2[0] + c2[1] * c2[1] + c2[2] * c2[2]).squareRoot()
        guard n1 > 1e-12, n2 > 1e-12 else { return nil }
        let r1 = c1.map { $0 / n1 }, r2 = c2.map { $0 / n2 }
        let normalZ = r1[0] * r2[1] - r1[1] * r2[0]
        let normalLength = ((r1[1] * r2[2] - r1[2] * r2[1]) * (r1[1] * r2[2] - r1[2] * r2[1])
            + (r1[2] * r2[0] - r1[0] * r2[2]) * (r1[2] * r2[0] - r1[0] * r2[2]) + normalZ * normalZ).squareRoot()
        guard normalLength > 1e-12 else { return nil }
        aspectRatio = n1 / n2
        tiltDegrees = acos(min(1, abs(normalZ) / normalLength)) * 180 / Double.pi
    }
}

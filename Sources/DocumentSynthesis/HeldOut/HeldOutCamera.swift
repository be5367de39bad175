import CaptureCore
import DocumentEngine
import Foundation

/// The held-out family's camera: a pinhole with a field of view of 40–85° and a principal point up
/// to 1.5 % off the centre. The document is turned in its plane, tilted about an axis of any
/// direction in its plane (the true tilt: the angle between the optical axis and its normal), and
/// moved in the camera's space (along and across the view) until the framing is as wanted; a
/// document off the axis is therefore seen obliquely through a wide lens, as in a real photo.
///
/// Points are given in document millimetres from the document's centre (x right, y down) with a
/// height above the page (`lift`, towards the camera; the page curl of a booklet), and come out in
/// frame pixels of the ideal (distortion-free) image.
struct HeldOutCamera {
    let frameWidth: Double
    let frameHeight: Double
    let focal: Double
    let principal: Point2D
    /// Document-to-camera rotation (row-major 3 x 3) and the document centre's camera position.
    private(set) var rotation: [Double]
    private(set) var distance: Double
    let fieldOfViewDegrees: Double
    /// The document's in-plane rotation, degrees.
    let inPlaneDegrees: Double

    init(
        frameWidth: Int, frameHeight: Int, fieldOfViewDegrees: Double, principalOffset: Point2D,
        inPlaneDegrees: Double, tiltDegrees: Double, azimuthDegrees: Double, pixelsPerMillimetre: Double
    ) {
        self.frameWidth = Double(frameWidth)
        self.frameHeight = Double(frameHeight)
        self.fieldOfViewDegrees = fieldOfViewDegrees
        self.inPlaneDegrees = inPlaneDegrees
        focal = Double(frameWidth) / 2 / tan(fieldOfViewDegrees * Double.pi / 360)
        principal = Point2D(
            x: Double(frameWidth) / 2 + principalOffset.x, y: Double(frameHeight) / 2 + principalOffset.y)
        let roll = Self.rotationZ(inPlaneDegrees * Double.pi / 180)
        let a = azimuthDegrees * Double.pi / 180
        let tilt = Self.axisAngle(axis: (cos(a), sin(a), 0), angle: tiltDegrees * Double.pi / 180)
        rotation = Self.multiply(tilt, roll)
        distance = focal / pixelsPerMillimetre
    }

    /// The document centre's lateral offset from the optical axis, in the units of `distance`.
    private var lateral: (Double, Double) = (0, 0)

    /// The true tilt: angle between the optical axis and the document's normal, degrees (the
    /// document moves across the view without turning, so this is the drawn tilt).
    var tiltDegrees: Double {
        acos(min(1, abs(rotation[8]))) * 180 / Double.pi
    }

    /// Moves the document farther (factor > 1) or nearer along its line of sight.
    mutating func scaleDistance(by factor: Double) {
        distance *= factor
        lateral = (lateral.0 * factor, lateral.1 * factor)
    }

    /// Moves the document across the view (parallel to the sensor) so that its image moves by
    /// about (`dx`, `dy`) pixels.
    mutating func shift(dx: Double, dy: Double) {
        lateral = (lateral.0 + dx * distance / focal, lateral.1 + dy * distance / focal)
    }

    /// The camera-space position of a document point (x, y, lift).
    func cameraPoint(_ x: Double, _ y: Double, lift: Double) -> (Double, Double, Double) {
        let r = rotation
        return (
            r[0] * x + r[1] * y - r[2] * lift + lateral.0,
            r[3] * x + r[4] * y - r[5] * lift + lateral.1,
            r[6] * x + r[7] * y - r[8] * lift + distance
        )
    }

    /// The frame position of a document point.
    func image(_ x: Double, _ y: Double, lift: Double = 0) -> Point2D {
        let (cx, cy, cz) = cameraPoint(x, y, lift: lift)
        return Point2D(x: focal * cx / cz + principal.x, y: focal * cy / cz + principal.y)
    }

    /// The document outline (width x height mm, centred) in the frame.
    func outline(width: Double, height: Double) -> Quadrilateral2D {
        Quadrilateral2D(
            upperLeft: image(-width / 2, -height / 2), upperRight: image(width / 2, -height / 2),
            lowerRight: image(width / 2, height / 2), lowerLeft: image(-width / 2, height / 2))
    }

    /// Largest frame pixels per millimetre over a grid on the document.
    func maximumScale(width: Double, height: Double) -> Double { scaleRange(width: width, height: height).upperBound }

    /// Smallest and largest frame pixels per millimetre over a grid on the document.
    func scaleRange(width: Double, height: Double) -> ClosedRange<Double> {
        var smallest = Double.infinity
        var largest = 0.0
        for i in 0...4 {
            for j in 0...4 {
                let x = -width / 2 + Double(i) * width / 4, y = -height / 2 + Double(j) * height / 4
                let p = image(x, y)
                let du = image(x + 1, y).distance(to: p), dv = image(x, y + 1).distance(to: p)
                largest = max(largest, du, dv)
                smallest = min(smallest, du, dv)
            }
        }
        return min(smallest, largest)...largest
    }

    // MARK: Matrices

    static func rotationZ(_ angle: Double) -> [Double] {
        [cos(angle), -sin(angle), 0, sin(angle), cos(angle), 0, 0, 0, 1]
    }

    /// Rodrigues' rotation about a unit axis.
    static func axisAngle(axis: (Double, Double, Double), angle: Double) -> [Double] {
        let (x, y, z) = axis
        let c = cos(angle), s = sin(angle), t = 1 - c
        return [
            t * x * x + c, t * x * y - s * z, t * x * z + s * y,
            t * x * y + s * z, t * y * y + c, t * y * z - s * x,
            t * x * z - s * y, t * y * z + s * x, t * z * z + c,
        ]
    }

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j]
            }
        }
        return r
    }
}

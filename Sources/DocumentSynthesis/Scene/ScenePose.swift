import CaptureCore
import DocumentEngine
import Foundation

/// Where a document lies in the frame: a pinhole camera looks at the document plane turned by an
/// in-plane rotation and tilted about a random axis, at the distance that gives the drawn width.
struct ScenePose {
    var corners: Quadrilateral2D
    var rotationDegrees: Double
    var tiltDegrees: Double
    var tiltAxisDegrees: Double
    /// Mean projected width of the top and bottom edges over the frame width.
    var widthFraction: Double
    /// The largest number of frame pixels per document millimetre anywhere on the document.
    var maxPixelsPerMillimetre: Double
    /// The camera's horizontal field of view, degrees.
    var fieldOfViewDegrees: Double

    static func draw(
        layout: DocumentLayout, tier: SceneTier, frameWidth: Int, frameHeight: Int, framing: SceneFraming,
        mrzPitchPixels: ClosedRange<Double>? = nil, pitchOverTiltCosine: Bool = false,
        using random: inout SeededGenerator
    ) -> ScenePose {
        let fw = Double(frameWidth)
        let fh = Double(frameHeight)
        let rotation = random.uniform(-tier.maxRotationDegrees, tier.maxRotationDegrees) * Double.pi / 180
        let tiltRange = framing == .steep ? SceneFraming.steepTiltDegrees : 0...tier.maxTiltDegrees
        let tilt = random.uniform(tiltRange.lowerBound, tiltRange.upperBound) * Double.pi / 180
        let axis = random.uniform(0, Double.pi)
        let fieldOfView = random.uniform(55, 75) * Double.pi / 180
        let focal = fw / 2 / tan(fieldOfView / 2)
        // Widen the lower bound so the MRZ pitch is at least the tier's minimum.
        let pitchFraction =
            layout.hasMRZ ? tier.minimumMRZPitchPixels * layout.width / (DocumentLayout.mrzPitch * fw) : 0
        let low = min(
            tier.documentWidthFraction.upperBound, max(tier.documentWidthFraction.lowerBound, pitchFraction / cos(tilt))
        )
        var widthRange =
            framing == .overfilled
            ? SceneFraming.overfilledWidthFraction : low...tier.documentWidthFraction.upperBound
        if let mrzPitchPixels, layout.hasMRZ {
            // The document's width from the pitch asked for (``SceneStress/tinyMRZ``).
            let perPixel = layout.width / (DocumentLayout.mrzPitch * fw)
            widthRange = mrzPitchPixels.lowerBound * perPixel...mrzPitchPixels.upperBound * perPixel
            if pitchOverTiltCosine {
                // As the tier's guard: the pitch seen across the tilt's axis stays readable.
                widthRange = widthRange.lowerBound / cos(tilt)...widthRange.upperBound / cos(tilt)
            }
        }
        var fraction = random.uniform(widthRange.lowerBound, widthRange.upperBound)

        // Rotation matrix: in-plane rotation, then tilt about the axis (cos a, sin a, 0) (Rodrigues).
        let (ux, uy) = (cos(axis), sin(axis))
        let ct = cos(tilt)
        let st = sin(tilt)
        let tiltMatrix = [
            ct + ux * ux * (1 - ct), ux * uy * (1 - ct), uy * st,
            uy * ux * (1 - ct), ct + uy * uy * (1 - ct), -ux * st,
            -uy * st, ux * st, ct,
        ]
        let cr = cos(rotation)
        let sr = sin(rotation)
        func project(_ u: Double, _ v: Double, distance: Double) -> Point2D {
            let x0 = u * cr - v * sr
            let y0 = u * sr + v * cr
            let x = tiltMatrix[0] * x0 + tiltMatrix[1] * y0
            let y = tiltMatrix[3] * x0 + tiltMatrix[4] * y0
            let z = tiltMatrix[6] * x0 + tiltMatrix[7] * y0 + distance
            return Point2D(x: focal * x / z + fw / 2, y: focal * y / z + fh / 2)
        }
        let hw = layout.width / 2
        let hh = layout.height / 2
        func quad(distance: Double) -> Quadrilateral2D {
            Quadrilateral2D(
                upperLeft: project(-hw, -hh, distance: distance), upperRight: project(hw, -hh, distance: distance),
                lowerRight: project(hw, hh, distance: distance), lowerLeft: project(-hw, hh, distance: distance))
        }
        func width(_ q: Quadrilateral2D) -> Double {
            (q.upperLeft.distance(to: q.upperRight) + q.lowerLeft.distance(to: q.lowerRight)) / 2 / fw
        }
        // Distance for the drawn width (a few fixed-point steps absorb the perspective).
        var distance = focal * layout.width / (fraction * fw)
        var corners = quad(distance: distance)
        for _ in 0..<4 {
            distance *= width(corners) / fraction
            corners = quad(distance: distance)
        }
        // Shrink until the whole outline fits inside the frame with a small margin.
        let margin = 0.02 * min(fw, fh)
        for _ in 0..<20 where framing != .overfilled {
            let box = bounds(corners)
            let k = min((fw - 2 * margin) / box.width, (fh - 2 * margin) / box.height)
            if k >= 1 { break }
            distance /= k * 0.99
            corners = quad(distance: distance)
        }
        fraction = width(corners)

        // Translate: inside the frame, or (partial) with 10-45 % of the extent beyond one side.
        let box = bounds(corners)
        var tx = random.uniform(margin - box.minX, max(margin - box.minX, fw - margin - box.maxX))
        var ty = random.uniform(margin - box.minY, max(margin - box.minY, fh - margin - box.maxY))
        switch framing {
        case .inside, .steep:
            break
        case .partial:
            let out = random.uniform(0.1, 0.45)
            switch random.integer(in: 0...3) {
            case 0: tx = -box.minX - out * box.width
            case 1: tx = fw - box.maxX + out * box.width
            case 2: ty = -box.minY - out * box.height
            default: ty = fh - box.maxY + out * box.height
            }
        case .overfilled:
            // Centred within a tenth of the frame either way.
            tx = fw / 2 - (box.minX + box.maxX) / 2 + random.uniform(-0.1, 0.1) * fw
            ty = fh / 2 - (box.minY + box.maxY) / 2 + random.uniform(-0.1, 0.1) * fh
        case .nearEdge:
            let gap =
                random.uniform(
                    SceneFraming.nearEdgeMarginFraction.lowerBound,
                    SceneFraming.nearEdgeMarginFraction.upperBound) * min(fw, fh)
            switch random.integer(in: 0...3) {
            case 0: tx = gap - box.minX
            case 1: tx = fw - gap - box.maxX
            case 2: ty = gap - box.minY
            default: ty = fh - gap - box.maxY
            }
        }
        corners = corners.mapped { Point2D(x: $0.x + tx, y: $0.y + ty) }

        // Largest local scale (frame pixels per millimetre) over a grid on the document.
        var largest = 0.0
        for i in 0...4 {
            for j in 0...4 {
                let u = -hw + Double(i) * hw / 2
                let v = -hh + Double(j) * hh / 2
                let p = project(u, v, distance: distance)
                let du = project(u + 1, v, distance: distance).distance(to: p)
                let dv = project(u, v + 1, distance: distance).distance(to: p)
                largest = max(largest, du, dv)
            }
        }
        return ScenePose(
            corners: corners, rotationDegrees: rotation * 180 / Double.pi, tiltDegrees: tilt * 180 / Double.pi,
            tiltAxisDegrees: axis * 180 / Double.pi, widthFraction: fraction, maxPixelsPerMillimetre: largest,
            fieldOfViewDegrees: fieldOfView * 180 / Double.pi)
    }

    private static func bounds(
        _ q: Quadrilateral2D
    ) -> (minX: Double, minY: Double, maxX: Double, maxY: Double, width: Double, height: Double) {
        let xs = q.corners.map(\.x)
        let ys = q.corners.map(\.y)
        let minX = xs.min() ?? 0
        let maxX = xs.max() ?? 0
        let minY = ys.min() ?? 0
        let maxY = ys.max() ?? 0
        return (minX, minY, maxX, maxY, maxX - minX, maxY - minY)
    }
}

import CaptureCore
import Foundation

/// Head pose from 68-point landmarks: a perspective-n-point fit of the ``GenericFaceModel`` under
/// an assumed ``PinholeCamera``.
///
/// 1. Initial pose: an affine (weak-perspective) camera is fitted to the model points by weighted
///    least squares; its first two rows, made orthonormal, give the rotation, their length the
///    depth. When the previous frame's pose is given and still fits, it is used instead.
/// 2. Refinement: Levenberg–Marquardt on the six pose parameters (a rotation increment and the
///    translation), minimising the weighted reprojection error in normalised image coordinates,
///    at most ``maximumIterations`` steps.
///
/// The focal length is a guess unless the camera is known
/// (see ``PinholeCamera/assumed(width:height:horizontalFieldOfView:)``):
/// a wrong guess mostly changes the distance, much less the angles. The model's size comes from
/// the pupillary distance, so the translation is in the same millimetres as the eyewear.
package struct HeadPoseEstimator: Sendable {
    package var model: GenericFaceModel
    package var camera: PinholeCamera
    package var maximumIterations = 12

    /// - Parameter faceModel: The generic head at the average pupillary distance (the SDK passes the
    ///   copy it extracted with its resources).
    package init(
        camera: PinholeCamera, pupillaryDistance: Double = GenericFaceModel.modelPupillaryDistance,
        faceModel: GenericFaceModel = .standard
    ) {
        self.camera = camera
        self.model = faceModel.scaled(toPupillaryDistance: pupillaryDistance)
    }

    /// The pose that best explains `landmarks`, starting from `previous` when given.
    /// Nil when the landmarks are degenerate (all in one spot) or the fit puts the head behind the camera.
    package func estimate(from landmarks: FaceLandmarks, previous: HeadPose? = nil) -> HeadPose? {
        let f = camera.focalLength, c = camera.principalPoint
        let image = model.points.map { p -> Point2D in
            let q = landmarks[p.landmark]
            return Point2D(x: (q.x - c.x) / f, y: (q.y - c.y) / f)
        }
        let world = model.points.map(\.position)
        let weights = model.points.map(\.weight)
        var candidates: [(Rotation3, Vector3)] = []
        if let previous { candidates.append((previous.rotation, previous.translation)) }
        if let initial = Self.weakPerspective(image: image, world: world, weights: weights) {
            candidates.append(initial)
        }
        var best: (Rotation3, Vector3, Double)?
        for (r, t) in candidates {
            guard let refined = refine(rotation: r, translation: t, image: image, world: world, weights: weights)
            else { continue }
            if refined.2 < (best?.2 ?? .infinity) { best = refined }
            // A previous pose that converges well is kept (stable from frame to frame).
            if refined.2 * f < 2 { break }
        }
        guard let (rotation, translation, cost) = best else { return nil }
        let rms = (cost / weights.reduce(0, +)).squareRoot() * f
        return HeadPose(rotation: rotation, translation: translation, reprojectionError: rms)
    }

    // MARK: - Initial pose

    /// Fits `u ≈ A·(X − X̄) + b` and reads a rotation and depth from `A`.
    static func weakPerspective(image: [Point2D], world: [Vector3], weights: [Double]) -> (Rotation3, Vector3)? {
        let sw = weights.reduce(0, +)
        guard sw > 0 else { return nil }
        var mean = Vector3.zero, b = Point2D(x: 0, y: 0)
        for i in world.indices {
            mean = mean + world[i] * weights[i]
            b = b + image[i] * weights[i]
        }
        mean = mean * (1 / sw)
        b = b * (1 / sw)
        var m = [Double](repeating: 0, count: 9)
        var rx = Vector3.zero, ry = Vector3.zero
        for i in world.indices {
            let d = world[i] - mean, w = weights[i]
            let dv = [d.x, d.y, d.z]
            for r in 0..<3 { for s in 0..<3 { m[3 * r + s] += w * dv[r] * dv[s] } }
            rx = rx + d * (w * (image[i].x - b.x))
            ry = ry + d * (w * (image[i].y - b.y))
        }
        guard let a0 = solve3(m, rx), let a1 = solve3(m, ry) else { return nil }
        let scale = (a0.length + a1.length) / 2
        guard scale > 1e-9 else { return nil }
        let rotation = Rotation3.orthonormalised(row0: a0, row1: a1)
        let depth = 1 / scale
        let centre = Vector3(x: b.x * depth, y: b.y * depth, z: depth)
        return (rotation, centre - rotation.apply(mean))
    }

    static func solve3(_ m: [Double], _ v: Vector3) -> Vector3? {
        let det =
            m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6])
        guard abs(det) > 1e-12 else { return nil }
        let inv = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ].map { $0 / det }
        return Vector3(
            x: inv[0] * v.x + inv[1] * v.y + inv[2] * v.z, y: inv[3] * v.x + inv[4] * v.y + inv[5] * v.z,
            z: inv[6] * v.x + inv[7] * v.y + inv[8] * v.z)
    }

    // MARK: - Refinement

    /// Weighted squared reprojection error (normalised coordinates); nil when a point is behind the camera.
    static func cost(
        rotation: Rotation3, translation: Vector3, image: [Point2D], world: [Vector3],
        weights: [Double]
    ) -> Double? {
        var sum = 0.0
        for i in world.indices {
            let p = rotation.apply(world[i]) + translation
            guard p.z > 1e-6 else { return nil }
            let dx = p.x / p.z - image[i].x, dy = p.y / p.z - image[i].y
            sum += weights[i] * (dx * dx + dy * dy)
        }
        return sum
    }

    private func refine(
        rotation r0: Rotation3, translation t0: Vector3, image: [Point2D], world: [Vector3],
        weights: [Double]
    ) -> (Rotation3, Vector3, Double)? {
        var rotation = r0, translation = t0
        guard
            var cost = Self.cost(
                rotation: rotation, translation: translation, image: image, world: world,
                weights: weights)
        else { return nil }
        var lambda = 1e-3
        for _ in 0..<maximumIterations {
            var h = [Double](repeating: 0, count: 36), g = [Double](repeating: 0, count: 6)
            for i in world.indices {
                let a = rotation.apply(world[i])
                let p = a + translation
                let iz = 1 / p.z, x = p.x * iz, y = p.y * iz
                // d(projection)/dP, then dP/dω = −[a]×, dP/dt = I.
                let jp: [[Double]] = [[iz, 0, -x * iz], [0, iz, -y * iz]]
                let dpdw: [[Double]] = [[0, a.z, -a.y], [-a.z, 0, a.x], [a.y, -a.x, 0]]
                var j = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 2)
                for r in 0..<2 {
                    for k in 0..<3 {
                        j[r][k] = jp[r][0] * dpdw[0][k] + jp[r][1] * dpdw[1][k] + jp[r][2] * dpdw[2][k]
                        j[r][3 + k] = jp[r][k]
                    }
                }
                let res = [x - image[i].x, y - image[i].y]
                let w = weights[i]
                for r in 0..<2 {
                    for k in 0..<6 {
                        g[k] += w * j[r][k] * res[r]
                        for l in 0..<6 { h[6 * k + l] += w * j[r][k] * j[r][l] }
                    }
                }
            }
            var improved = false
            for _ in 0..<6 {
                var damped = h
                for k in 0..<6 { damped[7 * k] += lambda * max(h[7 * k], 1e-12) }
                guard let step = Self.solve(damped, g.map { -$0 }, n: 6) else { lambda *= 10; continue }
                let newRotation = Rotation3(axisAngle: Vector3(x: step[0], y: step[1], z: step[2])).after(rotation)
                let newTranslation = translation + Vector3(x: step[3], y: step[4], z: step[5])
                if let c = Self.cost(
                    rotation: newRotation, translation: newTranslation, image: image, world: world,
                    weights: weights), c < cost
                {
                    let gain = cost - c
                    rotation = newRotation
                    translation = newTranslation
                    cost = c
                    lambda = max(lambda / 10, 1e-9)
                    improved = gain > 1e-14
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        return (rotation, translation, cost)
    }

    /// Gaussian elimination with partial pivoting on an n x n system.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var m = a, v = b
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(m[r * n + col]) > abs(m[pivot * n + col]) { pivot = r }
            guard abs(m[pivot * n + col]) > 1e-15 else { return nil }
            if pivot != col {
                for k in 0..<n { m.swapAt(col * n + k, pivot * n + k) }
                v.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = m[r * n + col] / m[col * n + col]
                if f == 0 { continue }
                for k in col..<n { m[r * n + k] -= f * m[col * n + k] }
                v[r] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = v[r]
            for k in (r + 1)..<n { s -= m[r * n + k] * x[k] }
            x[r] = s / m[r * n + r]
        }
        return x
    }
}

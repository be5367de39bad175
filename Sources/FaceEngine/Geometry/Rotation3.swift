import Foundation

/// A 3D rotation as an orthonormal 3x3 matrix (row-major), mapping head axes to camera axes.
package struct Rotation3: Sendable, Equatable {
    /// Row-major entries.
    package var m: [Double]

    package init(rows m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    package static let identity = Rotation3(rows: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The rotation by `axisAngle.length` radians about `axisAngle`'s direction (Rodrigues).
    package init(axisAngle w: Vector3) {
        let theta = w.length
        guard theta > 1e-12 else {
            self = .identity
            return
        }
        let k = w * (1 / theta)
        let c = cos(theta), s = sin(theta), v = 1 - c
        self.init(rows: [
            c + k.x * k.x * v, k.x * k.y * v - k.z * s, k.x * k.z * v + k.y * s,
            k.y * k.x * v + k.z * s, c + k.y * k.y * v, k.y * k.z * v - k.x * s,
            k.z * k.x * v - k.y * s, k.z * k.y * v + k.x * s, c + k.z * k.z * v,
        ])
    }

    /// Rotation about the x axis by `a` radians.
    package static func aboutX(_ a: Double) -> Rotation3 {
        Rotation3(rows: [1, 0, 0, 0, cos(a), -sin(a), 0, sin(a), cos(a)])
    }
    /// Rotation about the y axis by `a` radians.
    package static func aboutY(_ a: Double) -> Rotation3 {
        Rotation3(rows: [cos(a), 0, sin(a), 0, 1, 0, -sin(a), 0, cos(a)])
    }
    /// Rotation about the z axis by `a` radians.
    package static func aboutZ(_ a: Double) -> Rotation3 {
        Rotation3(rows: [cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1])
    }

    package func apply(_ v: Vector3) -> Vector3 {
        Vector3(
            x: m[0] * v.x + m[1] * v.y + m[2] * v.z, y: m[3] * v.x + m[4] * v.y + m[5] * v.z,
            z: m[6] * v.x + m[7] * v.y + m[8] * v.z)
    }

    /// `self` after `other` (apply `other` first).
    package func after(_ other: Rotation3) -> Rotation3 {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[3 * i + j] = m[3 * i] * other.m[j] + m[3 * i + 1] * other.m[3 + j] + m[3 * i + 2] * other.m[6 + j]
            }
        }
        return Rotation3(rows: r)
    }

    package var transposed: Rotation3 {
        Rotation3(rows: [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]])
    }

    /// Column `j` (the image of axis `j`).
    package func column(_ j: Int) -> Vector3 { Vector3(x: m[j], y: m[3 + j], z: m[6 + j]) }

    /// The nearest rotation to three rough rows (Gram–Schmidt on the first two, the third their cross product).
    package static func orthonormalised(row0: Vector3, row1: Vector3) -> Rotation3 {
        let r0 = row0.normalised
        let r1 = (row1 - r0 * r0.dot(row1)).normalised
        let r2 = r0.cross(r1)
        return Rotation3(rows: [r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z])
    }
}

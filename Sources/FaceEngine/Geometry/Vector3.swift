/// A 3D vector or point (millimetres in head and camera space).
package struct Vector3: Sendable, Equatable, Hashable {
    package var x: Double
    package var y: Double
    package var z: Double

    package init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    package static let zero = Vector3(x: 0, y: 0, z: 0)

    package static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    package static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    package static func * (a: Vector3, s: Double) -> Vector3 { Vector3(x: a.x * s, y: a.y * s, z: a.z * s) }
    package static prefix func - (a: Vector3) -> Vector3 { Vector3(x: -a.x, y: -a.y, z: -a.z) }

    package func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    package func cross(_ o: Vector3) -> Vector3 {
        Vector3(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
    package var length: Double { dot(self).squareRoot() }
    package var normalised: Vector3 {
        let l = length
        return l > 0 ? self * (1 / l) : self
    }
}

/// A generic adult head in millimetres: 3D positions of the landmarks that stay put when the face
/// moves its muscles (eye corners, nose, mouth corners, chin), for head-pose estimation.
///
/// Axes: x toward the image's right for a face looking at the camera (the subject's left), y
/// down, z away from the camera into the head. Origin: midway between the inner eye corners.
/// The numbers are rounded anthropometric averages (intercanthal width 33 mm, biocular width
/// 93 mm, eye centres 63 mm apart, nose tip 28 mm in front of the inner corners, mouth 50 mm
/// wide, chin 120 mm below the eyes); ``scaled(toPupillaryDistance:)`` fits them to a person's
/// measured pupillary distance.
package struct GenericFaceModel: Sendable, Equatable {
    /// One model point: which landmark it is, where it sits, and how much the fit trusts it.
    package struct Point: Sendable, Equatable {
        /// Index in the 68-point layout (``FaceLandmarks``).
        package var landmark: Int
        package var position: Vector3
        /// Relative weight in the pose fit (mouth and chin move with speech, so weigh less).
        package var weight: Double

        package init(landmark: Int, position: Vector3, weight: Double) {
            self.landmark = landmark
            self.position = position
            self.weight = weight
        }
    }

    /// Distance between the model's eye centres (the means of each eye's six landmarks), mm.
    package static let modelPupillaryDistance = 63.0

    package private(set) var points: [Point]

    /// The generic model at the average adult pupillary distance of 63 mm.
    package static let standard = GenericFaceModel(points: [
        Point(landmark: 36, position: Vector3(x: -46.5, y: -1.5, z: 11), weight: 1),
        Point(landmark: 39, position: Vector3(x: -16.5, y: 0, z: 0), weight: 1),
        Point(landmark: 42, position: Vector3(x: 16.5, y: 0, z: 0), weight: 1),
        Point(landmark: 45, position: Vector3(x: 46.5, y: -1.5, z: 11), weight: 1),
        Point(landmark: 27, position: Vector3(x: 0, y: -4, z: -10), weight: 1),
        Point(landmark: 30, position: Vector3(x: 0, y: 45, z: -28), weight: 1),
        Point(landmark: 31, position: Vector3(x: -14, y: 52, z: -14), weight: 0.7),
        Point(landmark: 33, position: Vector3(x: 0, y: 55, z: -18), weight: 0.7),
        Point(landmark: 35, position: Vector3(x: 14, y: 52, z: -14), weight: 0.7),
        Point(landmark: 48, position: Vector3(x: -25, y: 75, z: -8), weight: 0.5),
        Point(landmark: 54, position: Vector3(x: 25, y: 75, z: -8), weight: 0.5),
        Point(landmark: 8, position: Vector3(x: 0, y: 120, z: -10), weight: 0.3),
    ])

    package init(points: [Point]) {
        self.points = points
    }

    /// The model scaled so that its eye centres are `millimetres` apart.
    package func scaled(toPupillaryDistance millimetres: Double) -> GenericFaceModel {
        let k = millimetres / Self.modelPupillaryDistance
        var copy = self
        for i in copy.points.indices { copy.points[i].position = copy.points[i].position * k }
        return copy
    }
}

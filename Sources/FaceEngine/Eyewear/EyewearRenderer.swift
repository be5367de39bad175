package import CaptureCore
import Foundation

/// Places a frame on a face and draws it.
///
/// **Placement.** The frame lives in head space (millimetres, see ``GenericFaceModel``): the
/// front is a plane ``frontDepth`` mm in front of the inner eye corners with its lens centres at
/// eye height, the temples run back from the hinges toward the ears. The head pose (from
/// ``HeadPoseEstimator``, whose model is scaled to the wearer's pupillary distance) and the camera
/// project it; because the head model and the frame share real millimetres, the frame's size in
/// the image follows from its width in mm against the pupillary distance (63 mm on average, or
/// the wearer's measured one). Finally the whole drawing is shifted so that the model's eye
/// centres project onto the landmarks' eye centres, which keeps the frame on the eyes even where
/// the generic head model fits the person loosely.
///
/// **Drawing.** Temples first, then the front, each through ``TextureCompositor`` (bilinear,
/// sub-pixel, premultiplied alpha) from the mip level matching the on-screen size. A temple is
/// shortened at ``visibleTempleLength`` (the ear hides the rest), fades over its last
/// ``templeFadeLength`` mm, and fades out entirely as the head turns it away from the camera.
package struct EyewearRenderer: Sendable {
    package var camera: PinholeCamera
    /// The wearer's pupillary distance, mm (63: adult average). Must match the pose estimator's.
    package var pupillaryDistance: Double
    /// Depth of the lens plane relative to the inner eye corners, mm (negative: toward the camera;
    /// about 12 mm in front of the cornea).
    package var frontDepth: Double = -16
    /// How far the lens centres sit below the eye centres, mm.
    package var frontDrop: Double = 1
    /// Temple length drawn from the hinge, mm: about the distance to the ear.
    package var visibleTempleLength: Double = 100
    /// Length over which a temple fades out before ``visibleTempleLength``, mm.
    package var templeFadeLength: Double = 25

    package init(camera: PinholeCamera, pupillaryDistance: Double = GenericFaceModel.modelPupillaryDistance) {
        self.camera = camera
        self.pupillaryDistance = pupillaryDistance
    }

    /// Where `asset`'s parts go for a head at `pose` whose landmarks are `landmarks`; nil when
    /// the frame would be behind the camera.
    package func placement(of asset: EyewearAsset, pose: HeadPose, landmarks: FaceLandmarks) -> EyewearPlacement? {
        let frame = asset.frame
        let k = pupillaryDistance / GenericFaceModel.modelPupillaryDistance
        // The model's eye centres (means of each eye's corners) sit at y = −0.75k, z = 5.5k.
        let eyeY = -0.75 * k
        let anchorHead = Vector3(x: 0, y: eyeY, z: 5.5 * k)
        guard let anchorImage = camera.project(pose.cameraPoint(anchorHead)) else { return nil }
        let eyes = landmarks.imageLeftEyeCentre.interpolated(to: landmarks.imageRightEyeCentre, 0.5)
        let shift = eyes - anchorImage

        let frontOrigin = Vector3(x: 0, y: eyeY + frontDrop, z: frontDepth)
        let toImage = Self.projection(camera: camera, shift: shift)
        let frontPlane = Self.plane(
            pose: pose, origin: frontOrigin, u: Vector3(x: 1, y: 0, z: 0),
            v: Vector3(x: 0, y: 1, z: 0))
        let front = toImage.after(frontPlane).after(Self.texelToMillimetre(asset.front))

        let left = pose.cameraPoint(frontOrigin + Vector3(x: -frame.totalWidth / 2, y: 0, z: 0))
        let right = pose.cameraPoint(frontOrigin + Vector3(x: frame.totalWidth / 2, y: 0, z: 0))
        guard let l = camera.project(left), let r = camera.project(right),
            let bridge = camera.project(
                pose.cameraPoint(frontOrigin))
        else { return nil }
        let pixelsPerMillimetre = l.distance(to: r) / frame.totalWidth

        var temples: [EyewearPlacement.Temple] = []
        let visible = min(frame.templeLength, visibleTempleLength)
        for side in [-1, 1] {
            let s = Double(side)
            let hinge = frontOrigin + Vector3(x: s * (frame.totalWidth / 2 - 1), y: -0.55 * frame.lensHeight / 2, z: 0)
            // Back toward the ear, spreading slightly outward over the head.
            let along = Vector3(x: s * 0.05, y: 0, z: 1)
            let plane = Self.plane(pose: pose, origin: hinge, u: along, v: Vector3(x: 0, y: 1, z: 0))
            let mapping = toImage.after(plane).after(Self.texelToMillimetre(asset.temple))
            // Facing: the temple's outer side against the direction to the camera.
            let middle = pose.cameraPoint(hinge + along * (visible / 2))
            let normal = pose.rotation.apply(Vector3(x: s, y: 0, z: 0))
            let facing = normal.dot((-middle).normalised)
            let opacity = min(1, max(0, (facing - 0.05) / 0.2))
            temples.append(.init(side: side, mapping: mapping, opacity: opacity, visibleLength: visible))
        }
        return EyewearPlacement(
            front: front, temples: temples, pixelsPerMillimetre: pixelsPerMillimetre,
            bridgeCentre: bridge + shift)
    }

    /// Draws `asset` at `placement` onto `image`.
    package func render(_ asset: EyewearAsset, at placement: EyewearPlacement, onto image: inout RGBAImage) {
        let templeLevel = asset.temple.level(for: placement.pixelsPerMillimetre)
        for temple in placement.temples where temple.opacity > 0 {
            let mapping = Self.levelMapping(placement: temple.mapping, texture: asset.temple, level: templeLevel)
            let fadeEnd = (temple.visibleLength - asset.temple.origin.x) * templeLevel.pixelsPerMillimetre - 0.5
            let fadeStart = fadeEnd - templeFadeLength * templeLevel.pixelsPerMillimetre
            TextureCompositor.draw(
                templeLevel, mapping: mapping, opacity: temple.opacity, fadeStart: fadeStart,
                fadeEnd: fadeEnd, onto: &image)
        }
        let frontLevel = asset.front.level(for: placement.pixelsPerMillimetre)
        let frontMapping = Self.levelMapping(placement: placement.front, texture: asset.front, level: frontLevel)
        TextureCompositor.draw(frontLevel, mapping: frontMapping, onto: &image)
    }

    // MARK: - Maps

    /// Level-k pixels → level-0 pixels, composed with a level-0 mapping.
    private static func levelMapping(
        placement: Homography, texture: EyewearTexture, level: EyewearTexture.Level
    )
        -> Homography
    {
        let s = texture.levels[0].pixelsPerMillimetre / level.pixelsPerMillimetre
        // Pixel centres: level-0 x0 + 0.5 = (xk + 0.5)·s.
        let toBase = Homography(matrix: [s, 0, 0.5 * s - 0.5, 0, s, 0.5 * s - 0.5, 0, 0, 1])
        return placement.after(toBase)
    }

    /// Texture level-0 pixel centres → the part's millimetres.
    private static func texelToMillimetre(_ texture: EyewearTexture) -> Homography {
        let p = 1 / texture.levels[0].pixelsPerMillimetre
        return Homography(matrix: [p, 0, texture.origin.x + 0.5 * p, 0, p, texture.origin.y + 0.5 * p, 0, 0, 1])
    }

    /// A plane in head space (origin + a·u + b·v) → homogeneous camera-space points.
    private static func plane(pose: HeadPose, origin: Vector3, u: Vector3, v: Vector3) -> Homography {
        let cu = pose.rotation.apply(u), cv = pose.rotation.apply(v), co = pose.cameraPoint(origin)
        return Homography(matrix: [cu.x, cv.x, co.x, cu.y, cv.y, co.y, cu.z, cv.z, co.z])
    }

    /// Camera space → frame pixels (the intrinsics), then a shift.
    private static func projection(camera: PinholeCamera, shift: Point2D) -> Homography {
        let f = camera.focalLength, c = camera.principalPoint
        return Homography(matrix: [f, 0, c.x + shift.x, 0, f, c.y + shift.y, 0, 0, 1])
    }
}

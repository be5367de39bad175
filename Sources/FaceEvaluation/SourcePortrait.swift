package import CaptureCore
package import FaceEngine
package import Foundation

/// A sample portrait prepared for generated sequences: a feathered patch around the face and the
/// face's 68 landmarks in the patch's pixels, fitted once on the full-resolution source. Every
/// generated frame's truth is these landmarks moved by the frame's known transform.
package struct SourcePortrait: Sendable {
    /// Why a portrait cannot be used.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No face was found in the source image.
        case noFace(String)
        case image(String, ImageError)
        case engine(FaceEngineError)

        package var description: String {
            switch self {
            case let .noFace(name): return "\(name): no face found; use a frontal portrait."
            case let .image(name, error): return "\(name): \(error)"
            case let .engine(error): return error.description
            }
        }
    }

    /// A short name for reports (the file name).
    package let name: String
    /// The face and its surroundings, with alpha fading to 0 toward the patch's border.
    package let patch: RGBAImage
    /// The face's landmarks in patch pixels.
    package let landmarks: FaceLandmarks
    /// Side of the landmark model's square around the face, patch pixels (the face's size).
    package let faceSize: Double
    /// Centre of that square, patch pixels: the point sequences move along their paths.
    package let faceCentre: Point2D

    /// Loads a portrait, finds its face and fits the truth landmarks (twice: from the detector
    /// box, then from the square lined up with the first fit, as the tracker does).
    package init(contentsOf url: URL, backend: any LandmarkBackend) throws(Failure) {
        let name = url.lastPathComponent
        let image: RGBAImage
        do { image = try ImageCodec.decode(contentsOf: url) } catch { throw .image(name, error) }
        try self.init(name: name, image: image, backend: backend)
    }

    /// Prepares an already decoded portrait.
    package init(name: String, image: RGBAImage, backend: any LandmarkBackend) throws(Failure) {
        self.name = name
        let gray = image.grayscale()
        let detections: [FaceDetection]
        do {
            detections = try backend.detectFaces(in: gray, upsample: 0, minimumScore: 0)
        } catch { throw .engine(error) }
        guard let best = detections.first else { throw .noFace(name) }
        let mean = FaceLandmarks.Index.inner.map { backend.meanShape[$0] }
        var placement = FaceTracker.placement(for: best.box)
        var landmarks: FaceLandmarks
        do {
            landmarks = try backend.landmarks(in: image, placement: placement)
            for _ in 0..<2 {
                placement =
                    SimilarityTransform.fit(from: mean, to: FaceLandmarks.Index.inner.map { landmarks[$0] })
                    ?? placement
                landmarks = try backend.landmarks(in: image, placement: placement)
            }
        } catch { throw .engine(error) }

        // Cut a square of 2.6 face sizes around the face, feathered over its outer 20%.
        let size = placement.scale
        let centre = placement.apply(Point2D(x: 0.5, y: 0.5))
        let half = size * 1.3
        let rect = PixelRect(
            x: Int(centre.x - half), y: Int(centre.y - half), width: Int(2 * half),
            height: Int(2 * half))
        let clipped = rect.clipped(width: image.width, height: image.height)
        var patch = image.cropped(to: clipped)
        let cx = centre.x - Double(clipped.x), cy = centre.y - Double(clipped.y)
        for y in 0..<patch.height {
            for x in 0..<patch.width {
                // Elliptical distance from the face centre, 1 at the square's half-extent.
                let dx = (Double(x) - cx) / half, dy = (Double(y) - cy) / half
                let r = (dx * dx + dy * dy).squareRoot()
                // Clipped edges of the source also fade, so no hard border enters the frame.
                let edge = min(Double(x), Double(y), Double(patch.width - 1 - x), Double(patch.height - 1 - y))
                let edgeFade = min(1, edge / (0.15 * half))
                let radial = min(1, max(0, (1.0 - r) / 0.25))
                let i = (y * patch.width + x) * 4 + 3
                patch.pixels[i] = UInt8(Double(patch.pixels[i]) * min(radial, edgeFade) + 0.5)
            }
        }
        self.patch = patch
        self.landmarks = landmarks.mapped { Point2D(x: $0.x - Double(clipped.x), y: $0.y - Double(clipped.y)) }
        self.faceSize = size
        self.faceCentre = Point2D(x: cx, y: cy)
    }
}

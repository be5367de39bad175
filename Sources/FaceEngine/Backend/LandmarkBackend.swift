package import CaptureCore

/// What the tracker needs from a face model: find faces, and fit the 68 iBUG landmarks of one.
///
/// ``DlibLandmarkBackend`` is the implementation on Debian's dlib. The engine depends only on this
/// protocol, so the landmark model can be replaced — which matters because the 68-point model
/// that Debian ships (`libdlib-data`) was trained on the iBUG 300-W data set, whose licence
/// allows non-commercial use only. A replacement must return the same 68-point layout
/// (``FaceLandmarks``) and may be called from any thread.
package protocol LandmarkBackend: Sendable {
    /// Where the model starts its fit: the mean shape of ``FaceLandmarks/count`` points in the
    /// unit square of a face placement (0,0 top-left, 1,1 bottom-right). The tracker places the
    /// next frame's square so that this shape lines up with the current landmarks.
    var meanShape: [Point2D] { get }

    /// Faces in `image`, best first. `upsample` doubles the image that many times first (finding
    /// smaller faces, at about four times the cost each); detections scoring below
    /// `minimumScore` are dropped.
    func detectFaces(
        in image: GrayImage, upsample: Int, minimumScore: Double
    ) throws(FaceEngineError)
        -> [FaceDetection]

    /// The landmarks of the face in `box` (a detector's box) of a gray image.
    func landmarks(in image: GrayImage, box: FaceBox) throws(FaceEngineError) -> FaceLandmarks

    /// The landmarks of the face whose square is `placement` (the model's unit square mapped to
    /// pixels, possibly rotated) in an RGBA image, read in place.
    func landmarks(in image: RGBAImage, placement: SimilarityTransform) throws(FaceEngineError) -> FaceLandmarks
}

/// One face found by a detector: where, and how sure the detector is.
package struct FaceDetection: Sendable, Equatable {
    /// The face's box in the searched image's pixels.
    package var box: FaceBox
    /// The detector's score: higher is more certain. For dlib's HOG detector, 0 is its default
    /// acceptance threshold and clear frontal faces score about 0.5 to 2.
    package var score: Double

    package init(box: FaceBox, score: Double) {
        self.box = box
        self.score = score
    }
}

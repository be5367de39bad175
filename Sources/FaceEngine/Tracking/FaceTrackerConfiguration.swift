/// Settings of a ``FaceTracker``. The defaults suit a 1280x720 selfie camera at about 30 frames
/// per second.
package struct FaceTrackerConfiguration: Sendable, Equatable {
    /// The smallest face (detector box side, frame pixels) the full-frame search must find.
    /// dlib's HOG window is 80 pixels, so the search runs on the frame shrunk by
    /// `minimumFaceSize / 80` when that is above 1: 160 px searches a 1280x720 frame at 640x360,
    /// about four times cheaper than at full size. A face already tracked is followed down to
    /// about half this size.
    package var minimumFaceSize: Double = 160
    /// Detector score needed to acquire a face in the full-frame search (dlib's default cut is 0).
    package var acquisitionScore: Double = 0
    /// Detector score that confirms the tracked face inside the crop around it. Lower than
    /// ``acquisitionScore`` because the crop is already known to hold the face.
    package var confirmationScore: Double = -0.5
    /// Frames between two confirming detections while the face's appearance is clear (6: five
    /// times a second at 30 fps). Every frame in between relies on the appearance check.
    package var confirmationInterval = 6
    /// Side, in crop pixels, of the face square in the confirmation crop (the detector finds
    /// faces from about 80 px).
    package var confirmationFaceSize: Double = 96
    /// Margin around the face square in the confirmation crop, as a fraction of its side, on
    /// every side (0.35: the crop is 1.7 face squares wide).
    package var confirmationMargin: Double = 0.35
    /// Minimum overlap (intersection over union) between a detection in the crop and the face's
    /// fitted square for the detection to count as the tracked face.
    package var confirmationOverlap: Double = 0.3
    /// When the confirming detection overlaps the fitted square by less than this (intersection
    /// over union), the landmarks are fitted again from the detection: they had settled on part of
    /// the face, or beside it.
    package var reanchorOverlap: Double = 0.55
    /// Appearance correlation (see ``FaceAppearance``) below which the face is dropped unless the
    /// detector confirms it in that frame.
    package var appearanceThreshold: Double = 0.6
    /// Appearance correlation below which the detector is asked to confirm early (at most every
    /// other frame) instead of waiting for ``confirmationInterval``.
    package var doubtfulAppearance: Double = 0.8
    /// Consecutive frames a face may go without a successful confirming detection (held by its
    /// appearance only) before the tracker drops it and searches the full frame again.
    package var maximumUnconfirmedFrames = 45
    /// When the fitted face square moved more than this fraction of its side (or changed size by
    /// that fraction, or turned by that many radians) from where it was placed, the landmarks are
    /// fitted a second time from the new square.
    package var refitThreshold: Double = 0.1
    /// Fraction of the face's measured velocity used to place the square in the next frame
    /// (0: place it where the last frame's landmarks were).
    package var motionPrediction: Double = 0.7
    /// While no face is found, the full-frame search is skipped in frames whose
    /// ``SceneThumbnail`` differs from the last searched frame's by less than this many grey
    /// levels in every cell (an unchanged scene cannot hold a new face; camera noise moves a
    /// cell's mean by well under one level). 0 searches every frame.
    package var sceneChangeThreshold: Double = 3
    /// ... but at least every this many frames, in case the detector missed a face that was
    /// already there (15: twice a second at 30 fps).
    package var maximumSkippedSearches = 15
    /// Smoothing of the landmarks.
    package var smoothing = LandmarkSmoother.Parameters()

    package init() {}
}

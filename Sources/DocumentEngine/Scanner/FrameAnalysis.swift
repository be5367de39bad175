package import CaptureCore

/// Everything the engine concluded about one frame.
package struct FrameAnalysis: Sendable {
    /// How the document is placed (``PlacementStatus/notFound`` when there is none).
    package var placement: PlacementStatus = .notFound
    /// The document's corners in frame pixels, as its own upper-left, upper-right, lower-right,
    /// lower-left (the MRZ, when read, decides which way is up).
    package var documentQuad: Quadrilateral2D?
    /// Whether the document's long sides run vertically in the frame.
    package var isVertical = false
    /// The layout recognised (from the MRZ, or the front of an ID-1 card).
    package var layout: DocumentLayout.Kind?
    /// Localisation confidence: mean edge coverage of the four sides (0...1).
    package var localizationConfidence = 0.0
    /// Resolution on the document and the camera's tilt.
    package var pixelsPerMillimetre: Double?
    package var tiltDegrees: Double?
    /// Blur width in millimetres (see ``SharpnessMeter``) and whether it is too much to read.
    package var blurWidth: Double?
    package var blurDetected = false
    /// Largest glare region's share of the document, and whether it matters.
    package var glareFraction = 0.0
    package var glareDetected = false
    /// Whether MRZ lines were seen (even if not read yet).
    package var mrzZoneSeen = false
    /// The recognised MRZ text with per-character confidences.
    package var mrzReading: MRZZoneReader.Reading?
    /// The parsed MRZ (nil when the lines do not form a valid layout).
    package var mrz: MRZRecord?
    /// Whether ``mrz`` counts as verified: every check digit agrees and every character no check
    /// covers was read confidently (``MRZVerification``).
    package var mrzVerified: Bool {
        guard let mrz, let reading = mrzReading else { return false }
        return MRZVerification.isVerified(mrz, reading: reading)
    }
    /// Each MRZ character's cell in frame pixels, line by line (for previews).
    package var mrzCharacterBoxes: [[Quadrilateral2D]] = []
    /// A sharp, well-placed ID-1 card side with printed text and no MRZ: the front of a TD1 card.
    package var looksLikeFrontSide = false

    package init() {}
}

/// The images cut from a document side.
package struct DocumentImages: Sendable {
    /// The whole side, rectified upright.
    package var document: RGBAImage
    /// The portrait zone of the layout, if it has one on this side.
    package var face: RGBAImage?
    /// The signature zone of the layout, if it has one on this side.
    package var signature: RGBAImage?
}

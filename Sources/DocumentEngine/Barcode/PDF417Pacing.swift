/// How much of ``PDF417Reader``'s plan of looks one frame makes, and where the next frame of the
/// same card goes on.
///
/// A single photo gets the whole plan (``full``): the reader has one chance. In video every frame
/// makes the reader's first looks, those that read most frames at least cost (the fitted outline;
/// the plain cut-out where no outline was fitted) and the codeword look (its votes join the
/// earlier frames', ``PDF417CodewordEvidence``), then only ``looksPerFrame`` of the further looks,
/// continuing the plan where the previous frame stopped and starting it over at its end. A frame
/// that does not read at once so costs a few looks instead of a dozen, and the card's next frames,
/// a few tens of milliseconds later, make the rest of the plan on fresh pixels.
///
/// The owner keeps one value per card: reset it (``reset()``) when the side changes or a payload is
/// read, as it does the codeword evidence.
package struct PDF417Pacing: Sendable, Equatable {
    /// Further looks made per frame after the first ones; nil makes the whole plan.
    package var looksPerFrame: Int?
    /// Where the next frame goes on in the plan's further looks (counted from the first of them;
    /// taken modulo their number, which depends on the frame).
    package private(set) var next = 0

    /// The whole plan on every frame.
    package static let full = PDF417Pacing(looksPerFrame: nil)
    /// The plan spread over the frames of a video: the further looks per frame, decided on the
    /// tuning family with `capkit eval-barcode --family tuning --timings` (video measurement).
    package static let video = PDF417Pacing(looksPerFrame: 2)

    package init(looksPerFrame: Int?) {
        self.looksPerFrame = looksPerFrame.map { max(0, $0) }
    }

    /// Starts the plan over (a new card, a new side, or a payload read).
    package mutating func reset() { next = 0 }

    /// The further looks this frame makes out of `looks` (the frame's plan after its first looks),
    /// and advances the place where the next frame goes on.
    mutating func take<Step>(_ looks: [Step]) -> [Step] {
        guard let looksPerFrame else { return looks }
        guard !looks.isEmpty, looksPerFrame > 0 else { return [] }
        let count = min(looksPerFrame, looks.count)
        let start = next % looks.count
        next = (start + count) % looks.count
        return (0..<count).map { looks[(start + $0) % looks.count] }
    }
}

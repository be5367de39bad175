/// The codeword votes of one PDF417 symbol across the frames of a video: the readings
/// (``PDF417CodewordGrid``) of the last ``maximumFrames`` frames that showed the same symbol, and
/// their votes added together (``combined``), which ``PDF417Reader`` corrects when no single frame
/// decodes.
///
/// **One card only.** A frame's reading joins only when it has the evidence's shape (rows,
/// columns, error-correction level) and agrees with its best values on at least
/// ``minimumAgreement`` of the positions both read (at least ``minimumCompared`` of them) and, when
/// both read at least ``minimumCompared`` error-correction codewords, on that share of those too;
/// any other reading is another card (or a misplaced look) and starts the evidence over. Two cards
/// of one issuer can share a header and padding, so most of their data codewords agree, but their
/// error-correction codewords (which depend on every data codeword) do not. ``PDF417Reader``
/// further returns a payload from combined votes only when the frame in front agrees with it
/// (``PDF417Reader/read(_:card:quick:profile:evidence:isCancelled:)``). The owner resets the
/// evidence when the side changes or a payload is read.
///
/// **Bounded memory:** at most ``maximumFrames`` readings (each at most 928 positions); the oldest
/// one is dropped when a further one joins.
package struct PDF417CodewordEvidence: Sendable, Equatable {
    /// Readings kept: the votes of the last frames of the card.
    package static let maximumFrames = 8
    /// Smallest share of the positions read in both whose values must agree for a reading to join.
    /// Frames of one card on the tuning family agree on nearly all of them (a misread codeword must
    /// still be a valid pattern of its row's cluster); two cards of one issuer on few.
    package static let minimumAgreement = 0.6
    /// Fewest positions read in both for the agreement to be judged (with fewer, the reading starts
    /// over), and fewest error-correction positions for theirs to be judged apart.
    package static let minimumCompared = 8
    package static let minimumCorrectionCompared = 4

    /// The readings kept, oldest first.
    package private(set) var frames: [PDF417CodewordGrid] = []
    /// The votes of ``frames`` added together; nil when empty.
    package private(set) var combined: PDF417CodewordGrid?

    /// What ``add(_:)`` did with a reading.
    package enum Addition: Sendable, Equatable {
        /// The evidence was empty: the reading is its first frame.
        case started
        /// The reading agreed with the evidence and its votes were added.
        case joined
        /// The reading did not agree (another card, shape or placement): the evidence starts over with it.
        case replaced
    }

    package init() {}

    /// Whether no reading is kept.
    package var isEmpty: Bool { frames.isEmpty }

    /// Adds one frame's reading (see the type's rules): joined when it agrees with the evidence,
    /// else the evidence starts over with it.
    @discardableResult
    package mutating func add(_ grid: PDF417CodewordGrid) -> Addition {
        guard let current = combined else {
            restart(with: grid)
            return .started
        }
        guard Self.sameSymbol(current.agreement(with: grid), shapesAgree: current.hasSameShape(as: grid)) else {
            restart(with: grid)
            return .replaced
        }
        frames.append(grid)
        if frames.count > Self.maximumFrames {
            frames.removeFirst(frames.count - Self.maximumFrames)
            var sum = frames[0]
            for frame in frames.dropFirst() { sum.combine(frame) }
            combined = sum
        } else {
            var sum = current
            sum.combine(grid)
            combined = sum
        }
        return .joined
    }

    /// Whether two readings with `agreement` are of one symbol (see the type's rules).
    package static func sameSymbol(_ agreement: PDF417CodewordGrid.Agreement, shapesAgree: Bool) -> Bool {
        guard shapesAgree, agreement.compared >= minimumCompared,
            Double(agreement.agreeing) >= minimumAgreement * Double(agreement.compared)
        else { return false }
        guard agreement.correctionCompared >= minimumCorrectionCompared else { return true }
        return Double(agreement.correctionAgreeing) >= minimumAgreement * Double(agreement.correctionCompared)
    }

    /// Starts the evidence over with `grid` alone.
    package mutating func restart(with grid: PDF417CodewordGrid) {
        frames = [grid]
        combined = grid
    }

    /// Drops every reading.
    package mutating func reset() {
        frames = []
        combined = nil
    }
}

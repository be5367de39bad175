/// Decides when to capture: after ``requiredConsecutiveFrames`` capturable frames in a row whose
/// type the session accepts. A frame that is not capturable (or of a refused type) starts the count
/// again, so a document passing through the frame is not captured mid-movement.
package struct AutoCaptureGate: Sendable, Equatable {
    /// Capturable frames in a row needed (3: about 0.1 s at 30 frames per second).
    package var requiredConsecutiveFrames: Int
    /// The types the session accepts; empty accepts any. ``DocumentTypeEnum/UNDEFINED`` (not known
    /// on the device) is always let through: the Fortface API decides.
    package var acceptedTypes: Set<DocumentTypeEnum>
    /// Capturable frames seen in a row so far.
    package private(set) var streak = 0
    /// Frames judged so far.
    package private(set) var framesJudged = 0

    package init(requiredConsecutiveFrames: Int = 3, acceptedTypes: Set<DocumentTypeEnum> = []) {
        self.requiredConsecutiveFrames = max(1, requiredConsecutiveFrames)
        self.acceptedTypes = acceptedTypes
    }

    /// Records one frame's verdict; true when this frame is the one to capture.
    package mutating func frameJudged(_ verdict: FrameVerdict) -> Bool {
        framesJudged += 1
        guard verdict.isCapturable, accepts(verdict.documentType) else {
            streak = 0
            return false
        }
        streak += 1
        return streak >= requiredConsecutiveFrames
    }

    private func accepts(_ type: DocumentTypeEnum?) -> Bool {
        guard let type, !acceptedTypes.isEmpty, type != .UNDEFINED else { return true }
        return acceptedTypes.contains(type)
    }
}

/// What the document engine made of one camera frame.
package struct FrameVerdict: Sendable, Equatable {
    /// A document is in the frame, well placed (inside the frame, not too far, close or tilted),
    /// sharp and without glare.
    package var isCapturable: Bool
    /// The type recognised on the device, when it can be (a passport by its MRZ); nil when unknown.
    package var documentType: DocumentTypeEnum?

    package init(isCapturable: Bool, documentType: DocumentTypeEnum? = nil) {
        self.isCapturable = isCapturable
        self.documentType = documentType
    }
}

/// Judges camera frames for automatic capture.
package protocol CaptureFrameJudge: Sendable {
    /// The verdict on `frame` (CPU work: call it off the main actor).
    func judge(_ frame: Frame) -> FrameVerdict
}

/// Where one call of ``PDF417Reader/read(_:card:quick:profile:isCancelled:)`` spent its CPU time:
/// the region finder, then each look in the order made (preparing its image and the decoder call
/// together), with what the look found. For `capkit eval-barcode --timings`; measurement only, no
/// reading depends on it.
package struct PDF417ReadProfile: Sendable, Equatable {
    /// One step of a reading.
    package struct Step: Sendable, Equatable {
        /// "finder", "outline#0" (the first look's image), the look's name with its candidate
        /// index for the finder's candidates ("foundRegion#1"), or "check": the reading check of
        /// a symbol a look decoded (``PDF417ReadingCheck``), recorded before its look, whose time
        /// includes it; its outcome says where the indicators came from ("agrees (cut-out)",
        /// "agrees (corners)", "agrees (none)": no trusted indicators, nothing contradicted).
        package var name: String
        /// Thread CPU time of the step, milliseconds, and the part spent in the decoder call.
        package var milliseconds: Double
        package var decoderMilliseconds: Double
        /// "decoded", "located", "not found", "contradicted" and "faulted" (see
        /// ``PDF417ReadingCheck`` and ``PDF417Decoder/Outcome/faulted(reason:)``), "no image" (the
        /// look had nothing to look at) or "skipped" (past ``PDF417Reader/maximumLooks``).
        package var outcome: String
        /// Work units spent on decoder calls up to the end of this step (``PDF417Reader/workUnits(_:_:)``).
        package var work: Int
    }

    /// The steps in the order made.
    package var steps: [Step] = []

    package init() {}

    /// Appends a step that started at `start` (``CaptureCore/ThreadCPUTime/now()`` seconds) and
    /// ends now.
    /// `decoderStart` (nil for a step without a decoder call) is when its decoder call began.
    mutating func record(
        _ name: String, since start: Double, decoderStart: Double?, outcome: String, work: Int, now: Double
    ) {
        steps.append(
            Step(
                name: name, milliseconds: (now - start) * 1000,
                decoderMilliseconds: decoderStart.map { (now - $0) * 1000 } ?? 0, outcome: outcome, work: work))
    }
}

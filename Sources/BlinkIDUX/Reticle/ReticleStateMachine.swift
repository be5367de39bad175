/// The reticle's state as a value type: debounces UI events into what the user sees.
///
/// Time comes in with every call (elapsed time on the owner's clock); there is no I/O.
///
/// Rules:
/// - **Side requests** take effect at once: `requestDocumentSide(.back)` shows ``ReticleState/flip``
///   (announcing that the front is scanned) for ``Configuration/flipDuration``, then the back prompt;
///   `.front` and `.barcode` show their prompts.
/// - **Guidance** is a majority vote over the batches of the last ``Configuration/window``: each batch
///   votes for its highest-priority event, or for "nothing wrong". The winner becomes
///   ``ReticleState/error(_:)``, or the side prompt. A tie keeps what is shown if it is among the
///   tied; otherwise the higher priority wins ("nothing wrong" lowest).
/// - **Minimum display time**: a state stays at least ``Configuration/minimumDisplay`` unless a state
///   of higher ``ReticleState/priority`` replaces it.
/// - ``documentScanned(at:)`` shows ``ReticleState/success`` for good (until ``restarted(at:)``).
package struct ReticleStateMachine: Sendable {
    /// Timing thresholds.
    package struct Configuration: Sendable, Equatable {
        package var window: Duration
        package var minimumDisplay: Duration
        package var flipDuration: Duration

        package init(
            window: Duration = .milliseconds(1500), minimumDisplay: Duration = .seconds(1),
            flipDuration: Duration = .seconds(2)
        ) {
            self.window = window
            self.minimumDisplay = minimumDisplay
            self.flipDuration = flipDuration
        }
    }

    /// What the owner does after a transition.
    package struct Action: Sendable, Equatable {
        /// The state to show.
        package var state: ReticleState
        /// What to announce to VoiceOver users, if anything.
        package var announcement: UXTextKey?
    }

    package let configuration: Configuration
    package private(set) var state: ReticleState = .front
    private var prompt: ReticleState = .front
    private var shownAt: Duration = .zero
    private var votes: [(time: Duration, event: UIEvent?)] = []

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Applies one batch of events received at `time`; returns the change to show, if any.
    package mutating func eventsReceived(_ batch: [UIEvent], at time: Duration) -> Action? {
        if state == .success { return nil }
        for case let .requestDocumentSide(side) in batch {
            votes.removeAll()
            switch side {
            case .front: prompt = .front
            case .back: prompt = .back
            case .barcode: prompt = .barcode
            }
            return show(
                side == .back ? .flip : prompt, at: time,
                announcement: side == .back ? .frontScannedAnnouncement : nil)
        }
        votes.append((time, batch.max { $0.priority < $1.priority }))
        votes.removeAll { time - $0.time > configuration.window }
        let candidate = majority(keeping: state).map(ReticleState.error) ?? prompt
        guard candidate != state else { return nil }
        let hold = state == .flip ? configuration.flipDuration : configuration.minimumDisplay
        if time - shownAt < hold && candidate.priority <= state.priority { return nil }
        return show(candidate, at: time)
    }

    /// The document is scanned: show success (and announce it).
    package mutating func documentScanned(at time: Duration) -> Action? {
        guard state != .success else { return nil }
        return show(.success, at: time, announcement: .documentScannedAnnouncement)
    }

    /// A new scan starts: back to the front prompt, history forgotten.
    package mutating func restarted(at time: Duration) -> Action? {
        votes.removeAll()
        prompt = .front
        guard state != .front else { return nil }
        return show(.front, at: time)
    }

    /// The most voted event in the window (nil: "nothing wrong" won); see the type's tie rule.
    private func majority(keeping shown: ReticleState) -> UIEvent? {
        var counts: [UIEvent?: Int] = [:]
        for vote in votes { counts[vote.event, default: 0] += 1 }
        guard let top = counts.values.max() else { return nil }
        let tied = counts.filter { $0.value == top }.map(\.key)
        let shownVote: UIEvent?? =
            switch shown {
            case let .error(event): .some(event)
            case .front, .back, .barcode: .some(nil)
            case .flip, .success: .none
            }
        if let shownVote, tied.contains(shownVote) { return shownVote }
        return tied.max { ($0?.priority ?? -1) < ($1?.priority ?? -1) } ?? nil
    }

    private mutating func show(_ newState: ReticleState, at time: Duration, announcement: UXTextKey? = nil) -> Action {
        state = newState
        shownAt = time
        return Action(state: newState, announcement: announcement)
    }
}

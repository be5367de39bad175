/// What a new subscriber of an ``EventBroadcaster`` receives before live elements.
package enum ReplayPolicy: Sendable, Equatable {
    /// Nothing: only elements sent after subscribing.
    case none
    /// The most recently sent element, if any (for example the latest error).
    case latestValue
    /// The owner's current snapshot, set with ``EventBroadcaster/send(_:snapshot:)`` or
    /// ``EventBroadcaster/setSnapshot(_:)`` (for example the current state, then the current
    /// face-detection state).
    case currentValue
}

/// A channel of UI-event batches from an analyzer to any number of consumers.
public protocol EventStream: Actor {
    /// Delivers one batch of events (ordered by ``UIEvent/priority``) to every consumer.
    func send(_ events: [UIEvent])
    /// A new, independent stream of batches; every read registers a new consumer.
    var stream: AsyncStream<[UIEvent]> { get }
}

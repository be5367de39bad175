import CaptureCore

/// The stream of UI events of a BlinkID scan, served to any number of consumers.
///
/// Every read of ``stream`` returns a new `AsyncStream`, registered before the read returns: two
/// consumers (say the view model and an accessibility announcer) each receive every batch, in the
/// same order. A consumer that joins late first receives one batch describing the present moment:
/// the side requested last (once the scan has requested one) followed by the events of the latest
/// batch. A consumer that stops iterating is removed without affecting the others. A slow consumer
/// keeps at most 256 batches (the oldest are dropped), so it never holds back the analyzer.
///
/// The streams stay open across ``BlinkIDAnalyzer/restart()``; they end when the event stream is
/// released.
public actor BlinkIDEventStream: EventStream {
    private nonisolated let broadcaster = EventBroadcaster<[UIEvent]>(replay: .currentValue)
    private var requestedSide: DocumentSide?

    /// Creates an event stream with no consumers.
    public init() {}

    deinit {
        broadcaster.finish()
    }

    /// Delivers `events` to every consumer and remembers them for consumers that join later.
    public func send(_ events: [UIEvent]) {
        for case let .requestDocumentSide(side) in events { requestedSide = side }
        var current = events
        if let requestedSide, !events.contains(.requestDocumentSide(side: requestedSide)) {
            current.insert(.requestDocumentSide(side: requestedSide), at: 0)
        }
        broadcaster.send(events, snapshot: current.isEmpty ? [] : [current])
    }

    /// A new stream of event batches (see the type's documentation for what a late consumer gets).
    public var stream: AsyncStream<[UIEvent]> {
        broadcaster.subscribe()
    }

    /// The number of consumers currently iterating (for tests and diagnostics).
    package var consumerCount: Int { broadcaster.subscriberCount }
}

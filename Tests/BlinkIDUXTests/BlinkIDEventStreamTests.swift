import Testing

@testable import BlinkIDUX

/// The event stream serves any number of consumers, including late ones.
@Suite(.timeLimit(.minutes(1)))
struct BlinkIDEventStreamTests {
    static func take(_ count: Int, from stream: AsyncStream<[UIEvent]>) async -> [[UIEvent]] {
        var out: [[UIEvent]] = []
        for await batch in stream {
            out.append(batch)
            if out.count == count { break }
        }
        return out
    }

    @Test func twoConsumersEachReceiveEveryBatchInOrder() async {
        let events = BlinkIDEventStream()
        let first = await events.stream, second = await events.stream
        let sent: [[UIEvent]] = [[.tooFar], [], [.requestDocumentSide(side: .back)], [.wrongSide, .blur]]
        for batch in sent { await events.send(batch) }
        #expect(await Self.take(4, from: first) == sent)
        #expect(await Self.take(4, from: second) == sent)
    }

    @Test func aLateConsumerFirstGetsTheRequestedSideAndTheLatestBatch() async {
        let events = BlinkIDEventStream()
        await events.send([.tooFar])
        await events.send([.requestDocumentSide(side: .back)])
        await events.send([.wrongSide])
        let late = await events.stream
        await events.send([.glare])
        #expect(await Self.take(2, from: late) == [[.requestDocumentSide(side: .back), .wrongSide], [.glare]])
    }

    @Test func aLateConsumerBeforeAnyEventGetsOnlyLiveBatches() async {
        let events = BlinkIDEventStream()
        await events.send([])
        let late = await events.stream
        await events.send([.tilt])
        #expect(await Self.take(1, from: late) == [[.tilt]])
    }

    @Test func aConsumerThatGoesAwayLeavesTheOthersServed() async {
        let events = BlinkIDEventStream()
        var leaving: AsyncStream<[UIEvent]>? = await events.stream
        let staying = await events.stream
        #expect(await events.consumerCount == 2 && leaving != nil)
        leaving = nil  // the consumer releases its stream
        #expect(await events.consumerCount == 1)
        await events.send([.glare])
        #expect(await Self.take(1, from: staying) == [[.glare]])
    }
}

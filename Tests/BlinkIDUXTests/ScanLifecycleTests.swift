import Testing

@testable import BlinkIDUX

/// The analyzer's lifecycle as a value type: every transition from every state.
@Suite
struct ScanLifecycleTests {
    typealias Lifecycle = ScanLifecycle<String>

    static func lifecycle(_ state: String) -> Lifecycle {
        var l = Lifecycle()
        switch state {
        case "paused": _ = l.pauseRequested()
        case "finished": _ = l.finishRequested("first")
        default: break
        }
        return l
    }

    static func describe(_ l: Lifecycle) -> String {
        switch l.state {
        case .scanning: return "scanning"
        case .paused: return "paused"
        case let .finished(o): return "finished(\(o))"
        }
    }

    @Test(arguments: [
        // (from, transition, to, effect)
        ("scanning", "pause", "paused", "changed"),
        ("paused", "pause", "paused", "unchanged"),
        ("finished", "pause", "finished(first)", "unchanged"),
        ("paused", "resume", "scanning", "changed"),
        ("scanning", "resume", "scanning", "unchanged"),
        ("finished", "resume", "finished(first)", "unchanged"),
        ("scanning", "finish", "finished(second)", "deliver(second)"),
        ("paused", "finish", "finished(second)", "deliver(second)"),
        ("finished", "finish", "finished(first)", "ignore"),
        ("scanning", "restart", "scanning", "-"),
        ("paused", "restart", "scanning", "-"),
        ("finished", "restart", "scanning", "-"),
    ])
    func transitions(from: String, transition: String, to: String, effect: String) {
        var l = Self.lifecycle(from)
        let got: String
        switch transition {
        case "pause": got = l.pauseRequested() ? "changed" : "unchanged"
        case "resume": got = l.resumeRequested() ? "changed" : "unchanged"
        case "finish":
            if case let .deliver(o) = l.finishRequested("second") { got = "deliver(\(o))" } else { got = "ignore" }
        default:
            l.restartRequested()
            got = "-"
        }
        #expect(Self.describe(l) == to)
        #expect(got == effect)
    }

    @Test func onlyAScanningLifecycleAcceptsFrames() {
        #expect(Self.lifecycle("scanning").acceptsFrames)
        #expect(!Self.lifecycle("paused").acceptsFrames)
        #expect(!Self.lifecycle("finished").acceptsFrames)
        #expect(Self.lifecycle("finished").outcome == "first")
        #expect(Self.lifecycle("paused").outcome == nil)
    }
}

/// Waiting for a result: many waiters, late callers, cancelled callers, resets.
@Suite(.timeLimit(.minutes(1)))
struct ScanResultSlotTests {
    @Test func everyWaiterAndEveryLateCallerGetsTheSameOutcome() async {
        let slot = ScanResultSlot<Int>(cancelledValue: -1)
        let early = (0..<3).map { _ in Task { await slot.value() } }
        while slot.waiterCount < 3 { await Task.yield() }
        slot.deliver(7)
        for waiter in early { #expect(await waiter.value == 7) }
        #expect(await slot.value() == 7)
        #expect(await slot.value() == 7)
    }

    @Test func aCancelledWaiterReturnsAtOnceAndLeavesNothingBehind() async {
        let slot = ScanResultSlot<Int>(cancelledValue: -1)
        let waiter = Task { await slot.value() }
        while slot.waiterCount < 1 { await Task.yield() }
        waiter.cancel()
        #expect(await waiter.value == -1)
        #expect(slot.waiterCount == 0)
    }

    @Test func afterAResetWaitersGetTheNextOutcome() async {
        let slot = ScanResultSlot<Int>(cancelledValue: -1)
        slot.deliver(1)
        slot.reset()
        let waiter = Task { await slot.value() }
        while slot.waiterCount < 1 { await Task.yield() }
        slot.deliver(2)
        #expect(await waiter.value == 2)
    }
}

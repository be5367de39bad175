import Testing

@testable import FaceEngine

@Suite struct FaceDetectionStateMachineTests {
    /// One event at a time (in seconds since the start).
    enum Event: CustomStringConvertible {
        case ready
        case start(Double)
        case stop
        case restart(Double)
        case frame(found: Bool, at: Double)
        case failure(at: Double)

        var description: String {
            switch self {
            case .ready: return "ready"
            case let .start(t): return "start@\(t)"
            case .stop: return "stop"
            case let .restart(t): return "restart@\(t)"
            case let .frame(found, t): return "\(found ? "found" : "missed")@\(t)"
            case let .failure(t): return "failure@\(t)"
            }
        }
    }

    typealias Action = FaceDetectionStateMachine.Action

    /// A row: the events from a fresh machine, the last event's action, and the final state.
    struct Row: CustomTestStringConvertible, Sendable {
        var events: [Event]
        var action: Action
        var state: FaceDetectionState
        var testDescription: String { events.map(\.description).joined(separator: ", ") }
    }

    static func apply(_ event: Event, to machine: inout FaceDetectionStateMachine) -> Action {
        switch event {
        case .ready: return machine.engineReady()
        case let .start(t): return machine.startRequested(at: .seconds(t))
        case .stop: return machine.stopRequested()
        case let .restart(t): return machine.restartRequested(at: .seconds(t))
        case let .frame(found, t): return machine.frameProcessed(found: found, at: .seconds(t))
        case let .failure(t): return machine.processingFailed(at: .seconds(t))
        }
    }

    static let running: [Event] = [.ready, .start(0)]
    static let detected: [Event] = running + [.frame(found: true, at: 0.1)]
    static let recovering: [Event] = detected + [.frame(found: false, at: 1)]

    static let rows: [Row] = [
        Row(events: [.ready], action: .emitStateChanged(.idle), state: .idle),
        Row(events: [.start(0)], action: .rejected(.uninitialized), state: .uninitialized),
        Row(events: [.frame(found: true, at: 0)], action: .none, state: .uninitialized),
        Row(events: running, action: .resetTrackerAndEmitStateChanged(.scanning), state: .scanning),
        Row(events: running + [.start(1)], action: .rejected(.scanning), state: .scanning),
        Row(events: [.ready, .restart(0)], action: .rejected(.idle), state: .idle),
        Row(events: running + [.frame(found: false, at: 19.9)], action: .none, state: .scanning),
        Row(events: running + [.frame(found: false, at: 20)], action: .emitStateChanged(.failed), state: .failed),
        Row(events: detected, action: .emitStateChanged(.detected), state: .detected),
        Row(events: detected + [.frame(found: true, at: 0.2)], action: .none, state: .detected),
        Row(events: recovering, action: .emitStateChanged(.recovery), state: .recovery),
        Row(events: recovering + [.frame(found: false, at: 3.9)], action: .none, state: .recovery),
        Row(events: recovering + [.frame(found: false, at: 4)], action: .emitStateChanged(.failed), state: .failed),
        Row(
            events: recovering + [.frame(found: true, at: 2)], action: .emitStateChanged(.detected),
            state: .detected),
        // Lost six times within ten seconds: tracking too unstable, detection fails.
        Row(
            events: detected
                + (1...6).flatMap { i in
                    [Event.frame(found: false, at: Double(i)), .frame(found: true, at: Double(i) + 0.5)]
                }.dropLast(), action: .emitStateChanged(.failed), state: .failed),
        // Lost six times, but spread over more than ten seconds: still recovering.
        Row(
            events: detected
                + (1...6).flatMap { i in
                    [Event.frame(found: false, at: Double(i) * 3), .frame(found: true, at: Double(i) * 3 + 0.5)]
                }.dropLast(), action: .emitStateChanged(.recovery), state: .recovery),
        Row(events: running + [.failure(at: 0.1), .failure(at: 0.2)], action: .none, state: .scanning),
        Row(
            events: running + [.failure(at: 0.1), .failure(at: 0.2), .failure(at: 0.3)],
            action: .emitStateChanged(.failed), state: .failed),
        // A processed frame between failures resets the count.
        Row(
            events: running + [
                .failure(at: 0.1), .failure(at: 0.2), .frame(found: false, at: 0.3),
                .failure(at: 0.4),
            ], action: .none, state: .scanning),
        Row(
            events: running + [.frame(found: false, at: 20), .frame(found: true, at: 21)], action: .none,
            state: .failed),
        Row(
            events: running + [.frame(found: false, at: 20), .restart(30)],
            action: .resetTrackerAndEmitStateChanged(.scanning), state: .scanning),
        Row(events: running + [.restart(5)], action: .resetTracker, state: .scanning),
        // Restarting also restarts the scanning timeout.
        Row(events: running + [.restart(15), .frame(found: false, at: 34)], action: .none, state: .scanning),
        Row(
            events: recovering + [.restart(2)], action: .resetTrackerAndEmitStateChanged(.scanning),
            state: .scanning),
        Row(events: detected + [.stop], action: .emitStateChanged(.idle), state: .idle),
        Row(events: [.ready, .stop], action: .none, state: .idle),
        Row(events: [.stop], action: .rejected(.uninitialized), state: .uninitialized),
        Row(events: detected + [.stop, .frame(found: true, at: 2)], action: .none, state: .idle),
    ]

    @Test(arguments: rows)
    func eventsLeadToTheExpectedActionAndState(_ row: Row) {
        var machine = FaceDetectionStateMachine()
        var last = Action.none
        for event in row.events { last = Self.apply(event, to: &machine) }
        #expect(last == row.action)
        #expect(machine.state == row.state)
    }

    @Test func everyGuideStateIsReachable() {
        var seen: Set<FaceDetectionState> = []
        for row in Self.rows {
            var machine = FaceDetectionStateMachine()
            seen.insert(machine.state)
            for event in row.events {
                _ = Self.apply(event, to: &machine)
                seen.insert(machine.state)
            }
        }
        #expect(seen == Set(FaceDetectionState.allCases))
        #expect(
            FaceDetectionState.allCases.map(\.rawValue)
                == ["uninitialized", "idle", "scanning", "detected", "recovery", "failed"])
    }
}

import Testing

@testable import Fortface

struct DocSessionStateMachineTests {
    @Test func theFirstOutcomeWinsAndTheEngineIsCalledOnce() {
        var machine = DocSessionStateMachine(backButtonHidden: false)
        let first = machine.outcomeChosen(.capture)
        let second = machine.outcomeChosen(.timeout)
        let cancel = machine.cancelRequested()
        let delivery = machine.resultPrepared(.capture)
        let again = machine.resultPrepared(.capture)
        #expect(first == .prepareResult && second == .ignore)
        #expect(cancel == .ignoreAlreadyConcluding)
        #expect(delivery == .callEngine && again == .ignore)
        #expect(machine.state == .finished(.capture))
    }

    @Test func cancelStopsARunningSessionUnlessTheBackButtonIsHidden() {
        var visible = DocSessionStateMachine(backButtonHidden: false)
        let stop = visible.cancelRequested()
        #expect(stop == .stopSession)
        var hidden = DocSessionStateMachine(backButtonHidden: true)
        let ignored = hidden.cancelRequested()
        #expect(ignored == .ignoreBackButtonHidden)
        #expect(hidden.state == .running(cancellable: false))
    }
}

/// Every state of ``DocSessionStateMachine`` against every event, from a table written out by hand:
/// the answer and the next state. Impossible orders (a result before any outcome) are refused and
/// leave the state as it was; nothing leaves `finished`.
struct DocSessionStateMachineTableTests {
    enum Event: Equatable, CustomStringConvertible {
        case cancel
        case outcome(SessionEngineAction)
        case result(SessionEngineAction)

        var description: String {
            switch self {
            case .cancel: return "cancel"
            case let .outcome(action): return "outcome(\(action))"
            case let .result(action): return "result(\(action))"
            }
        }
    }

    /// Any of the three answer types, to put them in one table.
    enum Answer: Equatable {
        case cancel(DocSessionStateMachine.CancelAction)
        case outcome(DocSessionStateMachine.OutcomeAction)
        case delivery(DocSessionStateMachine.DeliveryAction)
    }

    typealias State = DocSessionStateMachine.State

    /// A machine in `state`, reached through the machine's own events.
    static func machine(in state: State) -> DocSessionStateMachine {
        switch state {
        case let .running(cancellable):
            return DocSessionStateMachine(backButtonHidden: !cancellable)
        case let .concluding(action):
            var machine = DocSessionStateMachine(backButtonHidden: false)
            _ = machine.outcomeChosen(action)
            return machine
        case let .finished(action):
            var machine = DocSessionStateMachine(backButtonHidden: false)
            _ = machine.outcomeChosen(action)
            _ = machine.resultPrepared(action)
            return machine
        }
    }

    /// The expected answer and next state, written out case by case.
    static func expected(from state: State, on event: Event) -> (Answer, State) {
        switch (state, event) {
        case (.running(cancellable: true), .cancel): return (.cancel(.stopSession), state)
        case (.running(cancellable: false), .cancel): return (.cancel(.ignoreBackButtonHidden), state)
        case (.concluding, .cancel), (.finished, .cancel): return (.cancel(.ignoreAlreadyConcluding), state)
        case let (.running, .outcome(action)): return (.outcome(.prepareResult), .concluding(action))
        case (.concluding, .outcome), (.finished, .outcome): return (.outcome(.ignore), state)
        case (.running, .result): return (.delivery(.refuseWithoutOutcome), state)
        case let (.concluding, .result(action)): return (.delivery(.callEngine), .finished(action))
        case (.finished, .result): return (.delivery(.ignore), state)
        }
    }

    static let states: [State] =
        [.running(cancellable: true), .running(cancellable: false)]
        + SessionEngineAction.allCases.map { .concluding($0) } + SessionEngineAction.allCases.map { .finished($0) }
    static let events: [Event] =
        [.cancel] + SessionEngineAction.allCases.map { .outcome($0) }
        + SessionEngineAction.allCases.map { .result($0) }

    @Test("every state against every event answers as the table says", arguments: states)
    func everyTransitionMatchesTheTable(state: State) {
        for event in Self.events {
            var machine = Self.machine(in: state)
            #expect(machine.state == state)
            let answer: Answer
            switch event {
            case .cancel: answer = .cancel(machine.cancelRequested())
            case let .outcome(action): answer = .outcome(machine.outcomeChosen(action))
            case let .result(action): answer = .delivery(machine.resultPrepared(action))
            }
            let (expectedAnswer, expectedState) = Self.expected(from: state, on: event)
            #expect(answer == expectedAnswer, "\(state) on \(event)")
            #expect(machine.state == expectedState, "\(state) on \(event)")
        }
    }

    @Test("the engine is called exactly once over any sequence of two outcomes and two results")
    func theEngineIsCalledAtMostOnce() {
        let actions = SessionEngineAction.allCases
        for first in actions {
            for second in actions {
                var machine = DocSessionStateMachine(backButtonHidden: false)
                let refused = machine.resultPrepared(first)
                _ = machine.outcomeChosen(first)
                _ = machine.outcomeChosen(second)
                let calls = [machine.resultPrepared(second), machine.resultPrepared(first)].filter { $0 == .callEngine }
                #expect(refused == .refuseWithoutOutcome)
                #expect(calls.count == 1)
                #expect(machine.state == .finished(second))
            }
        }
    }
}

struct AutoCaptureGateTests {
    @Test func threeCapturableFramesInARowAreNeeded() {
        var gate = AutoCaptureGate()
        let good = FrameVerdict(isCapturable: true, documentType: .UNDEFINED)
        let bad = FrameVerdict(isCapturable: false)
        let decisions = [good, good, bad, good, good, good].map { gate.frameJudged($0) }
        #expect(decisions == [false, false, false, false, false, true])
        #expect(gate.framesJudged == 6)
    }

    @Test func aRefusedTypeResetsTheStreakButAnUnknownOneIsLetThrough() {
        var gate = AutoCaptureGate(requiredConsecutiveFrames: 1, acceptedTypes: [.RG_FRONT])
        let types: [DocumentTypeEnum] = [.PASSPORT, .UNDEFINED, .RG_FRONT]
        let decisions = types.map { gate.frameJudged(FrameVerdict(isCapturable: true, documentType: $0)) }
        #expect(decisions == [false, true, true])
        var any = AutoCaptureGate(requiredConsecutiveFrames: 1)
        let acceptedAny = any.frameJudged(FrameVerdict(isCapturable: true, documentType: .PASSPORT))
        #expect(acceptedAny)
    }
}

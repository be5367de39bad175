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

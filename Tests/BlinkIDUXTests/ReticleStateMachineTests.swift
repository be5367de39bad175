import Testing

@testable import BlinkIDUX

/// The reticle's debouncing, driven as tables of (time in ms, batch) → state shown after the batch.
@Suite
struct ReticleStateMachineTests {
    /// Feeds the batches and returns the state after each.
    static func run(
        _ steps: [(Int, [UIEvent])], machine: ReticleStateMachine = ReticleStateMachine()
    )
        -> [ReticleState]
    {
        var m = machine
        return steps.map { step in
            _ = m.eventsReceived(step.1, at: .milliseconds(step.0))
            return m.state
        }
    }

    @Test func guidanceNeedsAMajorityOfTheWindow() {
        let states = Self.run([(0, []), (100, [.tooFar]), (200, [.tooFar]), (300, [.tooFar])])
        #expect(states == [.front, .front, .error(.tooFar), .error(.tooFar)])
    }

    @Test func aStateStaysForTheMinimumDisplayTimeBeforeALowerOneReplacesIt() {
        let states = Self.run([(0, [.tooFar]), (500, []), (600, []), (900, []), (1100, [])])
        // nothing-wrong wins the vote at 600 ms, but the error stays until it has been shown 1 s
        #expect(states == [.error(.tooFar), .error(.tooFar), .error(.tooFar), .error(.tooFar), .front])
    }

    @Test func aHigherPriorityGuidanceCutsALowerOneShort() {
        let states = Self.run([(0, [.glare]), (100, [.wrongSide]), (200, [.wrongSide])])
        #expect(states == [.error(.glare), .error(.glare), .error(.wrongSide)])
    }

    @Test func aTieKeepsTheStateShown() {
        let states = Self.run([(0, [.blur]), (1000, [.tooClose]), (1100, [.blur]), (1200, [.tooClose])])
        #expect(states == [.error(.blur), .error(.blur), .error(.blur), .error(.blur)])
    }

    @Test func aTieWithoutTheStateShownGoesToTheHigherPriority() {
        // during the flip nothing shown can be tied; once it is over, the three-way tie goes to tooClose
        let states = Self.run([
            (0, [.requestDocumentSide(side: .back)]), (1900, [.blur]), (1950, [.tooClose]),
            (2050, []),
        ])
        #expect(states == [.flip, .flip, .flip, .error(.tooClose)])
    }

    @Test func votesOlderThanTheWindowAreForgotten() {
        let states = Self.run([(0, [.tilt]), (100, [.tilt]), (200, [.tilt]), (2000, []), (3100, [])])
        #expect(states == [.error(.tilt), .error(.tilt), .error(.tilt), .front, .front])
    }

    @Test func theBackSideRequestFlipsAtOnceAndAnnouncesIt() {
        var m = ReticleStateMachine()
        _ = m.eventsReceived([.tooFar], at: .zero)
        let flip = m.eventsReceived([.requestDocumentSide(side: .back)], at: .milliseconds(100))
        #expect(flip == ReticleStateMachine.Action(state: .flip, announcement: .frontScannedAnnouncement))
        #expect(m.eventsReceived([.tooClose], at: .milliseconds(1500)) == nil)  // the flip is shown 2 s
        #expect(m.eventsReceived([], at: .milliseconds(2000)) == nil)  // still within the flip's 2 s
        #expect(m.eventsReceived([], at: .milliseconds(2100))?.state == .back)  // nothing wrong, 2 votes to 1
        #expect(m.eventsReceived([.requestDocumentSide(side: .barcode)], at: .milliseconds(2300))?.state == .barcode)
    }

    @Test func successIsFinalUntilARestart() {
        var m = ReticleStateMachine()
        #expect(
            m.documentScanned(at: .zero)
                == ReticleStateMachine.Action(state: .success, announcement: .documentScannedAnnouncement))
        #expect(m.eventsReceived([.requestDocumentSide(side: .back)], at: .seconds(5)) == nil)
        #expect(m.documentScanned(at: .seconds(6)) == nil)
        #expect(m.restarted(at: .seconds(7))?.state == .front)
        #expect(m.eventsReceived([.glare], at: .seconds(8))?.state == .error(.glare))
    }

    @Test func everyStateHasAnInstructionAndSuccessOutranksEverything() {
        let states: [ReticleState] = [.front, .back, .barcode, .flip, .success, .error(.occlusion), .error(.wrongSide)]
        #expect(
            states.map(\.instruction) == [
                .scanFront, .scanBack, .scanBarcode, .flipDocument, .documentScanned,
                .keepFullyVisible, .flipDocument,
            ])
        #expect(states.allSatisfy { $0 == .success || $0.priority < ReticleState.success.priority })
        #expect(UXTextKey.torchHint(isTorchOn: true) == .torchTurnOffHint)
        #expect(UXTextKey.torchHint(isTorchOn: false) == .torchTurnOnHint)
    }
}

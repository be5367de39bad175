import Testing

@testable import BlinkID

@Suite struct ScanFlowTests {
    typealias O = ScanFlow.Observation

    /// Runs observations through a fresh flow and returns (processingStatus, scanningStatus) per frame.
    func run(_ mode: ScanningMode, _ observations: [O]) -> [(ProcessingStatus, ScanningStatus)?] {
        var flow = ScanFlow(mode: mode)
        return observations.map { o in flow.frameAnalyzed(o).map { ($0.processingStatus, $0.scanningStatus) } }
    }

    @Test func passportIsScannedInOneSide() {
        let r = run(.automatic, [.unusable(.detectionFailed), .mrzPending(isTD1: false), .mrzRead(isTD1: false)])
        #expect(r[0]! == (.detectionFailed, .scanningSideInProgress))
        #expect(r[1]! == (.mrzParsingFailed, .scanningSideInProgress))
        #expect(r[2]! == (.success, .documentScanned))
    }

    @Test func idCardNeedsFrontThenBack() {
        let r = run(.automatic, [.frontSide, .frontSide, .mrzPending(isTD1: true), .mrzRead(isTD1: true)])
        #expect(r[0]! == (.success, .sideScanned))
        #expect(r[1]! == (.scanningWrongSide, .scanningSideInProgress))
        #expect(r[2]! == (.mrzParsingFailed, .scanningSideInProgress))
        #expect(r[3]! == (.success, .documentScanned))
    }

    @Test func idCardBackFirstIsTheWrongSide() {
        var flow = ScanFlow(mode: .automatic)
        let outcome = flow.frameAnalyzed(.mrzRead(isTD1: true))
        #expect(outcome?.processingStatus == .scanningWrongSide)
        #expect(outcome?.acceptsMRZ == false)
        #expect(flow.state == .firstSide)
    }

    @Test func singleModeAcceptsTheMRZSideAlone() {
        let r = run(.single, [.mrzRead(isTD1: true)])
        #expect(r[0]! == (.success, .documentScanned))
    }

    @Test func passportPageAfterAnIDFrontIsTheWrongSide() {
        let r = run(.automatic, [.frontSide, .mrzRead(isTD1: false)])
        #expect(r[1]! == (.scanningWrongSide, .scanningSideInProgress))
    }

    @Test func framesAfterTheEndAreIgnored() {
        let r = run(.automatic, [.mrzRead(isTD1: false), .frontSide, .invalidInput])
        #expect(r[1] == nil && r[2] == nil)
    }

    @Test func invalidInputNeverAdvances() {
        var flow = ScanFlow(mode: .automatic)
        #expect(flow.frameAnalyzed(.invalidInput)?.processingStatus == .invalidInput)
        #expect(flow.state == .firstSide)
        _ = flow.frameAnalyzed(.frontSide)
        #expect(flow.frameAnalyzed(.invalidInput)?.side == .second)
        #expect(flow.state == .secondSide)
    }

    @Test func acceptanceFlagsFollowTheOutcome() {
        var flow = ScanFlow(mode: .automatic)
        let front = flow.frameAnalyzed(.frontSide)
        #expect(front?.acceptsSideImages == true && front?.acceptsMRZ == false)
        let back = flow.frameAnalyzed(.mrzRead(isTD1: true))
        #expect(back?.acceptsSideImages == true && back?.acceptsMRZ == true && back?.side == .second)
    }
}

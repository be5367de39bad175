import Testing

@testable import BlinkIDUX

/// The translator from per-frame results to UI events, driven as tables of frames and times.
@Suite
struct UIEventTranslatorTests {
    /// A per-frame result with only the fields the translator reads.
    static func frame(
        _ detection: DetectionStatus = .success, processing: ProcessingStatus = .detectionFailed,
        status: ScanningStatus = .scanningSideInProgress, blur: Bool = false, glare: Bool = false
    ) -> ProcessResult {
        ProcessResult(
            inputImageAnalysisResult: InputImageAnalysisResult(
                processingStatus: processing, documentDetectionStatus: detection, blurDetected: blur,
                glareDetected: glare),
            resultCompleteness: ResultCompleteness(scanningStatus: status))
    }

    /// Feeds `frames` (each at its time in milliseconds) and returns the batch after each.
    static func run(
        _ frames: [(Int, ProcessResult)], configuration: UIEventTranslator.Configuration = .init()
    )
        -> [[UIEvent]]
    {
        var translator = UIEventTranslator(configuration: configuration)
        return frames.map { translator.translate($0.1, at: .milliseconds($0.0)) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let result: ProcessResult
        let expected: [UIEvent]
        var testDescription: String { name }
    }

    /// One condition per row, held long enough to be reported.
    static let singleConditions: [Case] = [
        Case(name: "too close", result: frame(.cameraTooClose), expected: [.tooClose]),
        Case(name: "too far", result: frame(.cameraTooFar), expected: [.tooFar]),
        Case(name: "edge", result: frame(.documentTooCloseToCameraEdge), expected: [.tooCloseToEdge]),
        Case(name: "tilt", result: frame(.cameraAngleTooSteep), expected: [.tilt]),
        Case(name: "partially visible", result: frame(.documentPartiallyVisible), expected: [.notFullyVisible]),
        Case(name: "blur", result: frame(processing: .imagePreprocessingFailed, blur: true), expected: [.blur]),
        Case(name: "glare", result: frame(processing: .imagePreprocessingFailed, glare: true), expected: [.glare]),
        Case(name: "wrong side", result: frame(processing: .scanningWrongSide), expected: [.wrongSide]),
        Case(name: "nothing found", result: frame(.failed), expected: []),
        Case(name: "well placed", result: frame(processing: .success), expected: []),
        Case(name: "cancelled frame", result: frame(.cameraTooFar, status: .cancelled), expected: []),
        Case(name: "invalid input", result: frame(.cameraTooFar, processing: .invalidInput), expected: []),
    ]

    @Test(arguments: singleConditions)
    func aConditionHeldPastTheOnsetDelayIsReported(_ row: Case) {
        let batches = Self.run([(0, row.result), (100, row.result), (300, row.result)])
        #expect(batches[0] == [] && batches[1] == [])
        #expect(batches[2] == row.expected)
    }

    @Test func aSingleBadFrameIsNeverReported() {
        let batches = Self.run([
            (0, Self.frame(.cameraTooFar)), (100, Self.frame()), (400, Self.frame()),
            (500, Self.frame(.cameraTooFar)), (700, Self.frame(.cameraTooFar)),
        ])
        #expect(batches.allSatisfy { $0.isEmpty })
    }

    @Test func aConditionStopsOnTheFirstFrameWithoutIt() {
        let batches = Self.run([
            (0, Self.frame(.cameraTooFar)), (300, Self.frame(.cameraTooFar)),
            (330, Self.frame(processing: .success)), (360, Self.frame(.cameraTooFar)),
        ])
        #expect(batches == [[], [.tooFar], [], []])
    }

    @Test func severalConditionsComeOrderedByPriority() {
        let messy = Self.frame(.documentPartiallyVisible, processing: .scanningWrongSide, blur: true, glare: true)
        let batches = Self.run([(0, messy), (250, messy)])
        #expect(batches[1] == [.wrongSide, .blur, .glare, .notFullyVisible])
        #expect(batches[1].map(\.priority) == batches[1].map(\.priority).sorted(by: >))
    }

    @Test func theSideIsRequestedOnceWhenTheFrontIsDone() {
        let batches = Self.run([
            (0, Self.frame(.cameraTooFar)), (300, Self.frame(.cameraTooFar)),
            (330, Self.frame(processing: .success, status: .sideScanned)),
            (360, Self.frame(.cameraTooFar)), (400, Self.frame(processing: .awaitingOtherSide)),
            (700, Self.frame(.cameraTooFar)),
        ])
        #expect(batches == [[], [.tooFar], [.requestDocumentSide(side: .back)], [], [], []])
    }

    @Test func theBarcodeStepIsRequestedOnce() {
        let barcode = Self.frame(processing: .success, status: .scanningBarcodeInProgress)
        #expect(Self.run([(0, barcode), (30, barcode)]) == [[.requestDocumentSide(side: .barcode)], []])
    }

    @Test func anMRZThatStaysUnreadableOnAClearDocumentMeansOcclusion() {
        let unreadable = Self.frame(processing: .mrzParsingFailed)
        let configuration = UIEventTranslator.Configuration(onsetDelay: .zero, occlusionFrames: 3)
        let batches = Self.run(
            [
                (0, unreadable), (30, unreadable), (60, unreadable), (90, unreadable),
                (120, Self.frame(processing: .mrzParsingFailed, blur: true)), (150, unreadable),
            ],
            configuration: configuration)
        #expect(batches == [[], [], [.occlusion], [.occlusion], [.blur], []])
    }

    @Test func priorityFollowsTheGuidesOrder() {
        let guideOrder: [UIEvent] = [
            .requestDocumentSide(side: .back), .wrongSide, .tooClose, .tooFar,
            .tooCloseToEdge, .tilt, .blur, .glare, .notFullyVisible, .occlusion,
        ]
        #expect(guideOrder.sorted { $0.priority > $1.priority } == guideOrder)
        #expect(Set(guideOrder.map(\.priority)).count == guideOrder.count)
    }
}

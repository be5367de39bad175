import Testing

@testable import BlinkID

/// The barcode side of the scan flow as tables: (observation, barcode) per frame in, (processing
/// status, scanning status, accepts MRZ, accepts barcode) out.
@Suite struct ScanFlowBarcodeTests {
    typealias Frame = (ScanFlow.Observation, ScanFlow.BarcodeObservation)
    typealias Out = (ProcessingStatus, ScanningStatus, mrz: Bool, barcode: Bool)

    static func run(_ mode: ScanningMode, _ frames: [Frame]) -> [Out?] {
        var flow = ScanFlow(mode: mode)
        return frames.map { f in
            flow.frameAnalyzed(f.0, barcode: f.1).map {
                ($0.processingStatus, $0.scanningStatus, $0.acceptsMRZ, $0.acceptsBarcode)
            }
        }
    }

    static func same(_ a: [Out?], _ b: [Out?]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                switch (x, y) {
                case (nil, nil): return true
                case let (x?, y?): return x.0 == y.0 && x.1 == y.1 && x.mrz == y.mrz && x.barcode == y.barcode
                default: return false
                }
            }
    }

    @Test func aLicenceIsFrontThenBarcode() {
        let r = Self.run(
            .automatic,
            [
                (.frontSide, .none), (.frontSide, .none), (.unusable(.detectionFailed), .seen),
                (.frontSide, .read), (.frontSide, .read),
            ])
        #expect(
            Self.same(
                r,
                [
                    (.success, .sideScanned, false, false),
                    (.scanningWrongSide, .scanningSideInProgress, false, false),
                    (.barcodeRecognitionFailed, .scanningBarcodeInProgress, false, false),
                    (.success, .documentScanned, false, true), nil,
                ]))
    }

    @Test func aBarcodeSideFirstIsTheWrongSideInAutomaticModeAndEnoughInSingleMode() {
        #expect(
            Self.same(
                Self.run(.automatic, [(.frontSide, .read), (.unusable(.detectionFailed), .seen)]),
                [
                    (.scanningWrongSide, .scanningSideInProgress, false, false),
                    (.scanningWrongSide, .scanningSideInProgress, false, false),
                ]))
        #expect(
            Self.same(
                Self.run(.single, [(.unusable(.detectionFailed), .seen), (.frontSide, .read)]),
                [
                    (.barcodeRecognitionFailed, .scanningBarcodeInProgress, false, false),
                    (.success, .documentScanned, false, true),
                ]))
    }

    @Test func anUnreadMRZBesideABarcodeCountsAsTheBarcodeSide() {
        let r = Self.run(.automatic, [(.frontSide, .none), (.mrzPending(isTD1: false), .read)])
        #expect(Self.same(r, [(.success, .sideScanned, false, false), (.success, .documentScanned, false, true)]))
    }

    @Test func anMRZAndBarcodeBackNeedsBoth() {
        let r = Self.run(
            .automatic,
            [
                (.frontSide, .none), (.mrzRead(isTD1: true), .seen),
                (.mrzRead(isTD1: true), .seen),
                (.unusable(.imagePreprocessingFailed), .none), (.invalidInput, .none),
                (.mrzPending(isTD1: true), .read),
            ])
        #expect(
            Self.same(
                r,
                [
                    (.success, .sideScanned, false, false),
                    (.barcodeRecognitionFailed, .scanningBarcodeInProgress, true, false),
                    (.barcodeRecognitionFailed, .scanningBarcodeInProgress, false, false),
                    (.imagePreprocessingFailed, .scanningBarcodeInProgress, false, false),
                    (.invalidInput, .scanningBarcodeInProgress, false, false),
                    (.success, .documentScanned, false, true),
                ]))
    }

    @Test func anMRZAndBarcodeReadTogetherFinishAtOnceAndAnMRZWithoutBarcodeNeedsNone() {
        #expect(
            Self.same(
                Self.run(.single, [(.mrzRead(isTD1: true), .read)]),
                [(.success, .documentScanned, true, true)]))
        #expect(
            Self.same(
                Self.run(.single, [(.mrzRead(isTD1: true), .none)]),
                [(.success, .documentScanned, true, false)]))
    }

    @Test func aPassportIgnoresBarcodes() {
        #expect(
            Self.same(
                Self.run(.automatic, [(.mrzRead(isTD1: false), .seen)]),
                [(.success, .documentScanned, true, false)]))
    }
}

import CaptureCore
import Testing

@testable import DocumentEngine

/// The check of zxing-cpp's decoded symbols against the symbol's row indicators
/// (``PDF417ReadingCheck``): zxing-cpp 1.4 can return bytes a damaged symbol does not hold when it
/// misreads the indicators, and those readings must not be reported.
@Suite struct PDF417ReadingCheckTests {
    @Test(
        arguments: [
            // bytes, level (nil: not reported), rows, columns, indicated level, contradicted
            (60, 3, 14, 6, 3, false),
            (60, nil, 14, 6, 3, false),
            // The reading seen in CI: 178 bytes at level 7 from a 14 x 6 symbol of level 3.
            (178, 7, 14, 6, 3, true),
            (60, 2, 14, 6, 3, true),
            // 14 x 6 at level 3: 67 data codewords hold at most 197 digits.
            (197, 3, 14, 6, 3, false),
            (198, 3, 14, 6, 3, true),
            // Indicators whose level leaves no data codeword: nothing fits.
            (1, 7, 10, 6, 7, true),
        ] as [(Int, Int?, Int, Int, Int, Bool)])
    func aReadingIsContradictedByAnotherLevelOrMoreBytesThanTheSymbolHolds(
        bytes: Int, level: Int?, rows: Int, columns: Int, indicatedLevel: Int, contradicted: Bool
    ) {
        let why = PDF417ReadingCheck.contradiction(
            bytes: bytes, level: level, rows: rows, columns: columns, indicatedLevel: indicatedLevel)
        #expect((why != nil) == contradicted, "\(why ?? "nil")")
    }

    @Test func numericCompactionBoundsTheBytesOfACodewordCount() {
        #expect(PDF417ReadingCheck.maximumBytes(dataCodewords: 15) == 44)
        #expect(PDF417ReadingCheck.maximumBytes(dataCodewords: 1) == 3)
        #expect(PDF417ReadingCheck.maximumBytes(dataCodewords: 0) == 0)
        #expect(PDF417ReadingCheck.maximumBytes(dataCodewords: -5) == 0)
    }

    @Test func theSymbolZxingReadsIsCheckedAgainstItsOwnRowIndicatorsInTheFrame() throws {
        // Given the 14 x 6 symbol of level 3 on a page, decoded by zxing-cpp
        let page = BarcodeCodewordTests.page(hiding: [])
        guard case let .decoded(symbol) = try PDF417Decoder().attempt(page) else {
            Issue.record("the clean test symbol was not decoded")
            return
        }
        #expect(symbol.bytes == BarcodeCodewordTests.payload)
        // Then the true reading stands
        #expect(PDF417ReadingCheck.contradiction(of: symbol, in: page) == nil)
        // And the same corners with another level, or with more bytes than 14 x 6 hold, do not
        var otherLevel = symbol
        otherLevel.errorCorrectionLevel = 7
        #expect(PDF417ReadingCheck.contradiction(of: otherLevel, in: page)?.contains("level 7") == true)
        var tooLong = symbol
        tooLong.bytes = Array(repeating: 0x41, count: 300)
        #expect(PDF417ReadingCheck.contradiction(of: tooLong, in: page)?.contains("300 bytes") == true)
        // And corners with one of them a quarter of the height off (as zxing-cpp gave them with the
        // misread seen in CI) still let the indicators be read
        let c = symbol.corners.corners
        var skewed = otherLevel
        skewed.corners = Quadrilateral2D(corners: [
            c[0], c[1], c[2] + (c[1] - c[2]) * 0.25, c[3],
        ])
        #expect(PDF417ReadingCheck.contradiction(of: skewed, in: page)?.contains("level 7") == true)
        // And where no symbol is, nothing contradicts (the indicators cannot be read)
        let blank = GrayImage(width: 900, height: 400, fill: 235)
        #expect(PDF417ReadingCheck.contradiction(of: otherLevel, in: blank) == nil)
    }

    @Test func aCutOutOfTheSymbolIsReadItselfEvenWhereZxingsCornersAreWrong() throws {
        // Given the symbol cut out as the reader's looks cut it: upright, half as high (every
        // pixel row read), and corners that miss the symbol altogether
        let symbol = BarcodeCodewordTests.frame(hiding: [])
        let cutOut = symbol.resized(width: symbol.width, height: symbol.height / 2)
        let page = BarcodeCodewordTests.page(hiding: [])
        guard case var .decoded(decoded) = try PDF417Decoder().attempt(page) else {
            Issue.record("the clean test symbol was not decoded")
            return
        }
        decoded.corners = Quadrilateral2D(x: 0, y: 0, width: 120, height: 40)
        // Then the true reading stands, and another level or too many bytes are contradicted from
        // the cut-out's own indicators
        #expect(PDF417ReadingCheck.contradiction(of: decoded, in: page, cutOut: (cutOut, 1, nil)) == nil)
        var otherLevel = decoded
        otherLevel.errorCorrectionLevel = 7
        #expect(
            PDF417ReadingCheck.contradiction(of: otherLevel, in: page, cutOut: (cutOut, 1, nil))?.contains("level 7")
                == true
        )
        var tooLong = decoded
        tooLong.bytes = Array(repeating: 0x41, count: 300)
        #expect(
            PDF417ReadingCheck.contradiction(of: tooLong, in: page, cutOut: (cutOut, 1, nil))?.contains("300 bytes")
                == true)
        // And at the wrong corners alone nothing can be read, so nothing is contradicted
        #expect(PDF417ReadingCheck.contradiction(of: otherLevel, in: page) == nil)
        // And a cut-out that holds no symbol falls back to zxing-cpp's corners
        let blank = GrayImage(width: cutOut.width, height: cutOut.height, fill: 235)
        var atTrueCorners = otherLevel
        guard case let .decoded(original) = try PDF417Decoder().attempt(page) else { return }
        atTrueCorners.corners = original.corners
        #expect(
            PDF417ReadingCheck.contradiction(of: atTrueCorners, in: page, cutOut: (blank, 1, nil))?.contains("level 7")
                == true)
    }

    @Test func theRowScannerReadsAHalfHeightImageRowByRowAsAFullOneEverySecondRow() throws {
        let symbol = BarcodeCodewordTests.frame(hiding: [])
        let half = symbol.resized(width: symbol.width, height: symbol.height / 2)
        let full = try #require(PDF417RowScanner().scan(symbol))
        let rowByRow = try #require(PDF417RowScanner(rowStep: 1).scan(half))
        #expect(rowByRow.rows == full.rows && rowByRow.columns == full.columns)
        #expect(rowByRow.errorCorrectionLevel == full.errorCorrectionLevel)
        #expect(rowByRow.corrected() == BarcodeCodewordTests.block())
        #expect(PDF417RowScanner(rowStep: 0).rowStep == 1)
    }

    @Test func theRowScannerReadsOnlyTheOrientationItIsGiven() throws {
        let symbol = BarcodeCodewordTests.frame(hiding: [])
        let turned = symbol.rotated(quarterTurnsClockwise: 2)
        let scanner = PDF417RowScanner()
        // Given the symbol's orientation, that one reads it
        #expect(scanner.scan(symbol, upright: true)?.corrected() == BarcodeCodewordTests.block())
        #expect(scanner.scan(turned, upright: false)?.corrected() == BarcodeCodewordTests.block())
        // And the other one is not read at all
        #expect(scanner.scan(turned, upright: true) == nil)
        #expect(scanner.scan(symbol, upright: false) == nil)
        // Without it, both are read
        #expect(scanner.scan(turned)?.corrected() == BarcodeCodewordTests.block())
    }

    @Test func zxingsCornersTellWhetherTheSymbolIsUpright() {
        let upright = Quadrilateral2D(corners: [
            Point2D(x: 20, y: 10), Point2D(x: 300, y: 14), Point2D(x: 298, y: 110), Point2D(x: 22, y: 106),
        ])
        #expect(PDF417Reader.isUpright(upright, width: 320) == true)
        // The same symbol turned by 180°: its upper left corner comes first, at the right.
        let c = upright.corners
        #expect(PDF417Reader.isUpright(Quadrilateral2D(corners: [c[2], c[3], c[0], c[1]]), width: 320) == false)
        // A first side across the rows, or corners bunched together, tell nothing.
        #expect(PDF417Reader.isUpright(Quadrilateral2D(corners: [c[3], c[0], c[1], c[2]]), width: 320) == nil)
        #expect(
            PDF417Reader.isUpright(
                Quadrilateral2D(corners: [
                    Point2D(x: 100, y: 10), Point2D(x: 130, y: 10), Point2D(x: 130, y: 90), Point2D(x: 100, y: 90),
                ]), width: 320) == nil)
    }

    @Test func aCutOutIsCheckedInTheOrientationZxingsCornersGive() throws {
        // Given the symbol cut out upside down (half height), decoded at corners off the symbol
        let symbol = BarcodeCodewordTests.frame(hiding: [])
        let cutOut = symbol.resized(width: symbol.width, height: symbol.height / 2).rotated(quarterTurnsClockwise: 2)
        let page = BarcodeCodewordTests.page(hiding: [])
        guard case var .decoded(decoded) = try PDF417Decoder().attempt(page) else {
            Issue.record("the clean test symbol was not decoded")
            return
        }
        decoded.corners = Quadrilateral2D(x: 0, y: 0, width: 120, height: 40)
        decoded.errorCorrectionLevel = 7
        // Then read turned (as the corners say), the cut-out's indicators contradict another level
        #expect(
            PDF417ReadingCheck.contradiction(of: decoded, in: page, cutOut: (cutOut, 1, false))?.contains("level 7")
                == true)
        #expect(
            PDF417ReadingCheck.contradiction(of: decoded, in: page, cutOut: (cutOut, 1, nil))?.contains("level 7")
                == true)
        // And read upright only, the cut-out gives nothing and nothing else can be read there
        #expect(PDF417ReadingCheck.contradiction(of: decoded, in: page, cutOut: (cutOut, 1, true)) == nil)
    }
}

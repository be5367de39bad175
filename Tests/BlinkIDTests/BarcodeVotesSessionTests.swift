import CaptureCore
import Testing

@testable import BlinkID
@testable import DocumentEngine

/// A live (video) session combines the codeword votes of the frames of one card: a licence back
/// whose every frame loses too many codewords to read alone is read once the frames together
/// cover it, and frames of two cards are never added up into a payload. The back frames are built
/// here from codewords: a PDF417 symbol (14 rows, 6 columns, level 3: 16 error-correction
/// codewords, 14 erasures usable) with groups of codewords painted over, as glare would.
@Suite(.timeLimit(.minutes(3)))
struct BarcodeVotesSessionTests {
    static let rows = 14, columns = 6, level = 3
    /// Two cards of one issuer whose document numbers differ in their last digit: their symbols
    /// differ in one or two data codewords and nearly every error-correction codeword.
    static let firstPayload = Array("@\nANSI 636000080002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\n".utf8)
    static let secondPayload = Array("@\nANSI 636000080002DL00410278ZV03190008DLDAQT64235788\nDCSSAMPLE\n".utf8)

    typealias Hidden = [(rows: Range<Int>, columns: Range<Int>)]
    /// 24 codewords lost, two per row in rows 0-11, at columns `shift + row` and `shift + row + 3`
    /// (mod 6): scattered, as glare spots are (more than the 14 erasures the symbol can spare).
    static func scattered(shift: Int) -> Hidden {
        (0..<12).flatMap { r in
            [(r + shift) % 6, (r + shift + 3) % 6].map { c in (rows: r..<(r + 1), columns: c..<(c + 1)) }
        }
    }
    static let gaps = scattered(shift: 0)
    /// 24 other codewords lost, none where ``gaps`` loses one.
    static let others = scattered(shift: 1)

    /// A 900 x 400 frame of the symbol of `payload` at 3 pixels per module on a light page, the
    /// codewords of `hidden` painted light gray.
    static func frame(_ payload: [UInt8], hiding hidden: Hidden) throws -> InputImage {
        let block = try #require(
            PDF417CodewordTable.blockCodewords(payload, rows: rows, columns: columns, level: level))
        let grid = try #require(PDF417CodewordGrid(rows: rows, columns: columns, errorCorrectionLevel: level))
        let scale = 3
        var symbol = try #require(grid.image(of: block, scale: scale))
        let rowHeight = 3 * scale
        for (rows, columns) in hidden {
            for y in (2 * scale + rows.lowerBound * rowHeight)..<(2 * scale + rows.upperBound * rowHeight) {
                // Data column c starts after the quiet zone (2), start (17) and left indicator (17).
                for x in ((2 + 34 + 17 * columns.lowerBound) * scale)..<((2 + 34 + 17 * columns.upperBound) * scale) {
                    symbol.pixels[y * symbol.width + x] = 200
                }
            }
        }
        var page = GrayImage(width: 900, height: 400, fill: 235)
        let x0 = (900 - symbol.width) / 2, y0 = (400 - symbol.height) / 2
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { page.pixels[(y + y0) * 900 + x + x0] = symbol.pixels[y * symbol.width + x] }
        }
        return InputImage(grayImage: page)
    }

    /// A session of `source` with a licence front already scanned, waiting for the back.
    static func sessionAtTheBack(_ source: InputImageSource) async throws -> BlinkIDSession {
        let sdk = try await BlinkIDSessionTests.sdk()
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: source, scanningMode: .automatic))
        let front = await session.process(inputImage: try LicenceFixtures.front(seed: 11))
        #expect(front.processResult?.resultCompleteness.scanningStatus == .sideScanned)
        return session
    }

    @Test func aBackNoFrameReadsAloneIsReadFromTheVotesOfItsFrames() async throws {
        // Two frames of one card, each losing 24 codewords (more than the 14 usable), in other places.
        let frames = [
            try Self.frame(Self.firstPayload, hiding: Self.gaps),
            try Self.frame(Self.firstPayload, hiding: Self.others),
        ]
        let video = try await Self.sessionAtTheBack(.video)
        let first = await video.process(inputImage: frames[0])
        #expect(first.processResult?.resultCompleteness.barcodeExtracted == false)
        #expect(first.processResult?.resultCompleteness.scanningStatus != .documentScanned)
        let second = await video.process(inputImage: frames[1])
        #expect(second.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(await video.getResult().barcode?.rawData == Self.firstPayload)

        // Photos are read one by one: the same two frames give no barcode.
        let photo = try await Self.sessionAtTheBack(.photo)
        for frame in frames {
            let result = await photo.process(inputImage: frame)
            #expect(result.processResult?.resultCompleteness.barcodeExtracted == false)
        }
        #expect(await photo.getResult().barcode == nil)
    }

    @Test func aSingleModePhotoOfABackIsReadWithoutACardFound() async throws {
        // A back (4 codewords lost) on a page where no card is found. A photo in single mode may be
        // the scan's only side: it gets the reader's full plan, codeword look included, as a second
        // side does, not the card-gated quick looks of a first side.
        let frame = try Self.frame(Self.firstPayload, hiding: Hidden(Self.gaps.prefix(4)))
        let sdk = try await BlinkIDSessionTests.sdk()
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo, scanningMode: .single))
        let result = await session.process(inputImage: frame)
        #expect(result.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(await session.getResult().barcode?.rawData == Self.firstPayload)
    }

    @Test func framesOfTwoCardsAreNeverAddedUpIntoAPayload() async throws {
        // Two frames of the first card losing the same codewords, then one of the second card
        // losing others: added up blindly, the second card's frame fills the first card's gaps
        // with the codewords both share and the votes give the first card's payload while the
        // second is shown. The session starts over instead.
        let session = try await Self.sessionAtTheBack(.video)
        for frame in [
            try Self.frame(Self.firstPayload, hiding: Self.gaps),
            try Self.frame(Self.firstPayload, hiding: Self.gaps),
            try Self.frame(Self.secondPayload, hiding: Self.others),
        ] {
            let result = await session.process(inputImage: frame)
            #expect(result.processResult?.resultCompleteness.barcodeExtracted == false)
        }
        #expect(await session.getResult().barcode == nil)
        // The second card's next frame completes it from its own frames: its payload, exactly.
        let last = await session.process(inputImage: try Self.frame(Self.secondPayload, hiding: Self.gaps))
        #expect(last.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(await session.getResult().barcode?.rawData == Self.secondPayload)
    }
}

import CaptureCore
import DocumentSynthesis
import Testing

@testable import DocumentEngine

/// ``PDF417Reader`` on rendered licence backs placed in frames with known poses and degradations.
@Suite struct BarcodeReaderTests {
    /// A generated licence back and its payload.
    private func back(
        seed: UInt64, version: Int? = nil, scale: Double = 8
    ) throws -> (RenderedLicenceBack, GeneratedAAMVAPayload) {
        let payload = AAMVAPayloadGenerator().generate(seed: seed, version: version)
        return (try LicenceBackRenderer(pixelsPerMillimetre: scale).render(payload: payload.bytes, seed: seed), payload)
    }

    @Test func aCleanUprightBackReadsExactlyWithItsFields() throws {
        let (card, payload) = try back(seed: 1, version: 10)
        let quad = CardPlacement.corners(width: 960, height: 540, cardWidth: 620, degrees: 0)
        let frame = CardPlacement.frame(card: card.image, quad: quad, width: 960, height: 540)
        let reading = try PDF417Reader().read(frame, card: quad)
        #expect(reading.symbol.bytes == payload.bytes)
        #expect(reading.record?.fields == payload.fields)
        // The texture search finds the symbol and its outline first: an upright card needs no other look.
        #expect(reading.look == .foundOutline && reading.looks == 1)
        // The reported corners lie on the printed symbol (mapped into the frame).
        let toFrame = Homography(
            from: Quadrilateral2D(
                x: 0, y: 0, width: Double(card.image.width),
                height: Double(card.image.height)), to: quad)!
        let truth = card.barcode.mapped(toFrame.apply)
        #expect(reading.symbol.corners.centroid.distance(to: truth.centroid) < 12)
    }

    @Test func aTurnedTiltedBlurredNoisyJPEGBackIsRead() throws {
        for (seed, degrees) in [(UInt64(2), 25.0), (3, -160), (4, 95)] {
            let (card, payload) = try back(seed: seed)
            let quad = CardPlacement.corners(width: 960, height: 720, cardWidth: 720, degrees: degrees, keystone: 0.1)
            var frame = CardPlacement.frame(card: card.image, quad: quad, width: 960, height: 720)
            frame = CardPlacement.noisy(frame.gaussianBlurred(sigma: 0.7), sigma: 3, seed: seed)
            frame = try CardPlacement.jpeg(frame, quality: 70)
            let reading = try PDF417Reader().read(frame, card: quad)
            #expect(reading.symbol.bytes == payload.bytes, "seed \(seed)")
            #expect(reading.looks <= PDF417Reader.maximumLooks)
        }
    }

    @Test func theLocalisersQuadIsEnoughAndNoQuadFallsBackToTheWholeFrame() throws {
        let (card, payload) = try back(seed: 5)
        let quad = CardPlacement.corners(width: 960, height: 540, cardWidth: 640, degrees: 8, keystone: 0.05)
        let frame = CardPlacement.frame(card: card.image, quad: quad, width: 960, height: 540)
        let located = DocumentLocalizer().locate(in: frame, roi: PixelRect(x: 0, y: 0, width: 960, height: 540))
        #expect(located != nil)
        #expect(try PDF417Reader().read(frame, card: located?.quad).symbol.bytes == payload.bytes)
        // Without a quadrilateral the reader finds the symbol by its texture (zxing-cpp alone misses
        // symbols turned by more than a few degrees).
        let whole = try PDF417Reader().read(frame, card: nil)
        #expect(whole.symbol.bytes == payload.bytes)
        #expect([.wholeFrame, .foundRegion, .foundOutline].contains(whole.look))
    }

    @Test func aSmallBlurredSymbolIsReadAfterEnlargement() throws {
        // Given a card 440 px wide (modules ~1.3 px), turned, blurred and compressed
        let (card, payload) = try back(seed: 6, scale: 6)
        let quad = CardPlacement.corners(width: 640, height: 480, cardWidth: 440, degrees: 12, keystone: 0.05)
        var frame = CardPlacement.frame(card: card.image, quad: quad, width: 640, height: 480)
        frame = try CardPlacement.jpeg(
            CardPlacement.noisy(frame.gaussianBlurred(sigma: 0.4), sigma: 2, seed: 6), quality: 80)
        let reading = try PDF417Reader().read(frame, card: quad)
        #expect(reading.symbol.bytes == payload.bytes)
        #expect(reading.look != .cardRegion)
    }

    @Test func aFrameWithoutASymbolFailsWithinTheLookBudget() throws {
        let frame = CardPlacement.noisy(GrayImage(width: 320, height: 200, fill: 128), sigma: 6, seed: 1)
        let quad = CardPlacement.corners(width: 320, height: 200, cardWidth: 200, degrees: 3)
        #expect(throws: BarcodeError.notFound) { try PDF417Reader().read(frame, card: quad) }
        #expect(throws: BarcodeError.notFound) { try PDF417Reader().read(frame, card: nil) }
        #expect(throws: BarcodeError.invalidImage(width: 0, height: 0)) {
            try PDF417Reader().read(GrayImage(width: 0, height: 0), card: nil)
        }
    }

    @Test func aDecodedAAMVAPayloadIsReturnedWhateverItsHeaderSaysAndOtherPayloadsOnlyWhenAllowed() throws {
        // A symbol whose content starts like an AAMVA file but whose directory does not hold: read,
        // with the lie as a warning.
        var bytes = AAMVAFixture.textbook.bytes
        bytes.replaceSubrange(27..<31, with: Array("0150".utf8))
        let symbol = try PDF417Encoder(margin: 6).encode(bytes: bytes)
        let frame = symbol.resized(width: symbol.width * 2, height: symbol.height * 2)
        let dlLength = 2 + AAMVAFixture.textbookLines.joined(separator: "\n").utf8.count + 1
        let reading = try PDF417Reader(acceptsNonAAMVA: false).read(frame, card: nil)
        #expect(reading.symbol.bytes == bytes)
        #expect(reading.record?.fields.customerID == "T64235789")
        #expect(
            reading.record?.warnings == [.recovered(.subfileLengthMismatch(type: "DL", declared: 150, found: dlLength))]
        )
        // An AAMVA header over no DL/ID element: the raw payload is still returned, with why.
        var empty = AAMVAFixture.textbook
        empty.subfiles = [("ZV", ["ZVA01"])]
        let bare = try PDF417Encoder(margin: 6).encode(bytes: empty.bytes)
        let bareReading = try PDF417Reader(acceptsNonAAMVA: false)
            .read(bare.resized(width: bare.width * 2, height: bare.height * 2), card: nil)
        #expect(bareReading.record == nil && bareReading.payloadError == .noDocumentSubfile)
        #expect(bareReading.symbol.bytes == empty.bytes)
        // A payload that is not AAMVA at all: accepted only when allowed.
        let other = try PDF417Encoder(margin: 6).encode(bytes: Array("HELLO 1234".utf8))
        let plain = other.resized(width: other.width * 2, height: other.height * 2)
        #expect(try PDF417Reader().read(plain, card: nil).record == nil)
        #expect(throws: BarcodeError.invalidPayload(.missingComplianceIndicator)) {
            try PDF417Reader(acceptsNonAAMVA: false).read(plain, card: nil)
        }
    }

    @Test func theProfileListsEveryStepWithinTheWorkBudget() throws {
        // A read frame: the finder first, the decoding look last, its work counted.
        let (card, payload) = try back(seed: 1, version: 10)
        let quad = CardPlacement.corners(width: 960, height: 540, cardWidth: 620, degrees: 0)
        let frame = CardPlacement.frame(card: card.image, quad: quad, width: 960, height: 540)
        var profile: PDF417ReadProfile? = PDF417ReadProfile()
        var evidence = PDF417CodewordEvidence()
        let reading = try PDF417Reader().read(frame, card: quad, profile: &profile, evidence: &evidence)
        #expect(reading.symbol.bytes == payload.bytes)
        let steps = try #require(profile?.steps)
        #expect(steps.first?.name == "finder")
        #expect(steps.last?.name == "\(reading.look.rawValue)#0" && steps.last?.outcome == "decoded")
        #expect((steps.last?.work ?? 0) > 0)
        // A frame of stripes and noise that never decodes: the work grows step by step and never
        // passes the budget, whatever looks the plan holds.
        var stripes = GrayImage(width: 960, height: 540, fill: 200)
        for y in 0..<540 {
            for x in 0..<960 where (x / 3 + y / 40) % 2 == 0 { stripes.pixels[y * 960 + x] = 40 }
        }
        let noisy = CardPlacement.noisy(stripes, sigma: 12, seed: 3)
        var failed: PDF417ReadProfile? = PDF417ReadProfile()
        var none = PDF417CodewordEvidence()
        let cardQuad = CardPlacement.corners(width: 960, height: 540, cardWidth: 750, degrees: 2)
        #expect(throws: BarcodeError.self) {
            try PDF417Reader().read(noisy, card: cardQuad, profile: &failed, evidence: &none)
        }
        let work = try #require(failed?.steps.map(\.work))
        #expect(work.count >= 4)
        #expect(zip(work, work.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((work.last ?? 0) <= PDF417Reader.maximumWork && (work.last ?? 0) > 0)
        // Without a profile asked for, none is made.
        var unasked: PDF417ReadProfile?
        _ = try PDF417Reader().read(frame, card: quad, profile: &unasked, evidence: &evidence)
        #expect(unasked == nil)
    }

    @Test func pacingTakesTheFurtherLooksInTurnAndStartsOver() {
        var pacing = PDF417Pacing(looksPerFrame: 2)
        let plan = ["a", "b", "c", "d", "e"]
        #expect(pacing.take(plan) == ["a", "b"])
        #expect(pacing.take(plan) == ["c", "d"])
        #expect(pacing.take(plan) == ["e", "a"])
        // A frame with a shorter plan goes on at the same place, counted modulo its length.
        #expect(pacing.take(["a", "b", "c"]) == ["b", "c"])
        pacing.reset()
        #expect(pacing.take(plan) == ["a", "b"])
        #expect(pacing.take([String]()) == [])
        var whole = PDF417Pacing.full
        #expect(whole.take(plan) == plan && whole.take(plan) == plan)
        var none = PDF417Pacing(looksPerFrame: 0)
        #expect(none.take(plan) == [])
        #expect(PDF417Pacing(looksPerFrame: -3).looksPerFrame == 0)
    }

    @Test func videoPacingSpreadsThePlanOverTheCardsFrames() throws {
        // A frame of stripes and noise that never decodes: the whole plan is made on it.
        var stripes = GrayImage(width: 960, height: 540, fill: 200)
        for y in 0..<540 {
            for x in 0..<960 where (x / 3 + y / 40) % 2 == 0 { stripes.pixels[y * 960 + x] = 40 }
        }
        let noisy = CardPlacement.noisy(stripes, sigma: 12, seed: 3)
        let cardQuad = CardPlacement.corners(width: 960, height: 540, cardWidth: 750, degrees: 2)
        let reader = PDF417Reader()
        func looks(_ pacing: inout PDF417Pacing) throws -> [String] {
            var profile: PDF417ReadProfile? = PDF417ReadProfile()
            var evidence = PDF417CodewordEvidence()
            #expect(throws: BarcodeError.self) {
                try reader.read(
                    noisy, card: cardQuad, profile: &profile, evidence: &evidence, pacing: &pacing)
            }
            let steps = try #require(profile?.steps)
            return steps.filter {
                !["finder", "outline#0", "codewordGrid"].contains($0.name) && $0.outcome != "skipped"
            }
            .map(\.name)
        }
        var whole = PDF417Pacing.full
        let plan = try looks(&whole)
        var pacing = PDF417Pacing(looksPerFrame: 2)
        let first = try looks(&pacing)
        let second = try looks(&pacing)
        // Each frame makes the first looks, then the next two of the rest of the plan.
        let head = first.count - 2
        try #require(head >= 1 && plan.count >= head + 4)
        #expect(first == Array(plan[0..<head + 2]))
        #expect(second == Array(plan[0..<head]) + Array(plan[head + 2..<head + 4]))
        #expect(second.count < plan.count)
    }

    @Test func cancellationStopsBetweenLooks() throws {
        let frame = GrayImage(width: 320, height: 200, fill: 200)
        let quad = CardPlacement.corners(width: 320, height: 200, cardWidth: 200, degrees: 0)
        var polls = 0
        #expect(throws: BarcodeError.notFound) {
            try PDF417Reader().read(
                frame, card: quad,
                isCancelled: {
                    polls += 1; return true
                })
        }
        #expect(polls >= 1)
    }
}

package import CaptureCore

/// Reads the PDF417 symbol on the back of a card (an AAMVA driver licence or ID) from a camera frame.
///
/// It makes a fixed sequence of looks and stops at the first symbol that decodes: zxing-cpp's
/// Reed-Solomon error correction accepted it, so its bytes are what the issuer wrote. An AAMVA
/// payload (``AAMVAParser/isAAMVAPayload(_:)``) is parsed leniently and returned with its warnings
/// whatever its header says; one that holds no DL/ID element at all is still returned, raw, with
/// ``Reading/payloadError`` set. A payload that is not AAMVA is returned unless ``acceptsNonAAMVA``
/// is false; then the reader stops and reports ``BarcodeError/invalidPayload(_:)`` (another look
/// would decode the same bytes, so looking on only costs time).
///
/// The looks, in order (``Look``):
/// 1. the symbol found by its texture (``BarcodeRegionFinder``): its own outline fitted
///    (``BarcodeOutlineFitter``, on the region cut out along its axes at half size) and rectified
///    from the frame, enlarged so its rows span about 1100 pixels, half as much across them
///    (``rowScale``) (undoes rotation, perspective and
///    small modules);
/// 2. when no outline was fitted: the region itself cut out and enlarged the same way;
/// 2a. the finder's next candidates (up to ``maximumCandidates`` in all, ranked by start/stop
///    pattern evidence: a guilloche, striped paper or text lines may rank before a blurred symbol),
///    each cut out, and its outline fitted when its patterns were seen;
/// 3. with a card quadrilateral: the card rectified as ID-1 at about 3 pixels per 0.25 mm module
///    (and zxing-cpp's own search of the region around the card, only when the finder gave no
///    candidate); without one, the whole frame (zxing-cpp's local-average binariser, rotations);
/// 4. further preparations of the outline, cut-out and card images: sharpening (defocus), then
///    (when an outline was fitted) the plain cut-out of 2, then local-mean thresholds;
/// 5. when some look saw a symbol that failed error correction: that symbol's area rectified alone;
/// 6. only when every zxing-cpp look failed (so it costs nothing on frames zxing-cpp reads): the
///    codewords of the first candidate's fitted outline read with the symbol's own geometry
///    (``PDF417RowScanner``: start and stop patterns, row indicators, two binarisations), unreadable
///    ones as erasures, corrected by ``PDF417ErrorCorrection`` with two codewords kept in reserve,
///    the corrected block decoded to bytes by zxing-cpp from a clean drawing (its own error
///    correction checks it once more); in video, the votes of earlier frames of the same symbol are
///    added first (``read(_:card:quick:profile:evidence:isCancelled:)``).
/// The order is by what reads most at least cost, counted on the tuning family with
/// `capkit eval-barcode --timings` (outline first: it reads most frames the plain cut-out reads
/// and many it does not; after a fitted outline failed, the plain cut-out never read a tuning hard
/// frame and the card read the phone-like frames it read, at less cost; smoothing and a global
/// Otsu threshold were dropped: they never read one).
///
/// **In video** (``PDF417Pacing``), each frame makes the first look (the fitted outline; the plain
/// cut-out too when none was fitted) and the codeword look, and only a few of the further looks,
/// going on where the card's previous frame stopped: the plan is spread over the card's frames.
///
/// **Bounded work:** at most ``maximumLooks`` decoder calls per frame and ``maximumWork`` work
/// units (``workUnits(_:_:)``, a thousand pixels handed to zxing-cpp each), each call on an image
/// of at most the frame's size (cut-outs are at most 1600 x 600 pixels, cards 1370 x 432), plus
/// one texture pass over every second pixel of the frame and at most one codeword look (a row
/// scan of the first look's outline cut-out, outside the decoder budget); `isCancelled` is polled between looks.
/// Measured on 1920 x 1080 frames with `capkit eval-barcode --timings` (CPU per step).
package struct PDF417Reader: Sendable {
    /// Which look produced a reading.
    package enum Look: String, Sendable, Equatable, CaseIterable {
        case cardRegion
        case wholeFrame
        case foundRegion
        case foundOutline
        case foundOutlineLocalMean
        case rectifiedCard
        case foundOutlineSharpened
        case rectifiedCardLocalMean
        case foundRegionLocalMean
        case symbolRectified
        case symbolRectifiedLocalMean
        /// The codewords read with the symbol's own geometry (``PDF417RowScanner``) from the fitted
        /// outline, unreadable ones erased, corrected by ``PDF417ErrorCorrection`` (with the votes
        /// of earlier frames of the same symbol when the caller keeps them).
        case codewordGrid
    }

    /// A successful reading.
    package struct Reading: Sendable, Equatable {
        /// The symbol, its corners in frame pixels.
        package var symbol: PDF417Symbol
        /// The parsed AAMVA file; nil for a payload that is not AAMVA, or holds no DL/ID element.
        package var record: AAMVARecord?
        /// Why an AAMVA payload gave no record (nil when it gave one, or is not AAMVA).
        package var payloadError: AAMVAError?
        /// The look that read it, and how many looks were made.
        package var look: Look
        package var looks: Int
    }

    /// Whether payloads that are not AAMVA files are returned (else rejected as invalid).
    package var acceptsNonAAMVA = true
    /// Upper bound on decoder calls per frame.
    package static let maximumLooks = 12
    /// Upper bound on the work of a frame's decoder calls, in ``workUnits(_:_:)``: a look that
    /// would pass it is not made, so that a frame without a legible symbol costs a bounded amount
    /// whatever the machine's speed. About six looks at an upright cut-out: the budget of 4,800
    /// units at full vertical scale, halved with the images (``rowScale``); the looks of the
    /// tuning family read within 1,800 units (`capkit eval-barcode --timings`).
    package static let maximumWork = 2400

    /// The work units of one decoder call on `image`: a thousand pixels each, a third more when
    /// the decoder also looks at downscaled copies. zxing-cpp's time grows with the pixels it
    /// binarises and scans (measured per look with `capkit eval-barcode --timings`).
    package static func workUnits(_ image: GrayImage, _ decoder: PDF417Decoder) -> Int {
        let units = (image.width * image.height + 999) / 1000
        return decoder.tryDownscale && max(image.width, image.height) > 500 ? units + units / 3 : units
    }
    /// How much less the images handed to zxing-cpp are enlarged across the symbol's rows than
    /// along them (cut-outs, outlines and the rectified card; the outline itself is fitted at full
    /// scale). zxing-cpp reads the codewords of every pixel row of a symbol, so its time grows with
    /// the symbol's height in pixels; a row of at least three modules at half the vertical scale
    /// still spans five pixel rows or more. Decided on the tuning family with `capkit eval-barcode
    /// --timings` (40 frames a tier, seed 17): at 0.5 every tier reads the frames it read at 1 and
    /// the reader's CPU time per frame about halves; at 0.35 the hard tier reads one frame fewer.
    /// The codeword look (``PDF417RowScanner``) reads every pixel row of the half-height outline
    /// cut-out: the rows a full-scale cut-out read every second row gives.
    package static let rowScale = 0.5
    /// Texture-found candidate regions looked at per frame (``BarcodeRegionFinder/candidates(in:within:limit:)``).
    package static let maximumCandidates = 3

    /// Nominal PDF417 module width on AAMVA cards, millimetres (X ≈ 0.25 mm: about 70 mm for 273 modules).
    static let nominalModule = 0.256
    static let cardWidth = 85.6
    static let cardHeight = 53.98

    /// Finds the symbol's candidate regions by their texture (its thresholds can be varied to measure them).
    package var regionFinder = BarcodeRegionFinder()

    /// Whether the codeword look (``Look/codewordGrid``) is made when the zxing-cpp looks fail
    /// (off only to measure the reader without it).
    package var readsCodewords = true

    package init(acceptsNonAAMVA: Bool = true, readsCodewords: Bool = true) {
        self.acceptsNonAAMVA = acceptsNonAAMVA
        self.readsCodewords = readsCodewords
    }

    /// Derives the codeword table the codeword look needs (``PDF417CodewordTable``), which
    /// otherwise happens on the first frame that needs it; false when the derivation failed (the
    /// codeword look then never reads).
    @discardableResult
    package static func prepareCodewordTable() -> Bool {
        PDF417CodewordTable.derivationError == nil
    }

    /// Reads the symbol in `frame`; `card` is the card's quadrilateral in frame pixels (any corner
    /// order along the outline), nil to search the whole frame. `quick` makes only the two texture
    /// looks (``Look/foundOutline``, ``Look/foundRegion``): for frames where a barcode is merely
    /// possible, at a fraction of the full plan's cost.
    package func read(
        _ frame: GrayImage, card: Quadrilateral2D?, quick: Bool = false, isCancelled: () -> Bool = { false }
    )
        throws(BarcodeError) -> Reading
    {
        var profile: PDF417ReadProfile?
        var evidence = PDF417CodewordEvidence()
        return try read(
            frame, card: card, quick: quick, profile: &profile, evidence: &evidence, isCancelled: isCancelled)
    }

    /// Reads the symbol in `frame` as ``read(_:card:quick:isCancelled:)`` does. When `profile` is
    /// not nil, each step's CPU time and outcome are appended to it (``PDF417ReadProfile``).
    /// `evidence` combines codewords across the frames of a video: when no look decodes, the
    /// codewords read in this frame (``Look/codewordGrid``) are added to it
    /// (``PDF417CodewordEvidence/add(_:)``: they join the votes of earlier frames of the same
    /// symbol, or start it over when they are another card's) and the combined votes are
    /// corrected, then this frame's alone when they differ. A block corrected from the combined
    /// votes is returned only when this frame's own codewords agree with it but for at most half
    /// its error-correction codewords' count (a frame of another card disagrees in nearly all of
    /// them); else the evidence starts over with this frame. Start a sequence with an empty
    /// evidence; the caller resets it when the side or the scan changes.
    package func read(
        _ frame: GrayImage, card: Quadrilateral2D?, quick: Bool = false, profile: inout PDF417ReadProfile?,
        evidence: inout PDF417CodewordEvidence, isCancelled: () -> Bool = { false }
    )
        throws(BarcodeError) -> Reading
    {
        var pacing = PDF417Pacing.full
        return try read(
            frame, card: card, quick: quick, profile: &profile, evidence: &evidence, pacing: &pacing,
            isCancelled: isCancelled)
    }

    /// Reads the symbol in `frame` as ``read(_:card:quick:profile:evidence:isCancelled:)`` does,
    /// making the part of the plan `pacing` gives (``PDF417Pacing``): in video, the first looks and
    /// the codeword look on every frame and the further looks spread over the card's frames.
    package func read(
        _ frame: GrayImage, card: Quadrilateral2D?, quick: Bool = false, profile: inout PDF417ReadProfile?,
        evidence: inout PDF417CodewordEvidence, pacing: inout PDF417Pacing, isCancelled: () -> Bool = { false }
    )
        throws(BarcodeError) -> Reading
    {
        guard frame.width > 0, frame.height > 0, frame.pixels.count == frame.width * frame.height,
            frame.width * frame.height <= PDF417Decoder.maximumPixels
        else {
            throw .invalidImage(width: frame.width, height: frame.height)
        }
        var search = Search(reader: self, frame: frame, profile: profile)
        defer { profile = search.profile }
        var views = Views(
            frame: frame, card: card.flatMap { $0.isConvex && $0.area >= 400 ? Self.landscape($0) : nil },
            finder: regionFinder)
        let finderStart = ThreadCPUTime.now()
        _ = views.candidate(0)
        search.record("finder", since: finderStart, outcome: "\(views.candidateCount) candidates")
        // The first look's image, timed apart from its decoder call.
        let outlineStart = ThreadCPUTime.now()
        _ = views.foundOutline(0)
        search.record("outline#0", since: outlineStart, outcome: "image")
        // The plain cut-out right after the outline only when no outline was fitted; else after the
        // card and the sharpened outline.
        let regionLater = !quick && views.foundOutline(0) != nil
        let head: [(Look, Int)] = regionLater ? [(.foundOutline, 0)] : [(.foundOutline, 0), (.foundRegion, 0)]
        // The plan after the texture looks, most productive first (counted on the tuning family with
        // `capkit eval-barcode --timings`); the search of the whole card region only when the finder
        // gave no candidate (with one, the texture looks cover the symbol and it never read one).
        let later: [Look] = regionLater ? [.foundRegion] : []
        let rest: [Look] =
            quick
            ? []
            : views.card == nil
                ? [.wholeFrame, .foundOutlineSharpened] + later + [.foundOutlineLocalMean, .foundRegionLocalMean]
                : (views.candidateCount == 0 ? [.cardRegion] : []) + [.rectifiedCard, .foundOutlineSharpened]
                    + later + [.rectifiedCardLocalMean, .foundOutlineLocalMean]
        // The finder's further candidates: each cut out and looked at once (its outline too when its
        // start/stop patterns were seen), before the looks at the whole card or frame.
        var others: [(Look, Int)] = []
        if !quick {
            for index in 1..<PDF417Reader.maximumCandidates {
                guard let region = views.candidate(index) else { break }
                others.append((.foundRegion, index))
                if region.patternEvidence >= BarcodeRegionFinder.minimumEvidence {
                    others.append((.foundOutline, index))
                }
            }
        }
        // In video, this frame's share of the further looks (all of them for a single photo).
        let further = quick ? [] : pacing.take(others + rest.map { ($0, 0) })
        for (look, index) in head + further {
            if isCancelled() || search.invalid != nil { throw search.failure }
            let start = ThreadCPUTime.now()
            guard let (image, decoder, toFrame) = views.input(for: look, candidate: index) else {
                search.record(Self.stepName(look, index), since: start, outcome: "no image")
                continue
            }
            let reading = try search.look(look, image, decoder, toFrame: toFrame)
            search.record(Self.stepName(look, index), since: start, outcome: search.lastOutcome, afterLook: true)
            if let reading { return reading }
        }
        if search.invalid != nil || quick { throw search.failure }
        if let located = search.located, !isCancelled() {
            for look in [Look.symbolRectified, .symbolRectifiedLocalMean] {
                let start = ThreadCPUTime.now()
                guard
                    let (image, decoder, toFrame) = Views.symbol(
                        frame, located, localMean: look == .symbolRectifiedLocalMean)
                else { break }
                let reading = try search.look(look, image, decoder, toFrame: toFrame)
                search.record(look.rawValue, since: start, outcome: search.lastOutcome, afterLook: true)
                if let reading { return reading }
            }
        }
        // The codeword look reads the first look's own image, the outline cut out at half height,
        // every pixel row (the rows a full-scale cut-out read every second row gives, without a
        // second cut-out).
        if readsCodewords, !isCancelled(), let outline = views.foundOutline(0) {
            let start = ThreadCPUTime.now()
            let reading = try search.codewords(
                outline.image, rowStep: 1, toFrame: outline.toFrame.apply, evidence: &evidence)
            search.record(Look.codewordGrid.rawValue, since: start, outcome: search.lastOutcome)
            if let reading { return reading }
        }
        throw search.failure
    }

    // MARK: - Views of the frame

    /// The images the looks are made on, each computed once and only when a look needs it.
    private struct Views {
        let frame: GrayImage
        let card: Quadrilateral2D?
        let finder: BarcodeRegionFinder
        private var candidates: [BarcodeRegionFinder.Region]?
        private var uprights: [Int: Upright?] = [:]
        private var outlines: [Int: (image: GrayImage, toFrame: Homography)?] = [:]
        private var rectifiedCard: (image: GrayImage, toFrame: Homography, scale: Double)??

        init(frame: GrayImage, card: Quadrilateral2D?, finder: BarcodeRegionFinder) {
            self.frame = frame
            self.card = card
            self.finder = finder
        }

        typealias Input = (GrayImage, PDF417Decoder, (Point2D) -> Point2D)

        static let plain = PDF417Decoder(tryHarder: true, tryRotate: true, tryDownscale: true, binarizer: .localAverage)
        /// The decoders of upright images (cut-outs, outlines, the rectified card): zxing-cpp's PDF417
        /// detector finds a symbol upside down by itself, so its 90 and 270 degree turns are not asked
        /// for (they only cost a frame that does not read time; the tuning family's 300 frames read
        /// the same without them, `capkit eval-barcode --count 100`).
        static let turned = PDF417Decoder(
            tryHarder: true, tryRotate: false, tryDownscale: false, binarizer: .localAverage)
        static let binary = PDF417Decoder(tryHarder: true, tryRotate: false, tryDownscale: false, binarizer: .fixed)

        mutating func input(for look: Look, candidate index: Int) -> Input? {
            switch look {
            case .wholeFrame:
                return (frame, Self.plain, { $0 })
            case .cardRegion:
                guard let card else { return nil }
                let diagonal = card.upperLeft.distance(to: card.lowerRight)
                let margin = Int(0.04 * diagonal)
                let box = card.boundingRect
                let region = PixelRect(
                    x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin,
                    height: box.height + 2 * margin
                ).clipped(width: frame.width, height: frame.height)
                guard region.width >= 16, region.height >= 16 else { return nil }
                let offset = Point2D(x: Double(region.x), y: Double(region.y))
                return (frame.cropped(to: region), Self.plain, { $0 + offset })
            case .foundRegion, .foundRegionLocalMean:
                guard let u = foundUpright(index) else { return nil }
                let image =
                    look == .foundRegion
                    ? u.image
                    : BarcodeImageFilters.localMeanBinarized(
                        u.image, radius: u.localRadius, verticalRadius: Self.rowRadius(u.localRadius))
                return (image, look == .foundRegion ? Self.turned : Self.binary, u.toFrame.apply)
            case .foundOutline, .foundOutlineLocalMean, .foundOutlineSharpened:
                guard let o = foundOutline(index) else { return nil }
                let module = Double(o.image.width) / 290
                let image: GrayImage
                switch look {
                case .foundOutline: image = o.image
                case .foundOutlineLocalMean:
                    let radius = max(4, Int((5 * module).rounded()))
                    image = BarcodeImageFilters.localMeanBinarized(
                        o.image, radius: radius, verticalRadius: Self.rowRadius(radius))
                default: image = BarcodeImageFilters.sharpened(o.image, sigma: 0.6 * module, amount: 1.2)
                }
                return (image, look == .foundOutlineLocalMean ? Self.binary : Self.turned, o.toFrame.apply)
            case .rectifiedCard, .rectifiedCardLocalMean:
                guard let c = cardImage() else { return nil }
                if look == .rectifiedCard { return (c.image, Self.turned, c.toFrame.apply) }
                let radius = Int((1.5 * c.scale).rounded())
                let image = BarcodeImageFilters.localMeanBinarized(
                    c.image, radius: radius, verticalRadius: Self.rowRadius(radius))
                return (image, Self.binary, c.toFrame.apply)
            case .symbolRectified, .symbolRectifiedLocalMean, .codewordGrid:
                return nil
            }
        }

        /// A local-mean radius across the rows of an image enlarged ``PDF417Reader/rowScale`` times
        /// less across them: the same distance on the symbol as `radius` along them.
        static func rowRadius(_ radius: Int) -> Int { max(1, Int((Double(radius) * PDF417Reader.rowScale).rounded())) }

        /// How many candidates the finder gave (0 before it ran).
        var candidateCount: Int { candidates?.count ?? 0 }

        /// The finder's candidate `index` (most symbol-like first), nil past the last one.
        mutating func candidate(_ index: Int) -> BarcodeRegionFinder.Region? {
            if candidates == nil {
                candidates = finder.candidates(in: frame, limit: PDF417Reader.maximumCandidates)
            }
            guard let candidates, index < candidates.count else { return nil }
            return candidates[index]
        }

        /// The finder's candidate `index`, upright and enlarged.
        mutating func foundUpright(_ index: Int) -> Upright? {
            if let cached = uprights[index] { return cached }
            let found = candidate(index).flatMap {
                PDF417Reader.upright(frame, quad: $0.quad, rowScale: PDF417Reader.rowScale)
            }
            uprights[index] = .some(found)
            return found
        }

        /// The symbol's fitted outline in candidate `index`, rectified from the frame with a quiet-zone margin.
        mutating func foundOutline(_ index: Int) -> (image: GrayImage, toFrame: Homography)? {
            if let cached = outlines[index] { return cached }
            var result: (image: GrayImage, toFrame: Homography)?
            // The outline is fitted on the cut-out at half size: a quarter of the work, and the
            // full-size cut-out is only made when its own look comes.
            if let quad = candidate(index)?.quad,
                let u = PDF417Reader.upright(frame, quad: quad, scale: 0.5),
                let fitted = BarcodeOutlineFitter.fit(u.image)
            {
                let inFrame = fitted.mapped(u.toFrame.apply)
                // Grow by 4% of the width on each side: a quiet zone for the decoder.
                let c = inFrame.corners
                let across = (c[1] - c[0]) * 0.04, down = (c[3] - c[0]) * 0.08
                let grown = Quadrilateral2D(corners: [
                    c[0] - across - down, c[1] + across - down,
                    c[2] + across + down, c[3] - across + down,
                ])
                if let cut = PDF417Reader.upright(frame, quad: grown, rowScale: PDF417Reader.rowScale) {
                    result = (cut.image, cut.toFrame)
                }
            }
            outlines[index] = .some(result)
            return result
        }

        /// The card rectified as ID-1 at about 3 pixels per module.
        mutating func cardImage() -> (image: GrayImage, toFrame: Homography, scale: Double)? {
            if let rectifiedCard { return rectifiedCard }
            var result: (image: GrayImage, toFrame: Homography, scale: Double)?
            if let card {
                let scale = PDF417Reader.rectifiedScale(
                    framePixelsPerMillimetre: PDF417Reader.pixelsPerMillimetre(card))
                let w = Int((PDF417Reader.cardWidth * scale).rounded()),
                    h = Int((PDF417Reader.cardHeight * scale * PDF417Reader.rowScale).rounded())
                if let toFrame = Homography(
                    from: Quadrilateral2D(x: 0, y: 0, width: Double(w), height: Double(h)), to: card),
                    let image = PerspectiveWarp.rectify(frame, quad: card, width: w, height: h)
                {
                    result = (image, toFrame, scale)
                }
            }
            rectifiedCard = .some(result)
            return result
        }

        /// A symbol seen but not decoded: its area (grown by 8%) rectified alone.
        static func symbol(_ frame: GrayImage, _ quad: Quadrilateral2D, localMean: Bool) -> Input? {
            guard quad.isConvex else { return nil }
            let centre = quad.centroid
            guard let cut = PDF417Reader.upright(frame, quad: quad.mapped { centre + ($0 - centre) * 1.16 }) else {
                return nil
            }
            if localMean {
                let radius = max(4, Int((5 * Double(cut.image.width) / 290).rounded()))
                return (BarcodeImageFilters.localMeanBinarized(cut.image, radius: radius), binary, cut.toFrame.apply)
            }
            return (cut.image, turned, cut.toFrame.apply)
        }
    }

    /// A quadrilateral of the frame cut out as an upright rectangle.
    struct Upright {
        var image: GrayImage
        var toFrame: Homography
        /// A local-mean radius of about five modules, guessing a 290-module-wide symbol.
        var localRadius: Int { max(4, Int((5 * Double(image.width) / 290).rounded())) }
    }

    /// Cuts `quad` (first side along the symbol's rows) out of `frame`, enlarged so the rows span
    /// about 1100 pixels (at most 3x, at most 1600 x 1200 pixels), times `scale`; across the rows
    /// times `rowScale` more (``rowScale``).
    static func upright(
        _ frame: GrayImage, quad: Quadrilateral2D, scale: Double = 1, rowScale: Double = 1
    ) -> Upright? {
        let c = quad.corners
        let length = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let height = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        guard length >= 32, height >= 16 else { return nil }
        let k = min(3, max(1, 1100 / length), 1600 / length, 1200 / height) * scale
        let w = Int(length * k), h = Int(height * k * rowScale)
        guard w >= 16, h >= 16,
            let toFrame = Homography(from: Quadrilateral2D(x: 0, y: 0, width: Double(w), height: Double(h)), to: quad),
            let image = PerspectiveWarp.rectify(frame, quad: quad, width: w, height: h)
        else { return nil }
        return Upright(image: image, toFrame: toFrame)
    }

    // MARK: - Search state

    /// What the looks of one frame found so far.
    private struct Search {
        let reader: PDF417Reader
        /// The frame read (decoded symbols are checked against it, ``PDF417ReadingCheck``).
        let frame: GrayImage
        var looks = 0
        /// Work units spent on decoder calls so far (``PDF417Reader/workUnits(_:_:)``).
        var work = 0
        /// Where a symbol was seen but not decoded (frame pixels), the first time.
        var located: Quadrilateral2D?
        var locatedReason: String?
        /// The first payload that decoded but is not AAMVA, when only AAMVA is accepted.
        var invalid: AAMVAError?

        /// What the last look found: "decoded", "located", "not found", "contradicted" (decoded, but
        /// the symbol's row indicators contradict it, ``PDF417ReadingCheck``) or "faulted" (the
        /// shim's fault guard abandoned the call); when its decoder call began.
        var lastOutcome = ""
        var decoderStart = 0.0
        /// The steps' CPU times, when asked for.
        var profile: PDF417ReadProfile?

        init(reader: PDF417Reader, frame: GrayImage, profile: PDF417ReadProfile?) {
            self.reader = reader
            self.frame = frame
            self.profile = profile
        }

        /// Appends a step to the profile, when one is kept.
        /// `afterLook`: the step ended with the last look's decoder call.
        mutating func record(_ name: String, since start: Double, outcome: String, afterLook: Bool = false) {
            guard profile != nil else { return }
            profile?.record(
                name, since: start, decoderStart: afterLook ? decoderStart : nil, outcome: outcome, work: work,
                now: ThreadCPUTime.now())
        }

        var failure: BarcodeError {
            if let invalid { return .invalidPayload(invalid) }
            if let locatedReason { return .unreadable(reason: locatedReason) }
            return .notFound
        }

        mutating func look(
            _ look: Look, _ image: GrayImage, _ decoder: PDF417Decoder,
            toFrame: (Point2D) -> Point2D
        ) throws(BarcodeError) -> Reading? {
            let cost = PDF417Reader.workUnits(image, decoder)
            guard looks < PDF417Reader.maximumLooks, work + cost <= PDF417Reader.maximumWork, image.width >= 16,
                image.height >= 16
            else {
                lastOutcome = "skipped"
                return nil
            }
            looks += 1
            work += cost
            if profile != nil { decoderStart = ThreadCPUTime.now() }
            let outcome = try decoder.attempt(image)
            switch outcome {
            case .notFound: lastOutcome = "not found"
            case .located: lastOutcome = "located"
            case .decoded: lastOutcome = "decoded"
            case .faulted: lastOutcome = "faulted"
            }
            switch outcome {
            case .notFound, .faulted:
                return nil
            case let .located(corners, reason):
                if located == nil {
                    located = corners.mapped(toFrame)
                    locatedReason = reason
                }
                return nil
            case var .decoded(symbol):
                // zxing-cpp gives the symbol's upper left and right corners first: in a cut-out, the
                // symbol is upright when they run left to right (its indicators are read only so).
                let upright = PDF417Reader.isUpright(symbol.corners, width: image.width)
                symbol.corners = symbol.corners.mapped(toFrame)
                // The symbol's indicators are read in the look's own image when it is a cut-out
                // of the symbol (every row of one enlarged `rowScale` times less across the rows).
                let cutOut: (image: GrayImage, rowStep: Int)? =
                    switch look {
                    case .cardRegion, .wholeFrame, .rectifiedCard, .rectifiedCardLocalMean, .codewordGrid: nil
                    case .symbolRectified, .symbolRectifiedLocalMean: (image, 2)
                    default: (image, 1)
                    }
                let checkStart = profile != nil ? ThreadCPUTime.now() : 0
                let (contradiction, source) = PDF417ReadingCheck.verdict(
                    of: symbol, in: frame, cutOut: cutOut.map { ($0.image, $0.rowStep, upright) })
                if profile != nil {
                    let verdict = contradiction == nil ? "agrees" : "contradicted"
                    record("check", since: checkStart, outcome: "\(verdict) (\(source.rawValue))")
                }
                if let contradiction {
                    lastOutcome = "contradicted"
                    if located == nil {
                        located = symbol.corners
                        locatedReason = contradiction
                    }
                    return nil
                }
                return accept(symbol, look: look)
            }
        }

        /// The reading of a decoded symbol, or nil (noted) when only AAMVA is accepted and it is not.
        mutating func accept(_ symbol: PDF417Symbol, look: Look) -> Reading? {
            guard AAMVAParser.isAAMVAPayload(symbol.bytes) else {
                if reader.acceptsNonAAMVA {
                    return Reading(symbol: symbol, record: nil, payloadError: nil, look: look, looks: looks)
                }
                if invalid == nil { invalid = symbol.bytes.isEmpty ? .empty : .missingComplianceIndicator }
                return nil
            }
            do {
                let record = try AAMVAParser.parse(symbol.bytes)
                return Reading(symbol: symbol, record: record, payloadError: nil, look: look, looks: looks)
            } catch {
                return Reading(symbol: symbol, record: nil, payloadError: error, look: look, looks: looks)
            }
        }

        /// Reads the codewords of the upright symbol `image`, adds them to `evidence` and decodes
        /// the combined votes when they correct, else this frame's votes alone when the evidence
        /// held earlier frames. Made whatever work the decoder calls spent (one row scan of a
        /// cut-out of at most 1600 x 600 pixels, every `rowStep`-th row): it is the look that gathers a video's votes,
        /// and the frames that need them are those whose decoder calls used the budget up.
        mutating func codewords(
            _ image: GrayImage, rowStep: Int, toFrame: (Point2D) -> Point2D,
            evidence: inout PDF417CodewordEvidence
        ) throws(BarcodeError) -> Reading? {
            lastOutcome = "not found"
            guard let grid = PDF417RowScanner(rowStep: rowStep).scan(image) else { return nil }
            evidence.add(grid)
            lastOutcome = "located"
            guard let combined = evidence.combined else { return nil }
            if evidence.frames.count > 1, let codewords = combined.corrected() {
                let capacity = PDF417CodewordGrid.errorCorrectionCount(grid.errorCorrectionLevel) / 2
                if grid.disagreements(with: codewords) <= capacity {
                    return try decode(combined, codewords, toFrame: toFrame, image: image)
                }
                // The frame in front is not of the symbol the votes correct to.
                evidence.restart(with: grid)
            }
            guard let codewords = grid.corrected() else { return nil }
            return try decode(grid, codewords, toFrame: toFrame, image: image)
        }

        /// The reading of `codewords`, corrected from `grid`'s votes: drawn as a clean symbol and
        /// decoded by zxing-cpp (its error correction checks the block once more).
        private mutating func decode(
            _ grid: PDF417CodewordGrid, _ codewords: [Int], toFrame: (Point2D) -> Point2D, image: GrayImage
        ) throws(BarcodeError) -> Reading? {
            guard let clean = grid.image(of: codewords) else { return nil }
            let decoder = PDF417Decoder(tryHarder: false, tryRotate: false, tryDownscale: false, binarizer: .fixed)
            guard case var .decoded(symbol) = try decoder.attempt(clean) else { return nil }
            looks += 1
            lastOutcome = "decoded"
            // The outline cut-out has a quiet zone of 4% of the symbol's width on each side and 8%
            // of its height above and below.
            let w = Double(image.width), h = Double(image.height)
            let dx = 0.04 * w / 1.08, dy = 0.08 * h / 1.16
            symbol.corners = Quadrilateral2D(corners: [
                toFrame(Point2D(x: dx, y: dy)), toFrame(Point2D(x: w - dx, y: dy)),
                toFrame(Point2D(x: w - dx, y: h - dy)), toFrame(Point2D(x: dx, y: h - dy)),
            ])
            return accept(symbol, look: .codewordGrid)
        }
    }

    /// A profile step's name: the look's, with the candidate index for the finder's candidates.
    static func stepName(_ look: Look, _ index: Int) -> String {
        switch look {
        case .foundRegion, .foundOutline, .foundRegionLocalMean, .foundOutlineLocalMean, .foundOutlineSharpened:
            return "\(look.rawValue)#\(index)"
        default: return look.rawValue
        }
    }

    // MARK: - Geometry

    /// Whether a symbol whose corners zxing-cpp gave as `corners` (its upper left, upper right,
    /// lower right and lower left, in that order) lies upright in an image `width` pixels wide: true
    /// when its rows run left to right, false when right to left (turned by 180°), nil when its two
    /// sides along the rows together span less than a quarter of the width either way (corners off
    /// the symbol, or a first side across its rows).
    static func isUpright(_ corners: Quadrilateral2D, width: Int) -> Bool? {
        let c = corners.corners
        let along = (c[1].x - c[0].x) + (c[2].x - c[3].x)
        guard abs(along) > Double(width) / 4 else { return nil }
        return along > 0
    }

    /// Rectification scale for a card seen at `framePixelsPerMillimetre`: about 3 pixels per module
    /// (11.7 px/mm), more when the frame has more (up to 16 px/mm).
    package static func rectifiedScale(framePixelsPerMillimetre p: Double) -> Double {
        min(16, max(3.0 / nominalModule, p))
    }

    /// The smallest scale along the card's sides, frame pixels per millimetre.
    static func pixelsPerMillimetre(_ quad: Quadrilateral2D) -> Double {
        let c = quad.corners
        let long = min(c[0].distance(to: c[1]), c[3].distance(to: c[2])) / cardWidth
        let short = min(c[0].distance(to: c[3]), c[1].distance(to: c[2])) / cardHeight
        return min(long, short)
    }

    /// The corners ordered so that the first side is a long one (an upright landscape card).
    static func landscape(_ quad: Quadrilateral2D) -> Quadrilateral2D {
        let c = quad.corners
        let first = c[0].distance(to: c[1]) + c[3].distance(to: c[2])
        let second = c[1].distance(to: c[2]) + c[0].distance(to: c[3])
        return first >= second ? quad : Quadrilateral2D(corners: [c[1], c[2], c[3], c[0]])
    }
}

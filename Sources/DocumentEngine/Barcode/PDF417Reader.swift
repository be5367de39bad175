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
/// 1. the symbol found by its texture (``BarcodeRegionFinder``), cut out along its axes and enlarged
///    so its rows span about 1100 pixels (undoes rotation and small modules);
/// 2. the symbol's own outline fitted in that cut-out (``BarcodeOutlineFitter``) and rectified from
///    the frame (undoes perspective);
/// 2a. the finder's next candidates (up to ``maximumCandidates`` in all, ranked by start/stop
///    pattern evidence: a guilloche, striped paper or text lines may rank before a blurred symbol),
///    each cut out, and its outline fitted when its patterns were seen;
/// 3. the frame as it is: the region around the card when its quadrilateral is given, else the
///    whole frame (zxing-cpp's local-average binariser, rotations);
/// 4. with a card quadrilateral: the card rectified as ID-1 at about 3 pixels per 0.25 mm module;
/// 5. further preparations of the outline, cut-out and card images: local-mean threshold, light
///    smoothing (noise, JPEG blocks), sharpening (defocus), global Otsu threshold;
/// 6. when some look saw a symbol that failed error correction: that symbol's area rectified alone.
/// The texture looks come first because they read most frames at a fraction of the cost of
/// zxing-cpp's own search over a whole 1080p frame (measured with `capkit eval-barcode`).
///
/// **Bounded work:** at most ``maximumLooks`` decoder calls per frame, each on an image of at most
/// the frame's size (cut-outs are at most 1600 x 1200 pixels, cards 1370 x 864), plus one texture
/// pass over every second pixel of the frame; `isCancelled` is polled between looks. Measured on
/// 1920 x 1080 frames with `capkit eval-barcode` (see its output for the current figures).
package struct PDF417Reader: Sendable {
    /// Which look produced a reading.
    package enum Look: String, Sendable, Equatable, CaseIterable {
        case cardRegion
        case wholeFrame
        case foundRegion
        case foundOutline
        case foundOutlineLocalMean
        case rectifiedCard
        case foundOutlineSmoothed
        case foundOutlineSharpened
        case rectifiedCardLocalMean
        case foundRegionLocalMean
        case rectifiedCardSmoothed
        case rectifiedCardOtsu
        case symbolRectified
        case symbolRectifiedLocalMean
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
    /// Texture-found candidate regions looked at per frame (``BarcodeRegionFinder/candidates(in:within:limit:)``).
    package static let maximumCandidates = 3

    /// Nominal PDF417 module width on AAMVA cards, millimetres (X ≈ 0.25 mm: about 70 mm for 273 modules).
    static let nominalModule = 0.256
    static let cardWidth = 85.6
    static let cardHeight = 53.98

    package init(acceptsNonAAMVA: Bool = true) {
        self.acceptsNonAAMVA = acceptsNonAAMVA
    }

    /// Reads the symbol in `frame`; `card` is the card's quadrilateral in frame pixels (any corner
    /// order along the outline), nil to search the whole frame. `quick` makes only the two texture
    /// looks (``Look/foundRegion``, ``Look/foundOutline``): for frames where a barcode is merely
    /// possible, at a fraction of the full plan's cost.
    package func read(
        _ frame: GrayImage, card: Quadrilateral2D?, quick: Bool = false, isCancelled: () -> Bool = { false }
    )
        throws(BarcodeError) -> Reading
    {
        guard frame.width > 0, frame.height > 0, frame.pixels.count == frame.width * frame.height,
            frame.width * frame.height <= PDF417Decoder.maximumPixels
        else {
            throw .invalidImage(width: frame.width, height: frame.height)
        }
        var search = Search(reader: self)
        var views = Views(frame: frame, card: card.flatMap { $0.isConvex && $0.area >= 400 ? Self.landscape($0) : nil })
        let head: [(Look, Int)] = [(.foundRegion, 0), (.foundOutline, 0)]
        let rest: [Look] =
            quick
            ? []
            : views.card == nil
                ? [
                    .wholeFrame, .foundOutlineLocalMean, .foundOutlineSmoothed, .foundOutlineSharpened,
                    .foundRegionLocalMean,
                ]
                : [
                    .cardRegion, .rectifiedCard, .foundOutlineLocalMean, .foundOutlineSmoothed,
                    .rectifiedCardLocalMean, .foundOutlineSharpened, .rectifiedCardSmoothed, .rectifiedCardOtsu,
                ]
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
        for (look, index) in head + others + rest.map({ ($0, 0) }) {
            if isCancelled() || search.invalid != nil { throw search.failure }
            guard let (image, decoder, toFrame) = views.input(for: look, candidate: index) else { continue }
            if let reading = try search.look(look, image, decoder, toFrame: toFrame) { return reading }
        }
        if search.invalid != nil || quick { throw search.failure }
        if let located = search.located, !isCancelled() {
            for look in [Look.symbolRectified, .symbolRectifiedLocalMean] {
                guard
                    let (image, decoder, toFrame) = Views.symbol(
                        frame, located, localMean: look == .symbolRectifiedLocalMean)
                else { break }
                if let reading = try search.look(look, image, decoder, toFrame: toFrame) { return reading }
            }
        }
        throw search.failure
    }

    // MARK: - Views of the frame

    /// The images the looks are made on, each computed once and only when a look needs it.
    private struct Views {
        let frame: GrayImage
        let card: Quadrilateral2D?
        private var candidates: [BarcodeRegionFinder.Region]?
        private var uprights: [Int: Upright?] = [:]
        private var outlines: [Int: (image: GrayImage, toFrame: Homography)?] = [:]
        private var rectifiedCard: (image: GrayImage, toFrame: Homography, scale: Double)??

        init(frame: GrayImage, card: Quadrilateral2D?) {
            self.frame = frame
            self.card = card
        }

        typealias Input = (GrayImage, PDF417Decoder, (Point2D) -> Point2D)

        static let plain = PDF417Decoder(tryHarder: true, tryRotate: true, tryDownscale: true, binarizer: .localAverage)
        static let turned = PDF417Decoder(
            tryHarder: true, tryRotate: true, tryDownscale: false, binarizer: .localAverage)
        static let binary = PDF417Decoder(tryHarder: true, tryRotate: true, tryDownscale: false, binarizer: .fixed)

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
                    ? u.image : BarcodeImageFilters.localMeanBinarized(u.image, radius: u.localRadius)
                return (image, look == .foundRegion ? Self.turned : Self.binary, u.toFrame.apply)
            case .foundOutline, .foundOutlineLocalMean, .foundOutlineSmoothed, .foundOutlineSharpened:
                guard let o = foundOutline(index) else { return nil }
                let module = Double(o.image.width) / 290
                let image: GrayImage
                switch look {
                case .foundOutline: image = o.image
                case .foundOutlineLocalMean:
                    image = BarcodeImageFilters.localMeanBinarized(o.image, radius: max(4, Int((5 * module).rounded())))
                case .foundOutlineSmoothed: image = o.image.gaussianBlurred(sigma: 0.3 * module)
                default: image = BarcodeImageFilters.sharpened(o.image, sigma: 0.6 * module, amount: 1.2)
                }
                return (image, look == .foundOutlineLocalMean ? Self.binary : Self.turned, o.toFrame.apply)
            case .rectifiedCard, .rectifiedCardLocalMean, .rectifiedCardSmoothed, .rectifiedCardOtsu:
                guard let c = cardImage() else { return nil }
                let module = c.scale * PDF417Reader.nominalModule
                let image: GrayImage
                switch look {
                case .rectifiedCard: image = c.image
                case .rectifiedCardLocalMean:
                    image = BarcodeImageFilters.localMeanBinarized(c.image, radius: Int((1.5 * c.scale).rounded()))
                case .rectifiedCardSmoothed: image = c.image.gaussianBlurred(sigma: 0.3 * module)
                default: image = BarcodeImageFilters.otsuBinarized(c.image)
                }
                let binary = look == .rectifiedCardLocalMean || look == .rectifiedCardOtsu
                return (image, binary ? Self.binary : Self.turned, c.toFrame.apply)
            case .symbolRectified, .symbolRectifiedLocalMean:
                return nil
            }
        }

        /// The finder's candidate `index` (most symbol-like first), nil past the last one.
        mutating func candidate(_ index: Int) -> BarcodeRegionFinder.Region? {
            if candidates == nil {
                candidates = BarcodeRegionFinder().candidates(in: frame, limit: PDF417Reader.maximumCandidates)
            }
            guard let candidates, index < candidates.count else { return nil }
            return candidates[index]
        }

        /// The finder's candidate `index`, upright and enlarged.
        mutating func foundUpright(_ index: Int) -> Upright? {
            if let cached = uprights[index] { return cached }
            let found = candidate(index).flatMap { PDF417Reader.upright(frame, quad: $0.quad) }
            uprights[index] = .some(found)
            return found
        }

        /// The symbol's fitted outline in candidate `index`, rectified from the frame with a quiet-zone margin.
        mutating func foundOutline(_ index: Int) -> (image: GrayImage, toFrame: Homography)? {
            if let cached = outlines[index] { return cached }
            var result: (image: GrayImage, toFrame: Homography)?
            if let u = foundUpright(index), let fitted = BarcodeOutlineFitter.fit(u.image) {
                let inFrame = fitted.mapped(u.toFrame.apply)
                // Grow by 4% of the width on each side: a quiet zone for the decoder.
                let c = inFrame.corners
                let across = (c[1] - c[0]) * 0.04, down = (c[3] - c[0]) * 0.08
                let grown = Quadrilateral2D(corners: [
                    c[0] - across - down, c[1] + across - down,
                    c[2] + across + down, c[3] - across + down,
                ])
                if let cut = PDF417Reader.upright(frame, quad: grown) { result = (cut.image, cut.toFrame) }
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
                    h = Int((PDF417Reader.cardHeight * scale).rounded())
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
    /// about 1100 pixels (at most 3x, at most 1600 x 1200 pixels).
    static func upright(_ frame: GrayImage, quad: Quadrilateral2D) -> Upright? {
        let c = quad.corners
        let length = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let height = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        guard length >= 32, height >= 16 else { return nil }
        let k = min(3, max(1, 1100 / length), 1600 / length, 1200 / height)
        let w = Int(length * k), h = Int(height * k)
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
        var looks = 0
        /// Where a symbol was seen but not decoded (frame pixels), the first time.
        var located: Quadrilateral2D?
        var locatedReason: String?
        /// The first payload that decoded but is not AAMVA, when only AAMVA is accepted.
        var invalid: AAMVAError?

        init(reader: PDF417Reader) { self.reader = reader }

        var failure: BarcodeError {
            if let invalid { return .invalidPayload(invalid) }
            if let locatedReason { return .unreadable(reason: locatedReason) }
            return .notFound
        }

        mutating func look(
            _ look: Look, _ image: GrayImage, _ decoder: PDF417Decoder,
            toFrame: (Point2D) -> Point2D
        ) throws(BarcodeError) -> Reading? {
            guard looks < PDF417Reader.maximumLooks, image.width >= 16, image.height >= 16 else { return nil }
            looks += 1
            switch try decoder.attempt(image) {
            case .notFound:
                return nil
            case let .located(corners, reason):
                if located == nil {
                    located = corners.mapped(toFrame)
                    locatedReason = reason
                }
                return nil
            case var .decoded(symbol):
                symbol.corners = symbol.corners.mapped(toFrame)
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
        }
    }

    // MARK: - Geometry

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

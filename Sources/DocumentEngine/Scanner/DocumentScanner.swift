package import CaptureCore
import Foundation

/// The document engine's entry point: one frame in, a ``FrameAnalysis`` out.
///
/// Per frame:
/// 1. Find MRZ zones directly in the frame (``MRZZoneDetector``), rectify each zone's band from
///    its own geometry and read it (``MRZZoneReader``), both ways up when the first reads poorly;
///    parse the best reading (``MRZParser``).
/// 2. Locate the document's outline (``DocumentLocalizer``); with a read MRZ, only outlines that
///    fit it are accepted, and the MRZ decides which way is up. Without an MRZ (the front of an
///    ID-1 card), the best outline wins.
/// 3. Measure placement, tilt, blur and glare.
/// Reading therefore does not depend on finding the outline, and the outline does not depend on
/// guessing which of many rectangles in a busy background is the document.
package struct DocumentScanner: Sendable {
    package let localizer = DocumentLocalizer()
    package let zoneDetector = MRZZoneDetector()
    package let reader: MRZZoneReader
    /// Blur widths above this many millimetres are reported as blur (calibrated on generated
    /// documents: beyond it, MRZ reading starts to fail).
    package var maximumBlurWidth = 0.2
    /// Glare regions above this share of the document are reported.
    package var maximumGlareFraction = 0.004
    /// Long sides of the working images of the finer searches for MRZ zones. The first search works
    /// on the outline search's working image (both read one reduced copy of the frame), which shows
    /// the glyphs of a document that fills much of the frame; a finer one runs only when the coarser
    /// ones found no reading that verifies confidently, and one whose reduction factor an earlier
    /// search already had is skipped.
    package static let finerZoneWorkingSizes = [640, 1000]
    /// Long side of the working image of the last zone search, for tiny print: on a 1080p frame,
    /// the frame's own pixels (a pitch of 5–7 px, which the 1000-px search halves to under 4). It
    /// runs only when no earlier search found a zone at all (a zone seen but not read is not tiny
    /// print), and not when an earlier search already had its reduction factor (a 720p frame); and
    /// only inside the windows where the previous search's working image shows streaks of thin ink
    /// (``MRZThinInkMap``), so that a frame without an MRZ (a card front) does not search its whole
    /// area at full resolution.
    package static let tinyPrintZoneWorkingSize = 1920
    /// Smallest per-character confidence for a coarse reading to be kept without the fine search.
    package static let coarseReadingMinimumConfidence: Float = 0.6

    package init(classifier: MRZCharacterClassifier) {
        reader = MRZZoneReader(classifier: classifier)
    }

    /// A reading of one zone, with the map from its band back to the frame.
    struct ZoneReading {
        var reading: MRZZoneReader.Reading
        var record: MRZRecord?
        var band: GrayImage
        var toFrame: (Point2D) -> Point2D
        var down: Point2D
        var pixelsPerMillimetre: Double

        /// Better readings parse with every check passing, then have higher confidence.
        var rank: (Int, Float) {
            (record?.allChecksPassed == true ? 2 : (record != nil ? 1 : 0), reading.meanConfidence)
        }
    }

    /// Analyses `image` inside `roi`; `today` resolves MRZ date centuries; `clock`, when given,
    /// accumulates the CPU time of each stage; `isCancelled` is polled between steps and makes the
    /// analysis stop early (what was found so far is returned).
    package func analyze(
        _ image: GrayImage, colour: RGBAImage? = nil, roi: PixelRect, today: MRZDate,
        clock: StageClock? = nil, isCancelled: () -> Bool = { false }
    ) -> FrameAnalysis {
        clock?.start()
        func lap(_ stage: WritableKeyPath<StageTimings, Double>) { clock?.lap(stage) }
        var analysis = FrameAnalysis()
        let region = roi.clipped(width: image.width, height: image.height)
        // Reduced copies of the region, shared by the zone and outline searches.
        let reduced = ReducedFrame(image, colour: colour, region: region)

        // 1. The MRZ, on its own: first on a coarse working image (most documents fill enough of
        // the frame for that), then, unless that reading verifies confidently, on finer ones.
        var best: ZoneReading?
        var seenTextLines: [Point2D] = []
        let passes = Self.zonePasses(zoneDetector, coarseSize: localizer.workingSize, region: region)
        var zonesSeen = false
        // Every zone the searches found, read or not (a zone cut by the border does not read): the
        // size of its print bounds the document's.
        var zonesFound: [MRZZoneDetector.Zone] = []
        var thinInk: MRZThinInkMap?
        for (pass, detector) in passes.enumerated() {
            let tinyPrintPass = Self.isTinyPrintPass(pass, of: passes)
            if tinyPrintPass, zonesSeen { break }
            let search: MRZZoneDetector.Search
            if tinyPrintPass {
                // Only in the windows where the previous search's working image showed thin ink.
                guard let thinInk else { break }
                search = detector.searchTinyPrint(reduced, thinInk: thinInk)
            } else {
                var mapping = detector
                mapping.mapsThinInk = Self.isTinyPrintPass(pass + 1, of: passes)
                search = mapping.search(reduced)
                thinInk = search.thinInk
            }
            zonesSeen = zonesSeen || !search.zones.isEmpty
            zonesFound += search.zones
            // The tiny-print search's text lines do not send the MRZ to be read again through the
            // outline (on card fronts they cost that reading and found nothing).
            if !tinyPrintPass { seenTextLines += search.textLineMidpoints }
            for zone in search.zones.prefix(2) {
                if isCancelled() { return analysis }
                // Rectified once; the other way up is the same band turned.
                guard let upright = Self.band(of: image, zone: zone) else { continue }
                for turned in [false, true] {
                    let band = turned ? Self.turned(upright) : upright
                    guard var read = read(zone, band: band, turned: turned, today: today) else { continue }
                    if reader.continuesPastEnd(band: band.image, lines: read.reading.textLines) {
                        // A 36-character reading whose zone goes on: the 44-character one, or nothing.
                        guard let wide = Self.band(of: image, zone: zone, extraCells: 8),
                            let longer = self.read(
                                zone, band: turned ? Self.turned(wide) : wide, turned: turned, today: today),
                            longer.reading.lines.first?.count == 44, longer.record?.allChecksPassed == true
                        else { continue }
                        read = longer
                    }
                    if best == nil || read.rank > best!.rank { best = read }
                    if read.record?.allChecksPassed == true || read.reading.meanConfidence >= 0.9 { break }
                }
                if best?.record?.allChecksPassed == true { break }
            }
            // A coarse reading is kept only when it verifies and every character is confident
            // (check digits do not cover every field of every layout); else a finer search reads.
            // The tiny-print search follows only when no zone was seen.
            let isLast = pass == passes.count - 1 || (Self.isTinyPrintPass(pass + 1, of: passes) && zonesSeen)
            if !isLast, let reading = best,
                reading.record?.allChecksPassed != true
                    || reading.reading.minimumConfidence < Self.coarseReadingMinimumConfidence
            {
                best = nil
                continue
            }
            if best?.record?.allChecksPassed == true { break }
        }
        var anchor: DocumentAnchor?
        // Whether the anchor's reading is verified, so that the extent its MRZ implies can be
        // trusted to say the document overfills the frame.
        var anchorVerified = false
        if let best {
            if let record = best.record { anchorVerified = MRZVerification.isVerified(record, reading: best.reading) }
            analysis.mrzZoneSeen = true
            analysis.mrzReading = best.reading
            analysis.mrz = best.record
            if let format = MRZParser.format(of: best.reading.lines) { analysis.layout = Self.layoutKind(of: format) }
            let lines = best.reading.textLines
            analysis.mrzCharacterBoxes = lines.map { line in
                (0..<line.cellCount).map { k in line.cellBox(k).mapped(best.toFrame) }
            }
            analysis.blurWidth = Self.blurWidth(best.band, lines: best.reading.textLines)
            if let first = lines.first, let last = lines.last {
                anchor = DocumentAnchor(
                    firstLineStart: best.toFrame(first.cellCentre(0)),
                    firstLineEnd: best.toFrame(first.cellCentre(first.cellCount - 1)),
                    lastLineStart: best.toFrame(last.cellCentre(0)),
                    lastLineEnd: best.toFrame(last.cellCentre(last.cellCount - 1)),
                    down: best.down, pixelsPerMillimetre: best.pixelsPerMillimetre,
                    layout: analysis.layout.map(DocumentLayout.of))
            }
        }
        if isCancelled() { return analysis }

        lap(\.mrz)
        // 2. The outline.
        let found = localizer.locate(in: reduced, anchor: anchor)
        lap(\.outline)
        defer { lap(\.quality) }
        // A document that overfills the frame shows no outline of its own, but a verified MRZ
        // inside it says how large it is; without one, an MRZ zone seen, read or not (cut by the
        // border), says how large the document is at least.
        let implied = anchorVerified ? anchor?.impliedExtent() : nil
        let overfilled =
            anchorVerified
            ? implied.map { PlacementStatus.overfills($0, roi: region) } ?? false
            : overfills(zonesFound, in: image, roi: region)
        guard let located = found else {
            if let anchor, let predicted = anchor.predictedOutline() ?? (overfilled ? implied : nil) {
                // No outline fits: report the one the MRZ implies (perspective included), so
                // placement can still be judged.
                analysis.documentQuad = predicted
                analysis.pixelsPerMillimetre = anchor.pixelsPerMillimetre
                analysis.tiltDegrees =
                    PlaneGeometry(
                        quad: predicted, frameWidth: image.width, frameHeight: image.height)?.tiltDegrees
                analysis.placement = PlacementStatus.assess(
                    quad: predicted, roi: region,
                    pixelsPerMillimetre: anchor.pixelsPerMillimetre,
                    tiltDegrees: analysis.tiltDegrees, overfilled: overfilled)
            } else if overfilled {
                // No outline, but MRZ print too large for the frame to hold its document.
                analysis.placement = .tooClose
            }
            return analysis
        }
        analysis.localizationConfidence = located.coverage
        analysis.isVertical = located.isVertical
        let quad = located.quad
        // When the MRZ read from its own zone is missing or fails a check, read it again through the
        // outline's homography, which also removes strong perspective. With no zone read at all,
        // only bands where a search saw an MRZ-like text line are read (on generated card fronts, a
        // third of the bands).
        if best?.record?.allChecksPassed != true, best != nil || !seenTextLines.isEmpty, !isCancelled() {
            let kinds: [DocumentLayout.Kind] = analysis.layout.map { [$0] } ?? [.td1Back, .td3]
            for kind in kinds {
                guard
                    let reread = read(
                        located: located, layout: .of(kind), in: image, today: today,
                        holdingOneOf: best == nil ? seenTextLines : nil),
                    best == nil || reread.rank > best!.rank
                else { continue }
                best = reread
                analysis.mrzZoneSeen = true
                analysis.mrzReading = reread.reading
                analysis.mrz = reread.record
                if let format = MRZParser.format(of: reread.reading.lines) {
                    analysis.layout = Self.layoutKind(of: format)
                }
                analysis.mrzCharacterBoxes = reread.reading.textLines.map { line in
                    (0..<line.cellCount).map { k in line.cellBox(k).mapped(reread.toFrame) }
                }
                analysis.blurWidth = Self.blurWidth(reread.band, lines: reread.reading.textLines)
                if reread.record?.allChecksPassed == true { break }
            }
        }
        // The tilt at the assumed focal length: on the tuning family's located outlines, choosing the
        // focal length from the layout's aspect (PlaneGeometry's knownAspectRatio initialiser) did not
        // beat it (hard tier: mean error 1.9 degrees fixed, 3.0 / 2.6 / 2.0 / 1.8 with a pull of 0.05 /
        // 0.1 / 0.2 / 0.4), the family's cameras all being near the assumption.
        let geometry = PlaneGeometry(quad: quad, frameWidth: image.width, frameHeight: image.height)
        // Without an MRZ, the layout is judged by the outline's aspect ratio.
        let layout: DocumentLayout
        if let kind = analysis.layout {
            layout = .of(kind)
        } else {
            let aspect = geometry?.aspectRatio ?? Self.apparentAspect(quad)
            layout = .of(
                abs(log(aspect / DocumentLayout.of(.td1Front).aspectRatio))
                    < abs(log(aspect / DocumentLayout.of(.td3).aspectRatio))
                    ? .td1Front : .td3)
        }
        analysis.documentQuad = quad
        let scale = Self.pixelsPerMillimetre(quad, layout: layout)
        analysis.pixelsPerMillimetre = scale
        analysis.tiltDegrees = geometry?.tiltDegrees
        analysis.placement = PlacementStatus.assess(
            quad: quad, roi: region, pixelsPerMillimetre: scale, tiltDegrees: analysis.tiltDegrees,
            continuesPastBorder: Self.continuesPastBorder(
                quad, roi: region, layout: analysis.mrz != nil ? layout : nil,
                aspect: geometry?.aspectRatio ?? Self.apparentAspect(quad), predicted: anchor?.predictedOutline()),
            overfilled: overfilled)

        lap(\.reread)
        // 3. Glare on a small rectified copy (glare spots are large), taken from the reduced copy of
        // the frame the outline search read rather than from the whole frame again; without an
        // MRZ, blur and front-side cues on a sharper one.
        let factor = reduced.factor(forWorkingSize: localizer.workingSize), f = Double(factor)
        let reducedQuad = quad.mapped { p in
            Point2D(x: (p.x - Double(region.x) + 0.5) / f - 0.5, y: (p.y - Double(region.y) + 0.5) / f - 0.5)
        }
        if let overview = Self.rectified(
            reduced.downscaled(by: factor), quad: reducedQuad, layout: layout,
            pixelsPerMillimetre: 2.5)
        {
            analysis.glareFraction = GlareMeter.largestGlareFraction(overview)
        }
        if !analysis.mrzZoneSeen, let detail = Self.rectified(image, quad: quad, layout: layout, pixelsPerMillimetre: 4)
        {
            if analysis.blurWidth == nil {
                analysis.blurWidth = SharpnessMeter.blurWidth(detail, pixelsPerMillimetre: 4)
            }
            if layout.kind == .td1Front {
                let textLike = Self.textLikeComponents(detail, pixelsPerMillimetre: 4)
                analysis.looksLikeFrontSide = textLike >= 25 && located.coverage >= 0.6
                if analysis.looksLikeFrontSide { analysis.layout = .td1Front }
            }
        }
        analysis.blurDetected = (analysis.blurWidth ?? 0) > maximumBlurWidth
        analysis.glareDetected = analysis.glareFraction > maximumGlareFraction
        if analysis.blurDetected || analysis.glareDetected || analysis.placement != .good {
            analysis.looksLikeFrontSide = false
        }
        return analysis
    }

    /// Whether one of `zones` (found by the zone searches, read or not) shows a document too large
    /// for `roi` (``PlacementStatus/overfills(zone:confidence:roi:)``): of the zones whose print is too
    /// large for the narrowest MRZ document to fit, at most two (often one zone found by two
    /// searches) are read as text, whatever their count of cells (a zone cut by the border shows
    /// parts of lines no layout fits), so that a pattern of the background (wood grain) that looks
    /// like rows of glyphs does not count.
    func overfills(_ zones: [MRZZoneDetector.Zone], in image: GrayImage, roi: PixelRect) -> Bool {
        let large = zones.filter {
            PlacementStatus.zoneOverfillRatio($0, roi: roi) > PlacementStatus.zoneOverfillAllowance
        }
        return large.prefix(2).contains { zone in
            PlacementStatus.overfills(zone: zone, confidence: textConfidence(of: zone, in: image), roi: roi)
        }
    }

    /// The mean character confidence of the text lines of `zone`'s band (12 cells or more each, as
    /// many as show), 0 when none shows.
    func textConfidence(of zone: MRZZoneDetector.Zone, in image: GrayImage) -> Float {
        guard let band = Self.band(of: image, zone: zone) else { return 0 }
        let lines = MRZZoneReader.lineFinder.lines(in: band.image).filter { $0.cellCount >= 12 }
        guard !lines.isEmpty else { return 0 }
        return reader.recognise(band: band.image, lines: lines).meanConfidence
    }

    /// Whether search `pass` of `passes` is the tiny-print one (``tinyPrintZoneWorkingSize``), which
    /// runs only when no earlier search found a zone.
    static func isTinyPrintPass(_ pass: Int, of passes: [MRZZoneDetector]) -> Bool {
        pass > 0 && pass < passes.count && passes[pass].workingSize == tinyPrintZoneWorkingSize
    }

    /// The zone searches of one frame, coarsest first: `base` on the outline search's working
    /// size, then on finer ones and last the tiny-print one, each size once (a small region can
    /// make two the same).
    static func zonePasses(_ base: MRZZoneDetector, coarseSize: Int, region: PixelRect) -> [MRZZoneDetector] {
        var passes: [MRZZoneDetector] = []
        for size in [coarseSize] + finerZoneWorkingSizes + [tinyPrintZoneWorkingSize] {
            var detector = base
            detector.workingSize = size
            let factor = detector.downscaleFactor(for: region)
            if !passes.contains(where: { $0.downscaleFactor(for: region) == factor }) { passes.append(detector) }
        }
        return passes
    }

    /// The bands the MRZ search rectifies from `image` (the two strongest zones of each pass, as
    /// ``analyze(_:roi:today:clock:isCancelled:)`` searches them), each with the direction its
    /// zone's lines run down in the frame. The recogniser's training cuts patches from these, so
    /// that it sees the framing of a first reading.
    package static func zoneBands(in image: GrayImage) -> [(image: GrayImage, down: Point2D)] {
        let region = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        let reduced = ReducedFrame(image, region: region)
        var bands: [(image: GrayImage, down: Point2D)] = []
        // The tiny-print search is left out: it searches windows of the frame, not the frame.
        for detector in zonePasses(MRZZoneDetector(), coarseSize: DocumentLocalizer().workingSize, region: region)
        where detector.workingSize != tinyPrintZoneWorkingSize {
            for zone in detector.search(reduced).zones.prefix(2) {
                if let band = band(of: image, zone: zone) { bands.append((band.image, zone.down)) }
            }
        }
        return bands
    }

    /// Reads the band of `zone` (rectified by ``band(of:zone:)``, turned 180° when `turned`).
    func read(
        _ zone: MRZZoneDetector.Zone, band: (image: GrayImage, toFrame: (Point2D) -> Point2D), turned: Bool,
        today: MRZDate
    ) -> ZoneReading? {
        guard let lines = MRZZoneReader.mrzLines(in: band.image) else { return nil }
        let reading = reader.recognise(band: band.image, lines: lines)
        // The most probable text the layout and its check digits allow (the raw reading is kept).
        let resolved = MRZReadingResolver.resolve(reading.candidates) ?? reading.lines
        let record = try? MRZParser.parse(resolved, today: today)
        let down = turned ? zone.down * -1 : zone.down
        return ZoneReading(
            reading: reading, record: record, band: band.image, toFrame: band.toFrame, down: down,
            pixelsPerMillimetre: zone.pitch / DocumentLayout.mrzPitch)
    }

    /// The band around an MRZ zone at the band scale, from the zone's own geometry (an affine map:
    /// cells along the lines, lines down the zone), with room for glyphs the detector missed at the
    /// ends and for a line it missed above or below; `extraCells` more at each end.
    static func band(
        of image: GrayImage, zone: MRZZoneDetector.Zone, extraCells: Int = 0
    )
        -> (image: GrayImage, toFrame: (Point2D) -> Point2D)?
    {
        let s = MRZZoneReader.bandPixelsPerMillimetre
        let pitchMM = DocumentLayout.mrzPitch
        let spacingMM = zone.lineSpacing / zone.pitch * pitchMM
        guard spacingMM.isFinite, spacingMM > 0 else { return nil }
        // Cells to cover: what was seen, up to the longest layout, plus margins.
        let cells = Double(max(zone.cellSpan, zone.lineCount == 3 ? 30 : (zone.cellSpan > 38 ? 44 : 36)))
        let margin = 3.0 + Double(extraCells)
        let x0 = -margin * pitchMM, x1 = (cells - 1 + margin) * pitchMM
        let extraLines = zone.lineCount == 2 ? 1.0 : 0.3
        let y0 = -(extraLines + 1.3) * spacingMM, y1 = (Double(zone.lineCount - 1) + extraLines + 1.3) * spacingMM
        // Millimetres (x along, y down; cell 0 of line 0 at the origin) to frame pixels.
        let origin = zone.origin, along = zone.along * (zone.pitch / pitchMM),
            down = zone.down * (zone.lineSpacing / spacingMM)
        func frame(_ x: Double, _ y: Double) -> Point2D { origin + along * x + down * y }
        let quad = Quadrilateral2D(corners: [frame(x0, y0), frame(x1, y0), frame(x1, y1), frame(x0, y1)])
        let w = Int((x1 - x0) * s), h = Int((y1 - y0) * s)
        guard w > 16, h > 16, w <= 4096, h <= 1024,
            let band = PerspectiveWarp.rectify(image, quad: quad, width: w, height: h)
        else { return nil }
        return (band, { p in frame(x0 + p.x / s, y0 + p.y / s) })
    }

    /// The blur width of an MRZ read from `band`, measured on the rows its `lines` cover (their
    /// cells, a cap height above and below, a pitch before and after): the MRZ's own print rather
    /// than whatever else the band holds (a photo's edge, the background beyond a card).
    static func blurWidth(_ band: GrayImage, lines: [MRZTextLine]) -> Double? {
        let boxes = lines.flatMap { line in
            line.cellCount > 0 ? [line.cellBox(0), line.cellBox(line.cellCount - 1)] : []
        }
        let corners = boxes.flatMap(\.corners)
        guard let first = lines.first, !corners.isEmpty else {
            return SharpnessMeter.blurWidth(band, pixelsPerMillimetre: MRZZoneReader.bandPixelsPerMillimetre)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let mx = first.pitch, my = first.capHeight
        let x0 = Int((xs.min()! - mx).rounded(.down)), x1 = Int((xs.max()! + mx).rounded(.up))
        let y0 = Int((ys.min()! - my).rounded(.down)), y1 = Int((ys.max()! + my).rounded(.up))
        let rows = band.cropped(to: PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)))
        return SharpnessMeter.blurWidth(rows, pixelsPerMillimetre: MRZZoneReader.bandPixelsPerMillimetre)
    }

    /// A band turned 180°, with its map to the frame.
    static func turned(
        _ band: (image: GrayImage, toFrame: (Point2D) -> Point2D)
    )
        -> (image: GrayImage, toFrame: (Point2D) -> Point2D)
    {
        let w = Double(band.image.width), h = Double(band.image.height), toFrame = band.toFrame
        return (band.image.rotated(quarterTurnsClockwise: 2), { p in toFrame(Point2D(x: w - p.x, y: h - p.y)) })
    }

    /// The height of the lower band of `layout` that ``band(of:quad:layout:)`` reads, in millimetres.
    static func bandHeight(_ layout: DocumentLayout) -> Double {
        layout.height * (layout.mrzLineCount == 3 ? 0.42 : 0.32)
    }

    /// Whether any of `points` (frame pixels) lies in the lower band of the document `quad` outlines.
    static func bandHolds(oneOf points: [Point2D], quad: Quadrilateral2D, layout: DocumentLayout) -> Bool {
        guard
            let frameToDoc = Homography(
                from: quad,
                to: Quadrilateral2D(
                    x: 0, y: 0, width: layout.width,
                    height: layout.height))
        else { return false }
        let top = layout.height - bandHeight(layout)
        return points.contains { p in
            let d = frameToDoc.apply(p)
            return d.x >= 0 && d.x <= layout.width && d.y >= top && d.y <= layout.height
        }
    }

    /// The lower band of a located document, rectified through the outline's homography (so
    /// perspective is removed exactly), with the map back to frame pixels.
    package static func band(
        of image: GrayImage, quad: Quadrilateral2D, layout: DocumentLayout
    )
        -> (image: GrayImage, toFrame: (Point2D) -> Point2D)?
    {
        let s = MRZZoneReader.bandPixelsPerMillimetre
        let bandHeightMM = bandHeight(layout)
        let top = layout.height - bandHeightMM
        guard
            let docToFrame = Homography(
                from: Quadrilateral2D(x: 0, y: 0, width: layout.width, height: layout.height),
                to: quad)
        else { return nil }
        let bandQuad = Quadrilateral2D(x: 0, y: top, width: layout.width, height: bandHeightMM).mapped(docToFrame.apply)
        let w = Int(layout.width * s), h = Int(bandHeightMM * s)
        guard w > 16, h > 16, let band = PerspectiveWarp.rectify(image, quad: bandQuad, width: w, height: h) else {
            return nil
        }
        return (band, { p in docToFrame.apply(Point2D(x: p.x / s, y: top + p.y / s)) })
    }

    /// Reads the MRZ band of a located document (both ways up unless the outline is anchored); with
    /// `points`, only a band that holds one of them.
    func read(
        located: DocumentLocalizer.Result, layout: DocumentLayout, in image: GrayImage, today: MRZDate,
        holdingOneOf points: [Point2D]? = nil
    ) -> ZoneReading? {
        let c = located.quad.corners
        let orientations =
            located.isAnchored ? [located.quad] : [located.quad, Quadrilateral2D(corners: [c[2], c[3], c[0], c[1]])]
        var best: ZoneReading?
        for quad in orientations {
            if let points, !Self.bandHolds(oneOf: points, quad: quad, layout: layout) { continue }
            guard let band = Self.band(of: image, quad: quad, layout: layout),
                let lines = MRZZoneReader.mrzLines(in: band.image)
            else { continue }
            let reading = reader.recognise(band: band.image, lines: lines)
            let resolved = MRZReadingResolver.resolve(reading.candidates) ?? reading.lines
            let record = try? MRZParser.parse(resolved, today: today)
            let q = quad.corners
            let down = (q[3] - q[0]) * (1 / max(1e-9, q[3].distance(to: q[0])))
            let candidate = ZoneReading(
                reading: reading, record: record, band: band.image, toFrame: band.toFrame,
                down: down, pixelsPerMillimetre: Self.pixelsPerMillimetre(quad, layout: layout))
            if best == nil || candidate.rank > best!.rank { best = candidate }
            if record?.allChecksPassed == true { break }
        }
        return best
    }

    /// Cuts the document side (and its face and signature zones) out of `image`.
    package func extractImages(
        from image: RGBAImage, analysis: FrameAnalysis, pixelsPerMillimetre: Double = 8
    )
        -> DocumentImages?
    {
        guard let quad = analysis.documentQuad else { return nil }
        let layout = DocumentLayout.of(analysis.layout ?? .td3)
        let w = Int((layout.width * pixelsPerMillimetre).rounded()),
            h = Int((layout.height * pixelsPerMillimetre).rounded())
        guard let document = PerspectiveWarp.rectify(image, quad: quad, width: w, height: h) else { return nil }
        let face = layout.face.map { document.cropped(to: $0.pixelRect(pixelsPerMillimetre: pixelsPerMillimetre)) }
        let signature = layout.signature.map {
            document.cropped(to: $0.pixelRect(pixelsPerMillimetre: pixelsPerMillimetre))
        }
        return DocumentImages(document: document, face: face, signature: signature)
    }

    // MARK: - Geometry helpers

    /// The whole side rectified at `pixelsPerMillimetre`.
    static func rectified(
        _ image: GrayImage, quad: Quadrilateral2D, layout: DocumentLayout,
        pixelsPerMillimetre s: Double
    ) -> GrayImage? {
        PerspectiveWarp.rectify(image, quad: quad, width: Int(layout.width * s), height: Int(layout.height * s))
    }

    /// The smallest scale along the document's sides, in frame pixels per millimetre.
    static func pixelsPerMillimetre(_ quad: Quadrilateral2D, layout: DocumentLayout) -> Double {
        let c = quad.corners
        let top = c[0].distance(to: c[1]) / layout.width, bottom = c[3].distance(to: c[2]) / layout.width
        let left = c[0].distance(to: c[3]) / layout.height, right = c[1].distance(to: c[2]) / layout.height
        return [top, bottom, left, right].min() ?? 0
    }

    /// Whether a document whose outline `quad` touches the border of `roi` evidently continues past
    /// it: with a read MRZ (`layout` known), when the outline's aspect ratio is not the layout's
    /// (``PlacementStatus/wholeDocumentAspectTolerance``) or the outline the MRZ implies (`predicted`)
    /// has a corner outside the ROI; without one, always (a whole document this close to the border
    /// would have shown its MRZ, and a front side cannot say where it ends).
    static func continuesPastBorder(
        _ quad: Quadrilateral2D, roi: PixelRect, layout: DocumentLayout?, aspect: Double, predicted: Quadrilateral2D?
    ) -> Bool {
        guard PlacementStatus.touchesBorder(quad, roi: roi) else { return false }
        guard let layout else { return true }
        if abs(log(aspect / layout.aspectRatio)) > log(PlacementStatus.wholeDocumentAspectTolerance) { return true }
        guard let predicted else { return false }
        let slack = 0.01 * Double(roi.width * roi.width + roi.height * roi.height).squareRoot()
        return predicted.corners.contains {
            $0.x < Double(roi.x) - slack || $0.y < Double(roi.y) - slack
                || $0.x > Double(roi.x + roi.width) + slack || $0.y > Double(roi.y + roi.height) + slack
        }
    }

    static func apparentAspect(_ quad: Quadrilateral2D) -> Double {
        let c = quad.corners
        let long = c[0].distance(to: c[1]) + c[3].distance(to: c[2])
        let short = c[0].distance(to: c[3]) + c[1].distance(to: c[2])
        return long / max(1, short)
    }

    static func layoutKind(of format: MRZFormat) -> DocumentLayout.Kind {
        switch format {
        case .td1: return .td1Back
        case .td2: return .td2
        case .td3: return .td3
        case .mrvA: return .mrvA
        case .mrvB: return .mrvB
        }
    }

    /// Dark components of printed-text size (1.2–4 mm tall) on a rectified document. Ink is the MRZ
    /// ink mask (``MRZTextLineFinder/inkRuns(_:radius:margin:)``) over boxes 6 mm wide, with a
    /// margin of 10 grey levels.
    static func textLikeComponents(_ document: GrayImage, pixelsPerMillimetre s: Double) -> Int {
        let ink = MRZTextLineFinder.inkRuns(document, radius: Int(3 * s), margin: 10)
        return ConnectedComponents.label(ink, minimumArea: 3).filter {
            let ch = Double($0.height) / s, cw = Double($0.width) / s
            return ch >= 1.2 && ch <= 4 && cw <= 4
        }.count
    }
}

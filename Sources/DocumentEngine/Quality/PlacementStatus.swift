package import CaptureCore

/// How the document is placed in the frame: the engine's side of the guide's `DetectionStatus`.
///
/// Thresholds, relative to the region of interest (ROI), checked in this order:
/// - ``tooClose``: the document overfills the ROI, cut or not: it runs past two opposite borders
///   (by more than 1% of the ROI's diagonal each), or its outline, inside the ROI or not, covers
///   more than 80% of the ROI's area, or the outline a verified MRZ implies (``overfills(_:roi:)``)
///   is wider or taller than the ROI or covers more than 80% of it, or, without a verified MRZ, an
///   MRZ zone found but not read (cut by the border) is printed too large for the narrowest
///   document that can carry it to fit in the ROI (``overfills(zone:confidence:roi:)``). Moving
///   back is what helps, whatever else is wrong.
/// - ``partiallyVisible``: a corner lies outside the ROI by more than 1% of its diagonal, or the
///   outline touches the ROI's border (a corner within ``borderContactFraction`` of its shorter side)
///   and the document evidently continues past it (`continuesPastBorder`, judged by the scanner: the
///   outline's shape is not its layout's, or the MRZ puts the document's corners outside, or no MRZ
///   was read to say where the document ends). A document cut by the frame edge is otherwise found
///   as the part inside, whose corners sit on the border.
/// - ``tooCloseToEdge``: a corner lies within 2% of the ROI's shorter side from its border, as
///   the outline places it (``edgeMarginFraction``: 1.9%, the outline's own precision allowed for).
/// - ``tooFar``: fewer than ``minimumPixelsPerMillimetre`` pixels per millimetre on the document
///   (an MRZ character pitch under ~7.6 px, too small to read reliably).
/// - ``angleTooSteep``: the estimated tilt (``PlaneGeometry``) exceeds ``maximumTiltDegrees``.
package enum PlacementStatus: String, Sendable, Equatable, Codable {
    case notFound
    case good
    case tooFar
    case tooClose
    case angleTooSteep
    case tooCloseToEdge
    case partiallyVisible

    package static let minimumPixelsPerMillimetre = 3.0
    package static let maximumTiltDegrees = 35.0
    /// A corner of the outline this close to the ROI's border (share of its shorter side) is too
    /// close to the edge. The rule is 2%; the outline's corners carry about 0.5–1 px of error
    /// (0.0005 of the diagonal on a 1280x720 frame), so a document whose true corner sits just past
    /// 2% was called too close as often as not. Decided on the tuning family's wild and placement
    /// lines: 1.9% halved the wrong `tooCloseToEdge` on wild (300 frames, 24 to 12) and turned the 3
    /// of placement (200 frames) into `good` without making any document that deserves
    /// `tooCloseToEdge` (the near-edge frames, 0.2–1.8%) `good`; 1.85% began to, 1.95% kept 12 of
    /// 14 on 200 wild frames.
    package static let edgeMarginFraction = 0.019

    /// A corner this close to the ROI's border (share of its shorter side) touches it. Decided on the
    /// tuning family's placement line: the outlines of cut documents end 0.1–0.7% from the border,
    /// those of whole documents placed near it 0.3–1.9% (so contact alone does not decide).
    package static let borderContactFraction = 0.0075
    /// The most a touching outline's aspect ratio may differ from its layout's (as a factor) for the
    /// document to count as whole: whole documents near the border were within 0.98–1.03 of it on
    /// the tuning family's placement line, cut ones mostly beyond 0.9–1.1.
    package static let wholeDocumentAspectTolerance = 1.06

    /// Whether a corner of `quad` touches the border of `roi` (``borderContactFraction``).
    package static func touchesBorder(_ quad: Quadrilateral2D, roi: PixelRect) -> Bool {
        let margin = borderContactFraction * Double(min(roi.width, roi.height))
        let x0 = Double(roi.x), y0 = Double(roi.y)
        let x1 = Double(roi.x + roi.width), y1 = Double(roi.y + roi.height)
        return quad.corners.contains {
            $0.x < x0 + margin || $0.y < y0 + margin || $0.x > x1 - margin || $0.y > y1 - margin
        }
    }

    /// Largest share of the ROI's area a well-placed document may cover.
    package static let maximumCoverage = 0.8

    /// Whether the outline a read MRZ implies (`implied`, from the MRZ's position, direction, scale
    /// and layout alone) overfills `roi`: its bounding box is wider or taller than the ROI by more
    /// than 1% of the ROI's diagonal, or its part inside the ROI covers more than
    /// ``maximumCoverage`` of it. An overfilled document shows no outline to locate (its sides lie
    /// outside the frame, and whatever outline is found is a part of it), while its MRZ, when
    /// inside, still says how large the document is.
    package static func overfills(_ implied: Quadrilateral2D, roi: PixelRect) -> Bool {
        let xs = implied.corners.map(\.x), ys = implied.corners.map(\.y)
        guard xs.allSatisfy(\.isFinite), ys.allSatisfy(\.isFinite) else { return false }
        let diagonal = (Double(roi.width * roi.width + roi.height * roi.height)).squareRoot()
        let slack = 0.01 * diagonal
        if (xs.max()! - xs.min()!) > Double(roi.width) + slack || (ys.max()! - ys.min()!) > Double(roi.height) + slack {
            return true
        }
        return visibleArea(implied, roi: roi) > maximumCoverage * Double(roi.width * roi.height)
    }

    /// The width of the narrowest document whose MRZ zone shows `lines` lines spanning `cells` glyph
    /// positions, in MRZ character pitches (2.54 mm): an ID-1 card (85.6 mm, 3 lines of 30) for three
    /// lines or up to ``longestTD1ZoneCells``, else an ID-2 document or an MRV-B visa (105 mm, 2 lines
    /// of 36).
    package static func narrowestDocumentPitches(cells: Int, lines: Int) -> Double {
        let kind: DocumentLayout.Kind = lines == 2 && cells > longestTD1ZoneCells ? .td2 : .td1Back
        return DocumentLayout.of(kind).width / DocumentLayout.mrzPitch
    }

    /// The most glyph positions a zone of TD1 lines (30 characters) may be measured to span: its
    /// lines' ends are fitted on blurred glyphs and the lines of a zone need not start together.
    package static let longestTD1ZoneCells = 32

    /// Whether an MRZ zone found in the frame, read or not (a zone cut by the border does not read),
    /// shows a document too large for `roi`: the narrowest document that can carry it reaches beyond
    /// the ROI by more than ``zoneOverfillAllowance`` (``zoneOverfillRatio(_:roi:)``), and the text
    /// lines of its band, read whatever their length, have a mean character confidence
    /// (`confidence`) of at least ``minimumOverfillZoneConfidence``.
    package static func overfills(zone: MRZZoneDetector.Zone, confidence: Float, roi: PixelRect) -> Bool {
        confidence >= minimumOverfillZoneConfidence && zoneOverfillRatio(zone, roi: roi) > zoneOverfillAllowance
    }

    /// How far beyond the ROI the narrowest document of a zone must reach for the zone to say it
    /// overfills the ROI: the zone's pitch is the document's scale at its MRZ edge, and perspective
    /// may shrink the rest. Decided on the tuning family (1280x720, seeds 7 and 5000, every line,
    /// 1,900 frames): documents that fit reached 1.03 (TD1 cards tilted 25-32°), overfilled ones
    /// 1.07 and more where their zone was found (16 of 71, all then `tooClose`; a steep frame at 1.01
    /// stays out).
    package static let zoneOverfillAllowance = 1.05

    /// The mean character confidence the text lines of a zone's band need for the zone to count as
    /// an MRZ in ``overfills(zone:confidence:roi:)``. Decided on the same frames: the cut MRZs of
    /// overfilled documents read at 0.66-0.999; wood grain taken for a zone (a stress frame) showed
    /// no text line at all.
    package static let minimumOverfillZoneConfidence: Float = 0.6

    /// The widest MRZ line spacing of the layouts the engine knows (a TD3 page's 4.6 mm), over the
    /// pitch: a zone's measured spacing over this says at least how much of a document's height the
    /// tilt leaves in the frame.
    package static let widestLineSpacingPitches = 4.6 / DocumentLayout.mrzPitch

    /// How far the narrowest document that can carry `zone` reaches beyond `roi`: the larger of its
    /// bounding box's width and height over the ROI's (plus 1% of its diagonal, as
    /// ``overfills(_:roi:)``). The document is ``narrowestDocumentPitches(cells:lines:)`` wide at the
    /// zone's pitch along its lines (an MRZ runs across its document's whole width, near its edge,
    /// so the pitch measured on its lines is the document's scale there, whatever the tilt), and an
    /// ID-1 card's height across them, foreshortened as the zone's line spacing is against the
    /// widest nominal one (``widestLineSpacingPitches``).
    package static func zoneOverfillRatio(_ zone: MRZZoneDetector.Zone, roi: PixelRect) -> Double {
        guard zone.pitch > 0, zone.lineSpacing > 0 else { return 0 }
        let width = narrowestDocumentPitches(cells: zone.cellSpan, lines: zone.lineCount) * zone.pitch
        let foreshortening = min(1, zone.lineSpacing / zone.pitch / widestLineSpacingPitches)
        let height = DocumentLayout.of(.td1Back).height / DocumentLayout.mrzPitch * zone.pitch * foreshortening
        let boxWidth = width * abs(zone.along.x) + height * abs(zone.down.x)
        let boxHeight = width * abs(zone.along.y) + height * abs(zone.down.y)
        let diagonal = (Double(roi.width * roi.width + roi.height * roi.height)).squareRoot()
        let slack = 0.01 * diagonal
        return max(boxWidth / (Double(roi.width) + slack), boxHeight / (Double(roi.height) + slack))
    }

    /// Area of `quad` clipped to `roi`.
    static func visibleArea(_ quad: Quadrilateral2D, roi: PixelRect) -> Double {
        quad.area(
            insideX: Double(roi.x), y0: Double(roi.y), x1: Double(roi.x + roi.width), y1: Double(roi.y + roi.height))
    }

    /// Assesses a located document; `overfilled` when the outline a verified MRZ implies overfills
    /// the ROI (``overfills(_:roi:)``).
    package static func assess(
        quad: Quadrilateral2D, roi: PixelRect, pixelsPerMillimetre: Double,
        tiltDegrees: Double?, continuesPastBorder: Bool = false, overfilled: Bool = false
    ) -> PlacementStatus {
        if overfilled { return .tooClose }
        let x0 = Double(roi.x), y0 = Double(roi.y)
        let x1 = Double(roi.x + roi.width), y1 = Double(roi.y + roi.height)
        let diagonal = (Double(roi.width * roi.width + roi.height * roi.height)).squareRoot()
        let outside = 0.01 * diagonal
        let box = quad.corners.reduce(
            into: (
                x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity,
                y1: -Double.infinity
            )
        ) { box, p in
            box = (min(box.x0, p.x), min(box.y0, p.y), max(box.x1, p.x), max(box.y1, p.y))
        }
        let pastBothSides =
            (box.x0 < x0 - outside && box.x1 > x1 + outside)
            || (box.y0 < y0 - outside && box.y1 > y1 + outside)
        if pastBothSides || quad.area > maximumCoverage * Double(roi.width * roi.height) { return .tooClose }
        if quad.corners.contains(where: {
            $0.x < x0 - outside || $0.y < y0 - outside || $0.x > x1 + outside || $0.y > y1 + outside
        }) {
            return .partiallyVisible
        }
        if continuesPastBorder, touchesBorder(quad, roi: roi) { return .partiallyVisible }
        let margin = edgeMarginFraction * Double(min(roi.width, roi.height))
        if quad.corners.contains(where: {
            $0.x < x0 + margin || $0.y < y0 + margin || $0.x > x1 - margin || $0.y > y1 - margin
        }) {
            return .tooCloseToEdge
        }
        if pixelsPerMillimetre < minimumPixelsPerMillimetre { return .tooFar }
        if let tilt = tiltDegrees, tilt > maximumTiltDegrees { return .angleTooSteep }
        return .good
    }
}

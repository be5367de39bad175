import CaptureCore
import Foundation

/// The document engine's entry point: one frame in, a ``FrameAnalysis`` out.
///
/// Per frame: locate the document (``DocumentLocalizer``); for each way up it could be (two for a
/// given long-side direction) and each size class it could be (ID-1, ID-2/3), rectify the lower band
/// of the document and look for MRZ lines there (``MRZZoneReader``); read and parse the first MRZ
/// found (``MRZParser``); measure placement, tilt, blur and glare. The work is bounded: at most four
/// band rectifications per frame, and pixel loops only over the downscaled frame and the bands.
package struct DocumentScanner: Sendable {
    package let localizer = DocumentLocalizer()
    package let reader: MRZZoneReader
    /// Blur widths above this many millimetres are reported as blur (calibrated on generated
    /// documents: beyond it, MRZ reading starts to fail).
    package var maximumBlurWidth = 0.2
    /// Glare regions above this share of the document are reported.
    package var maximumGlareFraction = 0.004

    package init(classifier: MRZCharacterClassifier) {
        reader = MRZZoneReader(classifier: classifier)
    }

    /// The two document sizes a quadrilateral can be rectified as: ID-1 cards, and ID-3 pages
    /// (ID-2 and visas are read through the ID-3 band; the line finder tolerates the scale).
    static let sizeClasses: [DocumentLayout.Kind] = [.td1Back, .td3]

    /// Analyses `image` inside `roi`; `today` resolves MRZ date centuries; `isCancelled` is polled
    /// between steps and makes the analysis stop early (what was found so far is returned).
    package func analyze(_ image: GrayImage, roi: PixelRect, today: MRZDate,
                         isCancelled: () -> Bool = { false }) -> FrameAnalysis {
        var analysis = FrameAnalysis()
        let region = roi.clipped(width: image.width, height: image.height)
        guard let located = localizer.locate(in: image, roi: region), !isCancelled() else { return analysis }
        analysis.localizationConfidence = located.coverage
        analysis.isVertical = located.isVertical
        let c = located.quad.corners
        let orientations = [located.quad, Quadrilateral2D(corners: [c[2], c[3], c[0], c[1]])]

        // Size class order: the one whose aspect is closer first.
        let geometry = PlaneGeometry(quad: located.quad, frameWidth: image.width, frameHeight: image.height)
        let aspect = geometry?.aspectRatio ?? Self.apparentAspect(located.quad)
        let classes = Self.sizeClasses.sorted {
            abs(log(DocumentLayout.of($0).aspectRatio / aspect)) < abs(log(DocumentLayout.of($1).aspectRatio / aspect))
        }
        var chosen = (quad: orientations[0], layout: DocumentLayout.of(classes[0]))
        search: for kind in classes {
            let layout = DocumentLayout.of(kind)
            for quad in orientations {
                if isCancelled() { return analysis }
                guard let band = Self.band(of: image, quad: quad, layout: layout),
                      let lines = MRZZoneReader.mrzLines(in: band.image) else { continue }
                analysis.mrzZoneSeen = true
                chosen = (quad, layout)
                let reading = reader.recognise(band: band.image, lines: lines)
                analysis.mrzReading = reading
                analysis.mrz = try? MRZParser.parse(reading.lines, today: today)
                if let format = MRZParser.format(of: reading.lines) { analysis.layout = Self.layoutKind(of: format) }
                analysis.mrzCharacterBoxes = lines.map { line in
                    (0..<line.cellCount).map { k in line.cellBox(k).mapped(band.toFrame) }
                }
                if let blur = SharpnessMeter.blurWidth(band.image, pixelsPerMillimetre: MRZZoneReader.bandPixelsPerMillimetre) {
                    analysis.blurWidth = blur
                }
                break search
            }
        }
        if isCancelled() { return analysis }
        let quad = chosen.quad
        let layout = analysis.layout.map(DocumentLayout.of) ?? chosen.layout
        analysis.documentQuad = quad
        let scale = Self.pixelsPerMillimetre(quad, layout: layout)
        analysis.pixelsPerMillimetre = scale
        analysis.tiltDegrees = PlaneGeometry(quad: quad, frameWidth: image.width, frameHeight: image.height)?.tiltDegrees
        analysis.placement = PlacementStatus.assess(quad: quad, roi: region, pixelsPerMillimetre: scale,
                                                    tiltDegrees: analysis.tiltDegrees)

        // Glare (and, without an MRZ, blur and front-side cues) on a small rectified copy.
        let overviewScale = 4.0
        if let overview = Self.rectified(image, quad: quad, layout: layout, pixelsPerMillimetre: overviewScale) {
            analysis.glareFraction = GlareMeter.largestGlareFraction(overview)
            if analysis.blurWidth == nil {
                analysis.blurWidth = SharpnessMeter.blurWidth(overview, pixelsPerMillimetre: overviewScale)
            }
            if !analysis.mrzZoneSeen, layout.kind == .td1Back || layout.kind == .td1Front {
                let textLike = Self.textLikeComponents(overview, pixelsPerMillimetre: overviewScale)
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

    /// Cuts the document side (and its face and signature zones) out of `image`.
    package func extractImages(from image: RGBAImage, analysis: FrameAnalysis, pixelsPerMillimetre: Double = 8)
        -> DocumentImages?
    {
        guard let quad = analysis.documentQuad else { return nil }
        let layout = DocumentLayout.of(analysis.layout ?? .td3)
        let w = Int((layout.width * pixelsPerMillimetre).rounded()), h = Int((layout.height * pixelsPerMillimetre).rounded())
        guard let document = PerspectiveWarp.rectify(image, quad: quad, width: w, height: h) else { return nil }
        let face = layout.face.map { document.cropped(to: $0.pixelRect(pixelsPerMillimetre: pixelsPerMillimetre)) }
        let signature = layout.signature.map { document.cropped(to: $0.pixelRect(pixelsPerMillimetre: pixelsPerMillimetre)) }
        return DocumentImages(document: document, face: face, signature: signature)
    }

    // MARK: - Geometry helpers

    /// The lower band of the document (where the MRZ is) rectified at the band scale, with the map
    /// from band pixels back to frame pixels.
    static func band(of image: GrayImage, quad: Quadrilateral2D, layout: DocumentLayout)
        -> (image: GrayImage, toFrame: (Point2D) -> Point2D)?
    {
        let s = MRZZoneReader.bandPixelsPerMillimetre
        let bandHeightMM = layout.height * (layout.kind == .td1Back ? 0.42 : 0.32)
        let top = layout.height - bandHeightMM
        guard let docToFrame = Homography(from: Quadrilateral2D(x: 0, y: 0, width: layout.width, height: layout.height),
                                          to: quad) else { return nil }
        let bandQuad = Quadrilateral2D(x: 0, y: top, width: layout.width, height: bandHeightMM).mapped(docToFrame.apply)
        let w = Int(layout.width * s), h = Int(bandHeightMM * s)
        guard let band = PerspectiveWarp.rectify(image, quad: bandQuad, width: w, height: h) else { return nil }
        let toFrame: (Point2D) -> Point2D = { p in docToFrame.apply(Point2D(x: p.x / s, y: top + p.y / s)) }
        return (band, toFrame)
    }

    /// The whole side rectified at `pixelsPerMillimetre`.
    static func rectified(_ image: GrayImage, quad: Quadrilateral2D, layout: DocumentLayout,
                          pixelsPerMillimetre s: Double) -> GrayImage? {
        PerspectiveWarp.rectify(image, quad: quad, width: Int(layout.width * s), height: Int(layout.height * s))
    }

    /// The smallest scale along the document's sides, in frame pixels per millimetre.
    static func pixelsPerMillimetre(_ quad: Quadrilateral2D, layout: DocumentLayout) -> Double {
        let c = quad.corners
        let top = c[0].distance(to: c[1]) / layout.width, bottom = c[3].distance(to: c[2]) / layout.width
        let left = c[0].distance(to: c[3]) / layout.height, right = c[1].distance(to: c[2]) / layout.height
        return [top, bottom, left, right].min() ?? 0
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

    /// Dark components of printed-text size (1.2–4 mm tall) on a rectified document.
    static func textLikeComponents(_ document: GrayImage, pixelsPerMillimetre s: Double) -> Int {
        let w = document.width, h = document.height
        let integral = IntegralImage(document)
        let radius = Int(3 * s)
        var mask = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let (mean, deviation) = integral.meanAndDeviation(x: x, y: y, radius: radius)
                mask[y * w + x] = Double(document[x, y]) < mean - 0.25 * deviation - 10
            }
        }
        return ConnectedComponents.label(mask, width: w, height: h, minimumArea: 3).filter {
            let ch = Double($0.height) / s, cw = Double($0.width) / s
            return ch >= 1.2 && ch <= 4 && cw <= 4
        }.count
    }
}

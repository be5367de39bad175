package import CaptureCore
package import DocumentEngine
package import Foundation

/// Places a rendered document into a camera-like frame and degrades it as a phone camera would, with
/// ground truth (``SceneTruth``). Parameters come from a ``SceneTier`` (whose doc comment lists
/// them) and the seed; the same seed gives the same JPEG bytes.
///
/// Steps: background (``SceneBackground``); document pose through a pinhole camera (in-plane
/// rotation, tilt about a random axis in the document plane, distance from the width fraction,
/// a translation that keeps the whole document inside the frame unless the ``SceneFraming`` says
/// otherwise); a soft shadow;
/// the document composited with anti-aliased edges (analytic edge coverage times the rendered
/// alpha, the texture rendered at about 1.05x the largest on-frame scale, at most 18 px/mm, so
/// bilinear sampling hardly ever magnifies); lighting gradient, vignette and exposure; a specular
/// glare spot on the document; Gaussian or motion blur; luma-dependent sensor noise; JPEG at the
/// tier's quality, decoded back so the returned pixels are the JPEG's.
///
/// ```swift
/// let composer = try SceneComposer(tier: .phoneLike, frameWidth: 1280, frameHeight: 720)
/// let scene = try composer.compose(seed: 7)
/// try scene.jpeg.write(to: url)      // scene.truth.corners, scene.truth.mrz ...
/// ```
package struct SceneComposer: Sendable {
    package let tier: SceneTier
    package let frameWidth: Int
    package let frameHeight: Int
    /// The document sides to draw from (uniformly); empty means the tier's default mix.
    package let kinds: [DocumentLayout.Kind]
    /// Where the document lies relative to the frame (``SceneFraming``).
    package let framing: SceneFraming
    /// A condition of the tuning family's stress line drawn on top of the tier, or nil.
    package let stress: SceneStress?
    /// A condition of the tuning family's wild line drawn on top of the tier (``SceneWild``), or nil.
    package let wild: SceneWild?
    /// Whether a ``SceneStress/tinyMRZ`` document is drawn as small as the tier's readability guard
    /// allows (a pitch of ``SceneSevere/tinyPitchFactor`` times the tier's minimum, over the cosine
    /// of the tilt: the severe line) rather than at ``SceneStress/tinyPitchPixels`` (the stress line).
    package let tinyMRZAtTierMinimum: Bool
    /// Whether part of the document is pushed outside the frame (10-45 % of its extent on one side).
    package var partial: Bool { framing == .partial }
    /// Print the visual zone from the layout catalogue (``DocumentRenderer/printsVizFromLayouts``).
    package let printsVizFromLayouts: Bool
    /// The catalogue layout printed instead of the ICAO one (``DocumentRenderer/vizLayoutID``).
    package let vizLayoutID: String?
    /// How far the visual zone's printing and the frame's optics vary (``VizPrintStyle/Variation``):
    /// wide also blurs a little more and compresses harder than the tier alone, as phone captures of
    /// card fronts do.
    package let vizVariation: VizPrintStyle.Variation

    /// Smallest and largest accepted frame side.
    package static let frameSideRange = 64...8192
    /// Largest extra Gaussian blur (pixels) of the wide visual-zone family in `tier`.
    static func wideExtraBlurSigma(_ tier: SceneTier) -> Double {
        switch tier {
        case .clean: return 0.6
        case .phoneLike: return 0.8
        case .hard: return 0.4
        }
    }
    /// JPEG quality the wide visual-zone family compresses half its frames in `tier` to at most.
    static func wideJPEGQuality(_ tier: SceneTier) -> ClosedRange<Int> {
        switch tier {
        case .clean: return 70...90
        case .phoneLike: return 55...80
        case .hard: return 45...65
        }
    }

    package init(
        tier: SceneTier, frameWidth: Int = 1280, frameHeight: Int = 720, kinds: [DocumentLayout.Kind] = [],
        partial: Bool = false, framing: SceneFraming? = nil, stress: SceneStress? = nil, wild: SceneWild? = nil,
        tinyMRZAtTierMinimum: Bool = false, printsVizFromLayouts: Bool = false, vizLayoutID: String? = nil,
        vizVariation: VizPrintStyle.Variation = .narrow
    ) throws(SceneCompositionError) {
        guard Self.frameSideRange.contains(frameWidth), Self.frameSideRange.contains(frameHeight) else {
            throw .invalidFrameSize(width: frameWidth, height: frameHeight)
        }
        self.tier = tier
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.kinds = kinds
        self.framing = framing ?? (partial ? .partial : .inside)
        self.stress = stress
        self.wild = wild
        self.tinyMRZAtTierMinimum = tinyMRZAtTierMinimum
        self.printsVizFromLayouts = printsVizFromLayouts
        self.vizLayoutID = vizLayoutID
        self.vizVariation = vizVariation
    }

    /// The nominal MRZ pitch of a ``SceneStress/tinyMRZ`` document (``tinyMRZAtTierMinimum``).
    var tinyMRZPitchPixels: ClosedRange<Double> {
        guard tinyMRZAtTierMinimum else { return SceneStress.tinyPitchPixels }
        let floor = tier.minimumMRZPitchPixels
        return floor * SceneSevere.tinyPitchFactor.lowerBound...floor * SceneSevere.tinyPitchFactor.upperBound
    }

    /// Generates the scene of `seed`; `fileName` goes into the truth.
    package func compose(seed: UInt64, fileName: String = "") throws(SceneCompositionError) -> SyntheticScene {
        var random = SeededGenerator(seed: seed)
        let kind =
            kinds.isEmpty
            ? random.pick(SceneTier.defaultKindWeights.map(\.0), weights: SceneTier.defaultKindWeights.map(\.1))
            : random.pick(kinds)
        return try compose(seed: seed, fileName: fileName, kind: kind, random: &random) {
            (scale, identity, renderRandom) throws(SceneCompositionError) -> RenderedDocument in
            do throws(MRZCompositionError) {
                return try DocumentRenderer(
                    pixelsPerMillimetre: scale, printsVizFromLayouts: printsVizFromLayouts, vizLayoutID: vizLayoutID,
                    vizVariation: vizVariation
                )
                .render(kind, identity: identity, using: &renderRandom)
            } catch {
                throw .documentRendering(error)
            }
        }
    }

    /// Places a side drawn by `render` instead of ``DocumentRenderer`` (for example the back of a
    /// driver licence with its PDF417 barcode): the pose, background, light, blur, noise and JPEG
    /// come from the tier and `seed` exactly as for the composer's own documents. `kind` gives the
    /// size (and MRZ pitch guard) of the side; `render` receives the scale in pixels per millimetre
    /// to draw at, the scene's identity and a random stream of its own.
    package func compose(
        seed: UInt64, fileName: String = "", kind: DocumentLayout.Kind,
        render: (Double, SyntheticIdentity, inout SeededGenerator) throws(SceneCompositionError) -> RenderedDocument
    ) throws(SceneCompositionError) -> SyntheticScene {
        var random = SeededGenerator(seed: seed)
        return try compose(seed: seed, fileName: fileName, kind: kind, random: &random, render: render)
    }

    private func compose(
        seed: UInt64, fileName: String, kind: DocumentLayout.Kind, random: inout SeededGenerator,
        render: (Double, SyntheticIdentity, inout SeededGenerator) throws(SceneCompositionError) -> RenderedDocument
    ) throws(SceneCompositionError) -> SyntheticScene {
        let layout = DocumentLayout.of(kind)
        var identityRandom = random.fork(1)
        var poseRandom = random.fork(2)
        var renderRandom = random.fork(3)
        var backgroundRandom = random.fork(4)
        var lightRandom = random.fork(5)
        var blurRandom = random.fork(6)
        var noiseRandom = random.fork(7)

        let identity = SyntheticIdentity.random(for: MRZFormat(kind: kind), using: &identityRandom)
        let pose = ScenePose.draw(
            layout: layout, tier: tier, frameWidth: frameWidth, frameHeight: frameHeight,
            framing: framing, mrzPitchPixels: stress == .tinyMRZ ? tinyMRZPitchPixels : nil,
            pitchOverTiltCosine: tinyMRZAtTierMinimum, using: &poseRandom)

        // Render at ~1.05x the largest on-frame scale (hardly ever magnified when sampled), within limits.
        let scale = min(18, max(3, pose.maxPixelsPerMillimetre * 1.05))
        var document = try render(scale, identity, &renderRandom)
        // The wild line's draws come from a stream of their own, derived from the seed without
        // drawing from `random`: every other frame, and the tier's draws of a wild frame, stay the same.
        var wildRandom = SeededGenerator(seed: SeededGenerator.derive(seed: seed, index: 9))
        if wild == .wornPrint { SceneWildEffects.wear(&document.image, using: &wildRandom) }
        var facingPage: RGBAImage?
        if wild == .openBooklet {
            facingPage = SceneWildEffects.facingPage(
                width: document.image.width, height: document.image.height,
                paper: SceneWildEffects.paperColour(document.image), using: &wildRandom)
            SceneWildEffects.shadeSpine(
                &document.image, top: true, depth: wildRandom.uniform(0.03, 0.08),
                strength: wildRandom.uniform(0.12, 0.35))
        }
        let docRect = Quadrilateral2D(
            x: 0, y: 0, width: Double(document.image.width), height: Double(document.image.height))
        guard let toFrame = Homography(from: docRect, to: pose.corners), let toDocument = toFrame.inverse else {
            throw .degeneratePose
        }
        func mapped(_ q: Quadrilateral2D?) -> Quadrilateral2D? { q.map { $0.mapped(toFrame.apply) } }
        let mrzPitch = minimumMRZPitch(document, toFrame)

        // Background, shadow, document.
        let style = backgroundRandom.pick(tier.backgroundWeights.map(\.0), weights: tier.backgroundWeights.map(\.1))
        var frame = SceneBackground.render(
            style, width: frameWidth, height: frameHeight, paper: meanColour(document.image),
            allowLight: tier.allowsLightBackgrounds, using: &backgroundRandom)
        let shadow = lightRandom.chance(tier.shadowProbability)
        if shadow { castShadow(&frame, under: pose.corners, using: &lightRandom) }
        if let facingPage {
            try drawBooklet(
                facingPage: facingPage, document: document, into: &frame, toFrame: toFrame, using: &wildRandom)
        }
        let alpha = composite(document.image, into: &frame, corners: pose.corners, toDocument: toDocument)
        if wild == .heldInHand {
            SceneWildEffects.fingers(
                &frame, documentToFrame: toFrame, documentWidth: Double(document.image.width),
                documentHeight: Double(document.image.height), mrzTop: document.mrzBand?.upperLeft.y,
                using: &wildRandom)
        }

        // Lighting and glare.
        var lighting = Lighting.draw(tier: tier, using: &lightRandom)
        if stress == .lowLight {
            lighting.exposure = lightRandom.uniform(
                SceneStress.lowLightExposure.lowerBound, SceneStress.lowLightExposure.upperBound)
        }
        lighting.apply(to: &frame)
        var glare: SceneDegradations.Glare?
        if stress == .glareOnMRZ, document.mrzBand != nil {
            glare = addGlare(
                to: &frame, documentAlpha: alpha, document: document, toFrame: toFrame,
                toDocument: toDocument, onMRZ: true, using: &lightRandom)
        } else if lightRandom.chance(tier.glareProbability) {
            glare = addGlare(
                to: &frame, documentAlpha: alpha, document: document, toFrame: toFrame,
                toDocument: toDocument, using: &lightRandom)
        }

        if wild == .colourCast { SceneWildEffects.colourCast(&frame, using: &wildRandom) }
        if wild == .screenMoire { SceneWildEffects.moire(&frame, using: &wildRandom) }
        var optics: SceneWildEffects.Optics?
        if wild == .lensAndShutter {
            let drawn = SceneWildEffects.Optics.draw(width: frameWidth, height: frameHeight, using: &wildRandom)
            frame = drawn.apply(to: frame)
            optics = drawn
        }
        // Where a scene point appears in the frame (through the wild line's optics, if any).
        func seen(_ q: Quadrilateral2D) -> Quadrilateral2D { optics.map { o in q.mapped(o.image) } ?? q }

        // Optics and sensor.
        let pitchCap = mrzPitch ?? .infinity
        var blurSigma = 0.0
        var motionLength = 0.0
        var motionAngle = 0.0
        if blurRandom.chance(tier.motionBlurProbability) {
            motionLength = min(
                blurRandom.uniform(tier.motionBlurLength.lowerBound, tier.motionBlurLength.upperBound),
                0.55 * pitchCap)
            motionAngle = blurRandom.uniform(0, Double.pi)
            frame.motionBlur(length: motionLength, angle: motionAngle)
        } else {
            blurSigma = min(blurRandom.uniform(tier.blurSigma.lowerBound, tier.blurSigma.upperBound), 0.17 * pitchCap)
            frame.gaussianBlur(sigma: blurSigma)
        }
        let noiseRange = stress == .lowLight ? SceneStress.lowLightNoiseSigma : tier.noiseSigma
        let noiseSigma = noiseRandom.uniform(noiseRange.lowerBound, noiseRange.upperBound)
        var quality = noiseRandom.integer(in: tier.jpegQuality)
        if vizVariation == .wide, printsVizFromLayouts {
            // A stream of its own: the narrow family's draws stay as they were.
            var opticsRandom = random.fork(8)
            let extra = opticsRandom.uniform(0, Self.wideExtraBlurSigma(tier))
            if extra > 0.05 {
                frame.gaussianBlur(sigma: extra)
                blurSigma = (blurSigma * blurSigma + extra * extra).squareRoot()
            }
            if opticsRandom.chance(0.5) { quality = min(quality, opticsRandom.integer(in: Self.wideJPEGQuality(tier))) }
        }
        let pixels = frame.rgbaWithNoise(sigma: noiseSigma, using: &noiseRandom)

        let jpeg: Data
        let image: RGBAImage
        do {
            jpeg = try ImageCodec.encodeJPEG(pixels, quality: quality)
            image = try ImageCodec.decode(jpeg)
        } catch {
            throw .encoding(error)
        }

        let degradations = SceneDegradations(
            background: style, rotationDegrees: pose.rotationDegrees, tiltDegrees: pose.tiltDegrees,
            tiltAxisDegrees: pose.tiltAxisDegrees, documentWidthFraction: pose.widthFraction, partial: partial,
            framing: framing, stress: stress, wild: wild,
            visibleFraction: visibleFraction(pose.corners), mrzPitchPixels: mrzPitch, shadow: shadow,
            lightingGradient: lighting.gradient, vignette: lighting.vignette, exposure: lighting.exposure, glare: glare,
            blurSigma: blurSigma, motionBlurLength: motionLength, motionBlurAngleDegrees: motionAngle * 180 / Double.pi,
            noiseSigma: noiseSigma, jpegQuality: quality)
        let truth = SceneTruth(
            file: fileName, seed: seed, tier: tier, kind: kind, frameWidth: frameWidth, frameHeight: frameHeight,
            corners: seen(pose.corners), mrzFormat: document.mrzFormat,
            mrz: document.mrzLines.isEmpty ? nil : document.mrzLines,
            mrzBand: mapped(document.mrzBand).map(seen), face: mapped(document.face).map(seen),
            signature: mapped(document.signature).map(seen),
            degradations: degradations, family: .tuning, tiltDegrees: pose.tiltDegrees,
            fieldOfViewDegrees: pose.fieldOfViewDegrees)
        return SyntheticScene(image: image, jpeg: jpeg, truth: truth, document: document, documentToFrame: toFrame)
    }

    // MARK: Steps

    /// The smallest distance, in frame pixels, between neighbouring MRZ cell centres.
    private func minimumMRZPitch(_ document: RenderedDocument, _ toFrame: Homography) -> Double? {
        guard !document.characterBoxes.isEmpty else { return nil }
        var smallest = Double.infinity
        for line in 0..<document.mrzLines.count {
            let cells = document.characterBoxes.filter { $0.line == line }
            guard let first = cells.first, let last = cells.last, cells.count > 1 else { continue }
            for cell in [first, last] {
                let y = cell.y + cell.height / 2
                let a = toFrame.apply(Point2D(x: cell.x, y: y))
                let b = toFrame.apply(Point2D(x: cell.x + cell.width, y: y))
                smallest = min(smallest, a.distance(to: b))
            }
        }
        return smallest.isFinite ? smallest : nil
    }

    private func meanColour(_ image: RGBAImage) -> (Double, Double, Double) {
        var sum = (0.0, 0.0, 0.0)
        var count = 0.0
        let n = image.width * image.height
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < n {
                if p[4 * i + 3] == 255 {
                    sum.0 += Double(p[4 * i])
                    sum.1 += Double(p[4 * i + 1])
                    sum.2 += Double(p[4 * i + 2])
                    count += 1
                }
                i += 7
            }
        }
        guard count > 0 else { return (220, 220, 220) }
        return (sum.0 / count, sum.1 / count, sum.2 / count)
    }

    /// Darkens the background under a blurred, offset copy of the document's outline.
    private func castShadow(
        _ frame: inout PlanarFrame, under corners: Quadrilateral2D, using random: inout SeededGenerator
    ) {
        let diagonal = corners.upperLeft.distance(to: corners.lowerRight)
        let angle = random.uniform(0, 2 * Double.pi)
        let distance = random.uniform(0.004, 0.02) * diagonal
        let offset = Point2D(x: cos(angle) * distance, y: sin(angle) * distance)
        let softness = Float(random.uniform(0.008, 0.03) * diagonal)
        let strength = Float(random.uniform(0.18, 0.45))
        let shadowQuad = corners.mapped { $0 + offset }
        let edges = EdgeSet(shadowQuad)
        let box = shadowQuad.boundingRect
        let reach = Int(softness.rounded(.up)) + 2
        let x0 = max(0, box.x - reach)
        let x1 = min(frame.width, box.x + box.width + reach)
        let y0 = max(0, box.y - reach)
        let y1 = min(frame.height, box.y + box.height + reach)
        guard x0 < x1, y0 < y1 else { return }
        let w = frame.width
        frame.withPlanes { r, g, b in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = edges.signedDistance(Float(x) + 0.5, Float(y) + 0.5)
                    if d < -softness { continue }
                    let t = min(1, (d + softness) / (2 * softness))
                    let keep = 1 - strength * t * t * (3 - 2 * t)
                    let i = y * w + x
                    r[i] *= keep
                    g[i] *= keep
                    b[i] *= keep
                }
            }
        }
    }

    /// Draws the document over the frame; returns its per-pixel opacity (for glare).
    private func composite(
        _ image: RGBAImage, into frame: inout PlanarFrame, corners: Quadrilateral2D, toDocument: Homography
    ) -> [Float] {
        let w = frame.width
        let h = frame.height
        var alpha = [Float](repeating: 0, count: w * h)
        let box = corners.boundingRect
        let x0 = max(0, box.x - 1)
        let x1 = min(w, box.x + box.width + 1)
        let y0 = max(0, box.y - 1)
        let y1 = min(h, box.y + box.height + 1)
        guard x0 < x1, y0 < y1 else { return alpha }
        let edges = EdgeSet(corners)
        let m = toDocument.m
        let iw = image.width
        let ih = image.height
        let maxU = Double(iw - 1)
        let maxV = Double(ih - 1)
        let stepX = iw > 1 ? 4 : 0
        let stepY = ih > 1 ? iw * 4 : 0
        let lastU = max(0, iw - 2)
        let lastV = max(0, ih - 2)
        image.pixels.withUnsafeBufferPointer { tex in
            frame.withPlanes { r, g, b in
                alpha.withUnsafeMutableBufferPointer { out in
                    for y in y0..<y1 {
                        let fy = Double(y) + 0.5
                        // Homogeneous coordinates are linear along the row: step them.
                        var nu = m[0] * (Double(x0) + 0.5) + m[1] * fy + m[2]
                        var nv = m[3] * (Double(x0) + 0.5) + m[4] * fy + m[5]
                        var nw = m[6] * (Double(x0) + 0.5) + m[7] * fy + m[8]
                        for x in x0..<x1 {
                            defer {
                                nu += m[0]
                                nv += m[3]
                                nw += m[6]
                            }
                            let coverage = min(1, edges.signedDistance(Float(x) + 0.5, Float(fy)) + 0.5)
                            if coverage <= 0 { continue }
                            let u = min(max(nu / nw - 0.5, 0), maxU)
                            let v = min(max(nv / nw - 0.5, 0), maxV)
                            let u0 = min(Int(u), lastU)
                            let v0 = min(Int(v), lastV)
                            let du = Float(u - Double(u0))
                            let dv = Float(v - Double(v0))
                            let i00 = (v0 * iw + u0) * 4
                            let i10 = i00 + stepX
                            let i01 = i00 + stepY
                            let i11 = i01 + stepX
                            let w00 = (1 - du) * (1 - dv)
                            let w10 = du * (1 - dv)
                            let w01 = (1 - du) * dv
                            let w11 = du * dv
                            let a00 = Float(tex[i00 + 3])
                            let a10 = Float(tex[i10 + 3])
                            let a01 = Float(tex[i01 + 3])
                            let a11 = Float(tex[i11 + 3])
                            let texAlpha = w00 * a00 + w10 * a10 + w01 * a01 + w11 * a11
                            if texAlpha <= 0 { continue }
                            // Straight alpha: weight colours by their alpha so transparent texels add nothing.
                            let p00 = w00 * a00 / texAlpha
                            let p10 = w10 * a10 / texAlpha
                            let p01 = w01 * a01 / texAlpha
                            let p11 = w11 * a11 / texAlpha
                            let cr =
                                p00 * Float(tex[i00]) + p10 * Float(tex[i10]) + p01 * Float(tex[i01]) + p11
                                * Float(tex[i11])
                            let cg =
                                p00 * Float(tex[i00 + 1]) + p10 * Float(tex[i10 + 1])
                                + p01 * Float(tex[i01 + 1]) + p11 * Float(tex[i11 + 1])
                            let cb =
                                p00 * Float(tex[i00 + 2]) + p10 * Float(tex[i10 + 2])
                                + p01 * Float(tex[i01 + 2]) + p11 * Float(tex[i11 + 2])
                            let a = coverage * texAlpha / 255
                            let i = y * w + x
                            r[i] += (cr - r[i]) * a
                            g[i] += (cg - g[i]) * a
                            b[i] += (cb - b[i]) * a
                            out[i] = a
                        }
                    }
                }
            }
        }
        return alpha
    }

    /// Adds a specular spot: an elliptical Gaussian on the document surface, white, on the document
    /// only. The tier decides whether it may reach the MRZ band; where it does, its brightness there
    /// is capped at half the range. `onMRZ` (``SceneStress/glareOnMRZ``) centres it within the band
    /// instead, at ``SceneStress/glarePeak`` without a cap.
    private func addGlare(
        to frame: inout PlanarFrame, documentAlpha: [Float], document: RenderedDocument, toFrame: Homography,
        toDocument: Homography, onMRZ aimed: Bool = false, using random: inout SeededGenerator
    ) -> SceneDegradations.Glare? {
        let dw = Double(document.image.width)
        let dh = Double(document.image.height)
        let radiusScale = min(dw, dh)
        var rx = random.uniform(0.08, 0.25) * radiusScale
        var ry = rx * random.uniform(0.4, 1.0)
        let theta = random.uniform(0, Double.pi)
        var peak = random.uniform(tier.glarePeak.lowerBound, tier.glarePeak.upperBound)
        let band = document.mrzBand
        // Vertical reach of the ellipse at 2.8 σ (where the spot falls below 2 % of its peak).
        func verticalReach() -> Double {
            let a = rx * sin(theta)
            let b = ry * cos(theta)
            return 2.8 * (a * a + b * b).squareRoot()
        }
        var centre = Point2D(x: random.uniform(0.05, 0.95) * dw, y: random.uniform(0.05, 0.95) * dh)
        if aimed, let band {
            let t = random.uniform(0.1, 0.9), u = random.uniform(0, 1)
            let upper = band.upperLeft + (band.upperRight - band.upperLeft) * t
            let lower = band.lowerLeft + (band.lowerRight - band.lowerLeft) * t
            centre = upper + (lower - upper) * u
            rx *= 0.6
            ry *= 0.6
            peak = random.uniform(SceneStress.glarePeak.lowerBound, SceneStress.glarePeak.upperBound)
        } else if let band, !tier.glareMayCoverMRZ {
            let top = band.upperLeft.y
            // Shrink the spot until it fits above the band, then place it there.
            while verticalReach() > top * 0.7, rx > 2 {
                rx *= 0.8
                ry *= 0.8
            }
            let reach = verticalReach()
            guard top - reach > 0 else { return nil }
            centre.y = random.uniform(min(reach * 0.3, top - reach), top - reach)
        }
        let c = cos(theta)
        let s = sin(theta)
        func gaussian(_ p: Point2D) -> Double {
            let dx = p.x - centre.x
            let dy = p.y - centre.y
            let a = (dx * c + dy * s) / rx
            let b = (-dx * s + dy * c) / ry
            return exp(-(a * a + b * b) / 2)
        }
        var onMRZ = 0.0
        if let band {
            var strongest = 0.0
            for i in 0...60 {
                for j in 0...8 {
                    let p = Point2D(
                        x: band.upperLeft.x + (band.upperRight.x - band.upperLeft.x) * Double(i) / 60,
                        y: band.upperLeft.y + (band.lowerLeft.y - band.upperLeft.y) * Double(j) / 8)
                    strongest = max(strongest, gaussian(p))
                }
            }
            if !aimed, peak * strongest > 127.5 { peak = 127.5 / strongest }
            onMRZ = peak * strongest
        }
        // Paint within the frame box of the 3.3 σ ellipse.
        let reachDoc = 3.3 * max(rx, ry)
        let left = max(0, centre.x - reachDoc)
        let top = max(0, centre.y - reachDoc)
        let right = min(dw, centre.x + reachDoc)
        let bottom = min(dh, centre.y + reachDoc)
        guard right > left, bottom > top else { return nil }
        let region = Quadrilateral2D(x: left, y: top, width: right - left, height: bottom - top)
            .mapped(toFrame.apply).boundingRect.clipped(width: frame.width, height: frame.height)
        let m = toDocument.m
        let w = frame.width
        let amplitude = Float(peak)
        documentAlpha.withUnsafeBufferPointer { alpha in
            frame.withPlanes { r, g, b in
                for y in region.y..<(region.y + region.height) {
                    let fy = Double(y) + 0.5
                    for x in region.x..<(region.x + region.width) {
                        let i = y * w + x
                        if alpha[i] <= 0 { continue }
                        let fx = Double(x) + 0.5
                        let ww = m[6] * fx + m[7] * fy + m[8]
                        let u = (m[0] * fx + m[1] * fy + m[2]) / ww - centre.x
                        let v = (m[3] * fx + m[4] * fy + m[5]) / ww - centre.y
                        let a = (u * c + v * s) / rx
                        let bb = (-u * s + v * c) / ry
                        let q = a * a + bb * bb
                        if q > 22 { continue }
                        let add = amplitude * Float(exp(-q / 2)) * alpha[i]
                        r[i] += add
                        g[i] += add
                        b[i] += add * 0.97
                    }
                }
            }
        }
        let centreInFrame = toFrame.apply(centre)
        let radiiInFrame = [
            toFrame.apply(centre + Point2D(x: rx * c, y: rx * s)).distance(to: centreInFrame),
            toFrame.apply(centre + Point2D(x: -ry * s, y: ry * c)).distance(to: centreInFrame),
        ]
        return .init(centre: centreInFrame, radii: radiiInFrame, peak: peak, peakOnMRZ: onMRZ)
    }

    /// An open passport around the data page (``SceneWild/openBooklet``): the cover's rim around
    /// both pages, then the facing page beyond the data page's top edge (the spine).
    private func drawBooklet(
        facingPage: RGBAImage, document: RenderedDocument, into frame: inout PlanarFrame, toFrame: Homography,
        using random: inout SeededGenerator
    ) throws(SceneCompositionError) {
        let dw = Double(document.image.width), dh = Double(document.image.height)
        let rim =
            random.uniform(SceneWild.coverRimMillimetres.lowerBound, SceneWild.coverRimMillimetres.upperBound)
            * document.pixelsPerMillimetre
        let covers: [RGBA] = [
            RGBA(r: 120, g: 20, b: 30, a: 255), RGBA(r: 20, g: 30, b: 70, a: 255), RGBA(r: 25, g: 60, b: 35, a: 255),
            RGBA(r: 60, g: 35, b: 25, a: 255), RGBA(r: 20, g: 20, b: 22, a: 255),
        ]
        let cover = RGBAImage(width: 4, height: 4, fill: random.pick(covers))
        let coverQuad = Quadrilateral2D(x: -rim, y: -dh - rim, width: dw + 2 * rim, height: 2 * dh + 2 * rim)
        let facingQuad = Quadrilateral2D(x: 0, y: -dh, width: dw, height: dh)
        for (texture, quad) in [(cover, coverQuad), (facingPage, facingQuad)] {
            let texRect = Quadrilateral2D(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height))
            let corners = quad.mapped(toFrame.apply)
            guard let placed = Homography(from: texRect, to: corners), let back = placed.inverse else {
                throw .degeneratePose
            }
            _ = composite(texture, into: &frame, corners: corners, toDocument: back)
        }
    }

    /// Fraction of the quadrilateral's area inside the frame (sampled on a 40 x 40 grid).
    private func visibleFraction(_ q: Quadrilateral2D) -> Double {
        var inside = 0
        let n = 40
        for i in 0..<n {
            for j in 0..<n {
                let u = (Double(i) + 0.5) / Double(n)
                let v = (Double(j) + 0.5) / Double(n)
                let top = q.upperLeft.interpolated(to: q.upperRight, u)
                let bottom = q.lowerLeft.interpolated(to: q.lowerRight, u)
                let p = top.interpolated(to: bottom, v)
                if p.x >= 0, p.y >= 0, p.x <= Double(frameWidth), p.y <= Double(frameHeight) { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }
}

/// A generated scene: the frame as decoded from its JPEG, the JPEG itself, the truth, and the
/// rendered document with the transform that placed it.
package struct SyntheticScene: Sendable {
    /// The frame's pixels, decoded from `jpeg`.
    package var image: RGBAImage
    /// The encoded frame.
    package var jpeg: Data
    package var truth: SceneTruth
    /// The document as rendered before placement (document pixels, with per-character MRZ boxes).
    package var document: RenderedDocument
    /// Maps document pixels to frame pixels.
    package var documentToFrame: Homography
}

/// Why a scene could not be generated.
package enum SceneCompositionError: Error, CustomStringConvertible {
    /// The frame size is outside ``SceneComposer/frameSideRange``.
    case invalidFrameSize(width: Int, height: Int)
    /// The document data could not be written as an MRZ.
    case documentRendering(MRZCompositionError)
    /// A side drawn by a caller's renderer could not be drawn (the renderer's reason).
    case sideRendering(reason: String)
    /// The drawn pose collapsed the document (cannot happen with the tiers' ranges).
    case degeneratePose
    /// JPEG encoding or decoding failed.
    case encoding(ImageError)

    package var description: String {
        switch self {
        case .invalidFrameSize(let width, let height):
            let range = SceneComposer.frameSideRange
            return "The frame size \(width)x\(height) is not supported; use sides of \(range.lowerBound)"
                + " to \(range.upperBound) pixels."
        case .documentRendering(let error):
            return "The document could not be rendered: \(error)"
        case .sideRendering(let reason):
            return "The document side could not be rendered: \(reason)"
        case .degeneratePose:
            return "The document pose was degenerate; try another seed."
        case .encoding(let error):
            return "The frame could not be encoded: \(error)"
        }
    }
}

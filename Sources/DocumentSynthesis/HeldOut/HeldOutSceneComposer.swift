import CaptureCore
package import DocumentEngine
import Foundation

/// The held-out scene family: document frames made with choices of their own, so that figures
/// measured on them say how the engine does on material it was not tuned on. Its recipe per tier
/// (``HeldOutRecipe``) lists every range; in short:
///
/// - **Scene**: a wooden table, a woven cloth, a desk with papers, keyboard, pens and a mug, a
///   card held in a hand in front of a defocused room (fingers behind, a skin-coloured thumb over
///   one edge), or a photo of a screen showing the document (bezel, backlight, sub-pixel grid that
///   beats with the sensor: moiré).
/// - **Document**: the shared ``DocumentRenderer`` with another font for the visual zone's print,
///   another colour scheme for paper and tints, faint ink, worn print (faded patches, scratches),
///   paper fibres or a laminate's rainbow sheen; TD3 pages often as an **open passport booklet**
///   (facing page with its own print, spine, cover edge, pages sinking into the gutter).
/// - **Camera**: field of view 40–85°, tilt up to 50°, principal point off centre, framings that
///   keep the document whole, make its MRZ tiny (cap height 9–14 px), overfill the frame, cut it,
///   leave it too far or put it against an edge.
/// - **Light and optics**: white-balance casts, a pool of light, low light with amplified noise,
///   specular glare patches on the laminate, radial distortion, lateral chromatic aberration,
///   defocus disc, hand-shake path, rolling-shutter skew and wobble, sharpening halos.
/// - **Encoding**: resampling (a downscaling sensor with or without a prefilter, digital zoom)
///   and a chain of one to three JPEG encodings at different qualities.
///
/// Its seeds live in a namespace of their own: seed `n` here shares nothing with the tuning
/// family's seed `n`. Ground truth: ``SceneTruth`` with `family` `.heldOut`, the true corners
/// (through distortion and rolling shutter), the true tilt, the field of view, the true capture
/// status (``TrueCaptureStatus``) and ``HeldOutConditions``.
package struct HeldOutSceneComposer: Sendable {
    package let tier: SceneTier
    package let frameWidth: Int
    package let frameHeight: Int
    /// The document sides to draw from (uniformly); empty means the family's own mix.
    package let kinds: [DocumentLayout.Kind]
    /// Print the visual zone from the layout catalogue (``DocumentRenderer/printsVizFromLayouts``).
    package let printsVizFromLayouts: Bool
    /// The catalogue layout printed instead of the ICAO one (``DocumentRenderer/vizLayoutID``).
    package let vizLayoutID: String?

    /// Mixed into every seed so that the held-out family never draws the tuning family's numbers.
    package static let seedNamespace: UInt64 = 0x4845_4C44_4F55_5421  // "HELDOUT!"

    package init(
        tier: SceneTier, frameWidth: Int = 1280, frameHeight: Int = 720, kinds: [DocumentLayout.Kind] = [],
        printsVizFromLayouts: Bool = false, vizLayoutID: String? = nil
    ) throws(SceneCompositionError) {
        guard SceneComposer.frameSideRange.contains(frameWidth), SceneComposer.frameSideRange.contains(frameHeight)
        else { throw .invalidFrameSize(width: frameWidth, height: frameHeight) }
        self.tier = tier
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.kinds = kinds
        self.printsVizFromLayouts = printsVizFromLayouts
        self.vizLayoutID = vizLayoutID
    }

    /// Generates the held-out scene of `seed`; `fileName` goes into the truth.
    package func compose(seed: UInt64, fileName: String = "") throws(SceneCompositionError) -> SyntheticScene {
        let recipe = HeldOutRecipe(tier: tier)
        var random = SeededGenerator(seed: SeededGenerator.derive(seed: seed ^ Self.seedNamespace, index: 0x0D0C))
        var choiceRandom = random.fork(1)
        var identityRandom = random.fork(2)
        var cameraRandom = random.fork(3)
        var printRandom = random.fork(4)
        var settingRandom = random.fork(5)
        var lightRandom = random.fork(6)
        var opticsRandom = random.fork(7)
        var sensorRandom = random.fork(8)

        let kind =
            kinds.isEmpty
            ? choiceRandom.pick(HeldOutRecipe.kindWeights.map(\.0), weights: HeldOutRecipe.kindWeights.map(\.1))
            : choiceRandom.pick(kinds)
        let layout = DocumentLayout.of(kind)
        let booklet = kind == .td3 && choiceRandom.chance(recipe.bookletProbability)
        var setting = choiceRandom.pick(recipe.settingWeights.map(\.0), weights: recipe.settingWeights.map(\.1))
        if booklet, setting == .screen { setting = .desk }
        let framing = choiceRandom.pick(recipe.framingWeights.map(\.0), weights: recipe.framingWeights.map(\.1))
        let identity = SyntheticIdentity.random(for: MRZFormat(kind: kind), using: &identityRandom)

        // Camera and framing.
        let fw = Double(frameWidth), fh = Double(frameHeight)
        let draw = Self.drawCamera(
            recipe: recipe, layout: layout, framing: framing, frameWidth: frameWidth,
            frameHeight: frameHeight, using: &cameraRandom)
        let camera = Self.place(draw, layout: layout, framing: framing, using: &cameraRandom)

        // Sensor resolution relative to the frame.
        var resample = 1.0
        if opticsRandom.chance(recipe.downscale.0) {
            resample = opticsRandom.uniform(recipe.downscale.1.lowerBound, recipe.downscale.1.upperBound)
        } else if opticsRandom.chance(recipe.digitalZoom.0) {
            resample = opticsRandom.uniform(recipe.digitalZoom.1.lowerBound, recipe.digitalZoom.1.upperBound)
        }
        let sensorWidth = max(16, Int((fw * resample).rounded())),
            sensorHeight = max(16, Int((fh * resample).rounded()))
        let sx = Double(sensorWidth) / fw, sy = Double(sensorHeight) / fh

        // Page curl of a booklet: pages sink into the gutter near the spine.
        let curlDepth = booklet ? settingRandom.uniform(1.5, 6) : 0
        let curlWidth = settingRandom.uniform(14, 30)
        let spine = settingRandom.uniform(1, 3)
        let spineY = -layout.height / 2 - spine / 2
        func lift(_ y: Double) -> Double {
            guard booklet else { return 0 }
            let d = max(0, abs(y - spineY) - spine / 2)
            return d < curlWidth ? -curlDepth * (1 - d / curlWidth) * (1 - d / curlWidth) : 0
        }
        func toSensor(_ x: Double, _ y: Double) -> Point2D {
            let p = camera.image(x, y, lift: lift(y))
            return Point2D(x: p.x * sx, y: p.y * sy)
        }

        // The document.
        let scales = camera.scaleRange(width: layout.width, height: layout.height)
        let textureScale = min(16, max(3, scales.upperBound * max(sx, sy) * 1.05))
        let font = printRandom.pick(HeldOutRecipe.printFonts)
        var document: RenderedDocument
        do throws(MRZCompositionError) {
            document = try DocumentRenderer(
                pixelsPerMillimetre: textureScale, printFontFamily: font, printsVizFromLayouts: printsVizFromLayouts,
                vizLayoutID: vizLayoutID
            )
            .render(kind, identity: identity, using: &printRandom)
        } catch {
            throw .documentRendering(error)
        }
        let laminate = kind == .td1Front || kind == .td1Back
        let wear = PrintWear.draw(recipe: recipe, laminate: laminate, using: &printRandom)
        wear.apply(to: &document.image, pixelsPerMillimetre: textureScale)
        let t = document.pixelsPerMillimetre

        // The sheet: the document alone, an open booklet or a screen.
        var sheet = SheetTexture(document: document.image, pixelsPerMillimetre: t)
        var screenPitch: Double?
        var subpixels: ((Double, Double) -> (Float, Float, Float))?
        if booklet {
            sheet = .booklet(
                dataPage: document.image, pixelsPerMillimetre: t, width: layout.width,
                height: layout.height, spine: spine, cover: settingRandom.uniform(1.5, 4), font: font,
                using: &settingRandom)
        } else if setting == .screen {
            sheet = .screen(
                document: document.image, pixelsPerMillimetre: t,
                margin: (settingRandom.uniform(3, 25), settingRandom.uniform(3, 25)),
                bezel: settingRandom.uniform(3, 8), darkViewer: settingRandom.chance(0.3))
            let pitch = settingRandom.uniform(0.05, 0.25)  // millimetres of the shown document
            screenPitch = pitch * (scales.lowerBound + scales.upperBound) / 2
            let period = pitch * t
            let a = Float(settingRandom.uniform(0.4, 0.9)), b = Float(settingRandom.uniform(0.2, 0.5))
            subpixels = { u, v in
                let phase = u / period, row = Float(cos(2 * Double.pi * v / period))
                let line = 1 + b * row
                return (
                    (1 + a * Float(cos(2 * Double.pi * phase))) * line,
                    (1 + a * Float(cos(2 * Double.pi * (phase - 1.0 / 3)))) * line,
                    (1 + a * Float(cos(2 * Double.pi * (phase - 2.0 / 3)))) * line
                )
            }
        }
        let origin = sheet.documentOrigin
        func sheetPointToDocument(_ p: Point2D) -> (Double, Double) {
            (p.x / t - origin.x - layout.width / 2, p.y / t - origin.y - layout.height / 2)
        }
        var shading: ((Double, Double) -> (Float, Float, Float))?
        if booklet {
            let depth = settingRandom.uniform(0.25, 0.5)
            shading = { u, v in
                let y = v / t - origin.y - layout.height / 2
                let d = max(0, abs(y - spineY) - spine / 2)
                let k = d < curlWidth ? Float(1 - depth * (1 - d / curlWidth) * (1 - d / curlWidth)) : 1
                return (k, k, k)
            }
        }
        let texHeight = Double(sheet.image.height)
        let rowBreaks: [Double] =
            booklet
            ? Array(stride(from: 0.0, to: texHeight, by: 1.5 * t)) + [texHeight]
            : [0, texHeight]
        let compositor = SheetCompositor(
            texture: sheet.image, rowBreaks: rowBreaks,
            map: { p in
                let (x, y) = sheetPointToDocument(p); return toSensor(x, y)
            },
            modulate: subpixels ?? shading)

        // The scene around it.
        var frame: PlanarFrame
        switch setting {
        case .woodTable:
            frame = HeldOutSurfaces.woodTable(width: sensorWidth, height: sensorHeight, using: &settingRandom)
        case .fabric: frame = HeldOutSurfaces.fabric(width: sensorWidth, height: sensorHeight, using: &settingRandom)
        case .desk, .screen:
            frame = HeldOutSurfaces.desk(width: sensorWidth, height: sensorHeight, using: &settingRandom)
        case .hand:
            frame = HeldOutSurfaces.defocusedRoom(width: sensorWidth, height: sensorHeight, using: &settingRandom)
        }
        let idealCorners = Quadrilateral2D(
            upperLeft: toSensor(-layout.width / 2, -layout.height / 2),
            upperRight: toSensor(layout.width / 2, -layout.height / 2),
            lowerRight: toSensor(layout.width / 2, layout.height / 2),
            lowerLeft: toSensor(-layout.width / 2, layout.height / 2))
        let skin = HeldOutSurfaces.skinTone(using: &settingRandom)
        // Left, right or top: never the MRZ's bottom edge, nor a booklet's spine.
        let gripEdge = settingRandom.integer(in: 0...(booklet ? 1 : 2))
        let gripAt = settingRandom.uniform(0.25, 0.75)
        let fingerRadius = settingRandom.uniform(7.5, 10)
        func edgePoint(_ along: Double, _ inward: Double) -> Point2D {
            let w = layout.width / 2, h = layout.height / 2
            switch gripEdge {
            case 0: return toSensor(-w + inward, -h + along * 2 * h)
            case 1: return toSensor(w - inward, -h + along * 2 * h)
            default: return toSensor(-w + along * 2 * w, -h + inward)
            }
        }
        let pixelsPerMillimetreSensor = (scales.lowerBound + scales.upperBound) / 2 * sx
        if setting == .hand {
            for k in 0..<3 {
                let along = min(0.95, max(0.05, gripAt + (Double(k) - 1) * 0.22))
                HeldOutSurfaces.drawFinger(
                    &frame, base: edgePoint(along, -70), tip: edgePoint(along, 14),
                    radius: fingerRadius * pixelsPerMillimetreSensor, skin: skin, nail: false)
            }
        } else if setting != .screen, settingRandom.chance(0.7) {
            Self.castShadow(&frame, under: idealCorners, using: &settingRandom)
        }
        let alpha = compositor.draw(into: &frame)
        if setting == .hand {
            let depth = settingRandom.uniform(6, 14)
            HeldOutSurfaces.drawFinger(
                &frame, base: edgePoint(gripAt, -45), tip: edgePoint(gripAt, depth),
                radius: fingerRadius * 1.1 * pixelsPerMillimetreSensor, skin: skin, nail: true)
        }

        // Light.
        let lowLight = lightRandom.chance(recipe.lowLightProbability)
        let exposure = lowLight ? lightRandom.uniform(0.22, 0.5) : lightRandom.uniform(0.85, 1.1)
        let gain = lowLight ? 1 / exposure * lightRandom.uniform(0.85, 1) : 1
        let spread = recipe.colourCastSpread
        let cast = [1 + lightRandom.uniform(-spread, spread), 1.0, 1 + lightRandom.uniform(-spread, spread)]
        let diagonal = (Double(sensorWidth * sensorWidth + sensorHeight * sensorHeight)).squareRoot()
        HeldOutOptics.light(
            &frame, exposure: exposure, cast: cast,
            pool: Point2D(
                x: lightRandom.uniform(0, Double(sensorWidth)), y: lightRandom.uniform(0, Double(sensorHeight))),
            poolRadius: lightRandom.uniform(0.4, 1.2) * diagonal,
            poolDepth: tier == .clean ? lightRandom.uniform(0, 0.15) : lightRandom.uniform(0.1, 0.45))
        var glarePatches = 0
        var glareOnMRZ = false
        if lightRandom.chance(recipe.glareProbability) {
            for _ in 0..<lightRandom.integer(in: 1...2) {
                if let onMRZ = Self.addGlarePatch(
                    &frame, alpha: alpha, layout: layout, recipe: recipe, corners: idealCorners, exposure: exposure,
                    using: &lightRandom)
                {
                    glarePatches += 1
                    glareOnMRZ = glareOnMRZ || onMRZ
                }
            }
        }

        // Optics (caps keep the MRZ legible to a person: defocus ≤ 0.3 and shake ≤ 0.6 pitch).
        let pitch = DocumentLayout.mrzPitch * scales.lowerBound * sx
        let k1 = opticsRandom.uniform(recipe.lensDistortion.lowerBound, recipe.lensDistortion.upperBound)
        let aberration = opticsRandom.uniform(
            recipe.chromaticAberration.lowerBound, recipe.chromaticAberration.upperBound)
        HeldOutOptics.lens(&frame, k1: k1, aberration: aberration)
        let defocus = min(
            opticsRandom.uniform(recipe.defocusRadius.lowerBound, recipe.defocusRadius.upperBound),
            0.3 * pitch)
        HeldOutOptics.defocus(&frame, radius: defocus)
        var shake = 0.0
        if opticsRandom.chance(recipe.shakeProbability) {
            shake = min(opticsRandom.uniform(recipe.shakeLength.lowerBound, recipe.shakeLength.upperBound), 0.6 * pitch)
            HeldOutOptics.shake(&frame, length: shake, using: &opticsRandom)
        }
        let skew = recipe.rollingShutterSkew > 0 ? opticsRandom.uniform(-1, 1) * recipe.rollingShutterSkew : 0
        let wobble = recipe.rollingShutterSkew > 0 ? opticsRandom.uniform(0, recipe.rollingShutterSkew / 4) : 0
        let cycles = opticsRandom.uniform(0.5, 3), phase = opticsRandom.uniform(0, 2 * Double.pi)
        HeldOutOptics.rollingShutter(&frame, skew: skew, wobble: wobble, cycles: cycles, phase: phase)
        let sharpening = opticsRandom.uniform(recipe.sharpening.lowerBound, recipe.sharpening.upperBound)
        HeldOutOptics.sharpen(&frame, amount: sharpening)
        let noise = sensorRandom.uniform(recipe.noiseSigma.lowerBound, recipe.noiseSigma.upperBound)
        let sensorImage = HeldOutOptics.sensor(frame, sigma: noise, gain: gain, using: &sensorRandom)

        // Resampling and the JPEG chain.
        var qualities = recipe.jpegPasses.enumerated().compactMap { (i, range) -> Int? in
            if i == 2, !sensorRandom.chance(recipe.thirdPassProbability) { return nil }
            return sensorRandom.integer(in: range)
        }
        if qualities.isEmpty { qualities = [90] }
        let prefilter = sensorRandom.chance(0.5)
        var image = sensorImage
        var jpeg = Data()
        do {
            var resampled = resample == 1
            if !resampled, qualities.count < 2 {
                image = HeldOutOptics.resample(image, width: frameWidth, height: frameHeight, prefilter: prefilter)
                resampled = true
            }
            for quality in qualities {
                jpeg = try ImageCodec.encodeJPEG(image, quality: quality)
                image = try ImageCodec.decode(jpeg)
                if !resampled {
                    // The camera saved its JPEG; an app resized and re-encoded it.
                    image = HeldOutOptics.resample(image, width: frameWidth, height: frameHeight, prefilter: prefilter)
                    resampled = true
                }
            }
        } catch {
            throw .encoding(error)
        }

        // Truth: ideal sensor points through the lens and the rolling shutter, back to frame pixels.
        func observed(_ p: Point2D) -> Point2D {
            var q = HeldOutOptics.distorted(p, k1: k1, width: sensorWidth, height: sensorHeight)
            q.x += HeldOutOptics.rowShift(
                y: q.y, height: sensorHeight, skew: skew, wobble: wobble, cycles: cycles,
                phase: phase)
            return Point2D(x: q.x / sx, y: q.y / sy)
        }
        func documentPixelToFrame(_ p: Point2D) -> Point2D {
            observed(toSensor(p.x / t - layout.width / 2, p.y / t - layout.height / 2))
        }
        let corners = idealCorners.mapped(observed)
        func mapped(_ q: Quadrilateral2D?) -> Quadrilateral2D? { q.map { $0.mapped(documentPixelToFrame) } }
        let area = corners.area
        let visible = area > 0 ? min(1, TrueCaptureStatus.visibleArea(corners, fw, fh) / area) : 0
        let meanScale = (area / (layout.width * layout.height)).squareRoot()
        let conditions = HeldOutConditions(
            framing: framing, setting: setting, openBooklet: booklet, pageCurlMillimetres: curlDepth, printFont: font,
            printHueDegrees: wear.hueDegrees, inkContrast: wear.inkContrast, worn: wear.worn,
            rotationDegrees: camera.inPlaneDegrees, pixelsPerMillimetre: meanScale,
            mrzCapHeightPixels: layout.hasMRZ ? meanScale * DocumentLayout.mrzCapHeight : nil,
            visibleFraction: visible, colourCast: cast, exposure: exposure, glarePatches: glarePatches,
            glareOnMRZ: glareOnMRZ, defocusRadius: defocus, shakeLength: shake, rollingShutterSkew: skew,
            lensDistortion: k1, chromaticAberration: aberration, noiseSigma: noise, sharpening: sharpening,
            resampleFactor: resample, screenPitchPixels: screenPitch, jpegQualities: qualities)
        let truth = SceneTruth(
            file: fileName, seed: seed, tier: tier, kind: kind, frameWidth: frameWidth, frameHeight: frameHeight,
            corners: corners, mrzFormat: document.mrzFormat, mrz: document.mrzLines.isEmpty ? nil : document.mrzLines,
            mrzBand: mapped(document.mrzBand), face: mapped(document.face), signature: mapped(document.signature),
            degradations: nil, heldOut: conditions, family: .heldOut, tiltDegrees: camera.tiltDegrees,
            fieldOfViewDegrees: camera.fieldOfViewDegrees)
        guard let toFrame = Homography(from: document.outline, to: corners) else { throw .degeneratePose }
        return SyntheticScene(image: image, jpeg: jpeg, truth: truth, document: document, documentToFrame: toFrame)
    }

    // MARK: Camera and framing

    /// The camera's drawn parameters.
    struct CameraDraw {
        var frameWidth: Int
        var frameHeight: Int
        var fieldOfViewDegrees: Double
        var principalOffset: Point2D
        var rotationDegrees: Double
        var tiltDegrees: Double
        var azimuthDegrees: Double
        var pixelsPerMillimetre: Double

        func camera(tilt: Double) -> HeldOutCamera {
            HeldOutCamera(
                frameWidth: frameWidth, frameHeight: frameHeight, fieldOfViewDegrees: fieldOfViewDegrees,
                principalOffset: principalOffset, inPlaneDegrees: rotationDegrees, tiltDegrees: tilt,
                azimuthDegrees: azimuthDegrees, pixelsPerMillimetre: pixelsPerMillimetre)
        }
    }

    static func drawCamera(
        recipe: HeldOutRecipe, layout: DocumentLayout, framing: HeldOutRecipe.Framing, frameWidth: Int,
        frameHeight: Int, using random: inout SeededGenerator
    ) -> CameraDraw {
        let fw = Double(frameWidth)
        let fov = random.uniform(recipe.fieldOfViewDegrees.lowerBound, recipe.fieldOfViewDegrees.upperBound)
        let tilt = random.uniform(0, recipe.maxTiltDegrees)
        var rotation = random.uniform(-recipe.maxRotationDegrees, recipe.maxRotationDegrees)
        if random.chance(recipe.upsideDownProbability) { rotation += 180 }
        let azimuth = random.uniform(0, 360)
        let offset = Point2D(
            x: random.uniform(-0.015, 0.015) * fw, y: random.uniform(-0.015, 0.015) * Double(frameHeight))
        let scale: Double
        switch framing {
        case .tinyMRZ: scale = random.uniform(9, 14) / DocumentLayout.mrzCapHeight
        case .far: scale = random.uniform(2.0, 2.9)
        default:
            scale =
                random.uniform(recipe.centredWidthFraction.lowerBound, recipe.centredWidthFraction.upperBound) * fw
                / layout.width
        }
        return CameraDraw(
            frameWidth: frameWidth, frameHeight: frameHeight, fieldOfViewDegrees: fov, principalOffset: offset,
            rotationDegrees: rotation, tiltDegrees: tilt, azimuthDegrees: azimuth, pixelsPerMillimetre: scale)
    }

    /// The camera of `draw` with the document framed as `framing` wants.
    static func place(
        _ draw: CameraDraw, layout: DocumentLayout, framing: HeldOutRecipe.Framing, using random: inout SeededGenerator
    ) -> HeldOutCamera {
        var camera = draw.camera(tilt: draw.tiltDegrees)
        frame(
            &camera, layout: layout, framing: framing, fw: Double(draw.frameWidth), fh: Double(draw.frameHeight),
            using: &random)
        return camera
    }

    private static func bounds(_ q: Quadrilateral2D) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let xs = q.corners.map(\.x), ys = q.corners.map(\.y)
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }

    /// Moves and scales the camera for `framing`.
    static func frame(
        _ camera: inout HeldOutCamera, layout: DocumentLayout, framing: HeldOutRecipe.Framing, fw: Double, fh: Double,
        using random: inout SeededGenerator
    ) {
        func outline() -> Quadrilateral2D { camera.outline(width: layout.width, height: layout.height) }
        /// Shifts the document so that its bounding box lands where `target` wants it.
        func moveTo(_ target: (Double, Double, Double, Double) -> (Double, Double)) {
            for _ in 0..<5 {
                let b = bounds(outline())
                let (dx, dy) = target(b.minX, b.minY, b.maxX, b.maxY)
                if abs(dx) < 0.05, abs(dy) < 0.05 { break }
                camera.shift(dx: dx, dy: dy)
            }
        }
        func centre() {
            moveTo { x0, y0, x1, y1 in (fw / 2 - (x0 + x1) / 2, fh / 2 - (y0 + y1) / 2) }
        }
        /// Moves the camera back until the outline fits with `margin` on every side.
        func fit(margin: Double, exact: Bool) {
            for _ in 0..<30 {
                centre()
                let b = bounds(outline())
                let k = min((fw - 2 * margin) / (b.maxX - b.minX), (fh - 2 * margin) / (b.maxY - b.minY))
                if !exact, k >= 1 { break }
                if exact, abs(k - 1) < 0.002 { break }
                camera.scaleDistance(by: 1 / (k * (exact ? 1 : 0.99)))
            }
        }
        let margin = 0.03 * min(fw, fh)
        // Every target is drawn once; a framing that misses its promise (a document off the axis
        // is seen stretched) is retried from a little farther (or, overfilled, nearer).
        let free = (random.uniform(0, 1), random.uniform(0, 1))
        let closer = random.uniform(0.97, 1.4)
        let offset = (random.uniform(-0.1, 0.1) * fw, random.uniform(-0.1, 0.1) * fh)
        let out = random.uniform(0.1, 0.4)
        let side = random.integer(in: 0...3)
        let along = random.uniform(0.2, 0.8)
        let gap = random.uniform(0.002, 0.015) * min(fw, fh)
        let edgeMargin = TrueCaptureStatus.edgeMarginFraction * min(fw, fh)
        if framing == .overfilled { fit(margin: 0, exact: true) } else { fit(margin: margin, exact: false) }
        let fitted = camera
        var extra = 1.0
        for _ in 0..<15 {
            camera = fitted
            switch framing {
            case .centred, .tinyMRZ, .far:
                camera.scaleDistance(by: extra)
                let b = bounds(outline())
                let freeX = max(0, fw - 2 * margin - (b.maxX - b.minX)),
                    freeY = max(0, fh - 2 * margin - (b.maxY - b.minY))
                let targetX = margin + free.0 * freeX, targetY = margin + free.1 * freeY
                moveTo { x0, y0, _, _ in (targetX - x0, targetY - y0) }
                // Off the axis the outline stretches: push it back inside the margin.
                moveTo { x0, y0, x1, y1 in
                    (
                        x0 < margin ? margin - x0 : (x1 > fw - margin ? fw - margin - x1 : 0),
                        y0 < margin ? margin - y0 : (y1 > fh - margin ? fh - margin - y1 : 0)
                    )
                }
            case .overfilled:
                camera.scaleDistance(by: 1 / (closer * extra))
                moveTo { x0, y0, x1, y1 in (fw / 2 + offset.0 - (x0 + x1) / 2, fh / 2 + offset.1 - (y0 + y1) / 2) }
            case .cut:
                camera.scaleDistance(by: extra)
                moveTo { x0, y0, x1, y1 in
                    let w = x1 - x0, h = y1 - y0
                    let cx = margin + along * max(0, fw - 2 * margin - w),
                        cy = margin + along * max(0, fh - 2 * margin - h)
                    switch side {
                    case 0: return (-out * w - x0, cy - y0)
                    case 1: return (fw + out * w - x1, cy - y0)
                    case 2: return (cx - x0, -out * h - y0)
                    default: return (cx - x0, fh + out * h - y1)
                    }
                }
            case .nearEdge:
                camera.scaleDistance(by: extra)
                moveTo { x0, y0, x1, y1 in
                    let w = x1 - x0, h = y1 - y0
                    let cx = margin + along * max(0, fw - 2 * margin - w),
                        cy = margin + along * max(0, fh - 2 * margin - h)
                    switch side {
                    case 0: return (gap - x0, cy - y0)
                    case 1: return (fw - gap - x1, cy - y0)
                    case 2: return (cx - x0, gap - y0)
                    default: return (cx - x0, fh - gap - y1)
                    }
                }
            }
            let q = outline()
            let b = bounds(q)
            let inside = b.minX >= 0 && b.minY >= 0 && b.maxX <= fw && b.maxY <= fh
            let clear =
                b.minX >= 1.25 * edgeMargin && b.minY >= 1.25 * edgeMargin
                && b.maxX <= fw - 1.25 * edgeMargin && b.maxY <= fh - 1.25 * edgeMargin
            let status = TrueCaptureStatus.decide(
                corners: q, layout: layout, frameWidth: Int(fw), frameHeight: Int(fh), tiltDegrees: 0)
            let kept: Bool
            switch framing {
            case .centred, .tinyMRZ: kept = clear
            case .far:
                kept =
                    clear
                    && (q.area / (layout.width * layout.height)).squareRoot()
                        < PlacementStatus.minimumPixelsPerMillimetre
            case .overfilled: kept = status == .tooClose
            case .cut: kept = !inside
            case .nearEdge: kept = inside && !clear && status == .tooCloseToEdge
            }
            if kept { return }
            extra *= 1.04
        }
    }

    // MARK: Light

    /// A soft shadow of the document on the surface it lies on.
    private static func castShadow(
        _ frame: inout PlanarFrame, under corners: Quadrilateral2D,
        using random: inout SeededGenerator
    ) {
        let diagonal = corners.upperLeft.distance(to: corners.lowerRight)
        let offset = Point2D(x: random.uniform(-0.02, 0.02) * diagonal, y: random.uniform(0, 0.025) * diagonal)
        let softness = Float(random.uniform(0.01, 0.04) * diagonal)
        let strength = Float(random.uniform(0.15, 0.4))
        let quad = corners.mapped { $0 + offset }
        let edges = EdgeSet(quad)
        let w = frame.width, h = frame.height
        let box = quad.boundingRect
        let reach = Int(softness) + 2
        let x0 = max(0, box.x - reach), x1 = min(w, box.x + box.width + reach)
        let y0 = max(0, box.y - reach), y1 = min(h, box.y + box.height + reach)
        guard x0 < x1, y0 < y1 else { return }
        frame.withPlanes { r, g, b in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = edges.signedDistance(Float(x) + 0.5, Float(y) + 0.5)
                    if d < -softness { continue }
                    let k = 1 - strength * min(1, (d + softness) / (2 * softness))
                    let i = y * w + x
                    r[i] *= k
                    g[i] *= k
                    b[i] *= k
                }
            }
        }
    }

    /// A specular reflection on the document: a bright patch (a window or lamp seen in the
    /// laminate) with a flat core and soft shoulders (a super-Gaussian over a rotated ellipse in
    /// document millimetres), slightly tinted, clipped to the document, scaled with the light that
    /// makes it (`exposure`). Returns whether it touches the MRZ band, or nil when no place was allowed.
    private static func addGlarePatch(
        _ frame: inout PlanarFrame, alpha: [Float], layout: DocumentLayout, recipe: HeldOutRecipe,
        corners: Quadrilateral2D, exposure: Double, using random: inout SeededGenerator
    ) -> Bool? {
        let documentRect = Quadrilateral2D(x: 0, y: 0, width: layout.width, height: layout.height)
        guard let toDocument = Homography(from: corners, to: documentRect) else { return nil }
        let mrzTop = layout.mrzZone?.y ?? layout.height + 1
        var peak = random.uniform(recipe.glarePeak.lowerBound, recipe.glarePeak.upperBound)
        var centre = Point2D(x: 0, y: 0)
        var half = (0.0, 0.0)
        let angle = random.uniform(0, Double.pi)
        var onMRZ = false
        var placed = false
        for _ in 0..<10 {
            centre = Point2D(x: random.uniform(0, layout.width), y: random.uniform(0, layout.height))
            half = (random.uniform(6, 28), random.uniform(3, 14))
            // The patch adds under 2 % of its peak beyond 1.3 half-axes.
            let reach = 1.3 * max(half.0, half.1)
            onMRZ = centre.y + reach > mrzTop
            if !onMRZ || recipe.glareMayCrossMRZ {
                placed = true
                break
            }
        }
        guard placed else { return nil }
        if onMRZ { peak = min(peak, random.uniform(60, 140)) }
        let tint = (
            Float(random.uniform(0.92, 1.05)), Float(random.uniform(0.95, 1.03)), Float(random.uniform(0.95, 1.1))
        )
        let (c, s) = (cos(angle), sin(angle))
        let w = frame.width, h = frame.height
        let m = toDocument.m
        let amount = Float(peak * exposure)
        let (a0, a1) = (1 / (half.0 * half.0), 1 / (half.1 * half.1))
        frame.withPlanes { r, g, b in
            for y in 0..<h {
                let fy = Double(y) + 0.5
                for x in 0..<w {
                    let i = y * w + x
                    let a = alpha[i]
                    if a <= 0 { continue }
                    let fx = Double(x) + 0.5
                    let nw = m[6] * fx + m[7] * fy + m[8]
                    let u = (m[0] * fx + m[1] * fy + m[2]) / nw - centre.x
                    let v = (m[3] * fx + m[4] * fy + m[5]) / nw - centre.y
                    let along = u * c + v * s, across = -u * s + v * c
                    let q = along * along * a0 + across * across * a1
                    if q > 4 { continue }
                    let k = Float(exp(-q * q * 0.7)) * a * amount
                    r[i] += k * tint.0
                    g[i] += k * tint.1
                    b[i] += k * tint.2
                }
            }
        }
        return onMRZ
    }
}

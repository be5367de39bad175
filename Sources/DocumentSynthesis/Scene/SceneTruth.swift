package import CaptureCore
package import DocumentEngine

/// The ground truth of one synthetic scene, as written (one JSON object per line) to `truth.jsonl`.
///
/// Positions are frame pixels (x right, y down, the frame's upper-left pixel covering [0, 1) x [0, 1)).
/// `corners` are the corners of the upright document (where its straight edges meet, before corner
/// rounding), in the order UL, UR, LR, LL. Keys `file` and `mrz` are always present (`mrz` is null
/// for a side without an MRZ), because a Python benchmark reads exactly those two.
///
/// Both scene families write this truth: the tuning family (``SceneComposer``) fills
/// `degradations`, the held-out family (``HeldOutSceneComposer``) fills `heldOut`. Files written
/// before `family`, `tiltDegrees`, `fieldOfViewDegrees` and `captureStatus` existed still decode
/// (as tuning frames; ``trueCaptureStatus`` then decides the status from the corners).
package struct SceneTruth: Sendable, Equatable, Codable {
    /// The frame's file name (basename), empty when the scene was not written to disk.
    package var file: String
    /// The seed the scene was generated from.
    package var seed: UInt64
    package var tier: SceneTier
    package var kind: DocumentLayout.Kind
    package var frameWidth: Int
    package var frameHeight: Int
    /// The document's corners in the frame: UL, UR, LR, LL of the upright document.
    package var corners: Quadrilateral2D
    /// The MRZ format, nil for a side without an MRZ.
    package var mrzFormat: MRZFormat?
    /// The MRZ lines, top first; nil for a side without an MRZ.
    package var mrz: [String]?
    /// The band holding the MRZ lines, in the frame.
    package var mrzBand: Quadrilateral2D?
    /// The portrait zone in the frame, if the side has one.
    package var face: Quadrilateral2D?
    /// The signature zone in the frame, if the side has one.
    package var signature: Quadrilateral2D?
    /// What the tuning family did to the frame (nil for a held-out frame).
    package var degradations: SceneDegradations?
    /// What the held-out family did to the frame (nil for a tuning frame).
    package var heldOut: HeldOutConditions?
    /// Which family made the frame.
    package var family: SceneFamily
    /// The true tilt: the angle between the camera's optical axis and the document's normal, degrees.
    package var tiltDegrees: Double?
    /// The camera's horizontal field of view, degrees.
    package var fieldOfViewDegrees: Double?
    /// The capture status the frame deserves (``TrueCaptureStatus``' rules).
    package var captureStatus: PlacementStatus?

    private enum CodingKeys: String, CodingKey {
        case file, seed, tier, kind, frameWidth, frameHeight, corners, mrzFormat, mrz, mrzBand, face, signature
        case degradations, heldOut, family, tiltDegrees, fieldOfViewDegrees, captureStatus
    }

    package init(
        file: String, seed: UInt64, tier: SceneTier, kind: DocumentLayout.Kind, frameWidth: Int, frameHeight: Int,
        corners: Quadrilateral2D, mrzFormat: MRZFormat?, mrz: [String]?, mrzBand: Quadrilateral2D?,
        face: Quadrilateral2D?, signature: Quadrilateral2D?, degradations: SceneDegradations?,
        heldOut: HeldOutConditions? = nil, family: SceneFamily = .tuning, tiltDegrees: Double? = nil,
        fieldOfViewDegrees: Double? = nil
    ) {
        self.file = file
        self.seed = seed
        self.tier = tier
        self.kind = kind
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.corners = corners
        self.mrzFormat = mrzFormat
        self.mrz = mrz
        self.mrzBand = mrzBand
        self.face = face
        self.signature = signature
        self.degradations = degradations
        self.heldOut = heldOut
        self.family = family
        self.tiltDegrees = tiltDegrees ?? degradations?.tiltDegrees
        self.fieldOfViewDegrees = fieldOfViewDegrees
        self.captureStatus = nil
        self.captureStatus = trueCaptureStatus
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        seed = try c.decode(UInt64.self, forKey: .seed)
        tier = try c.decode(SceneTier.self, forKey: .tier)
        kind = try c.decode(DocumentLayout.Kind.self, forKey: .kind)
        frameWidth = try c.decode(Int.self, forKey: .frameWidth)
        frameHeight = try c.decode(Int.self, forKey: .frameHeight)
        corners = try c.decode(Quadrilateral2D.self, forKey: .corners)
        mrzFormat = try c.decodeIfPresent(MRZFormat.self, forKey: .mrzFormat)
        mrz = try c.decodeIfPresent([String].self, forKey: .mrz)
        mrzBand = try c.decodeIfPresent(Quadrilateral2D.self, forKey: .mrzBand)
        face = try c.decodeIfPresent(Quadrilateral2D.self, forKey: .face)
        signature = try c.decodeIfPresent(Quadrilateral2D.self, forKey: .signature)
        degradations = try c.decodeIfPresent(SceneDegradations.self, forKey: .degradations)
        heldOut = try c.decodeIfPresent(HeldOutConditions.self, forKey: .heldOut)
        family = try c.decodeIfPresent(SceneFamily.self, forKey: .family) ?? .tuning
        tiltDegrees = try c.decodeIfPresent(Double.self, forKey: .tiltDegrees) ?? degradations?.tiltDegrees
        fieldOfViewDegrees = try c.decodeIfPresent(Double.self, forKey: .fieldOfViewDegrees)
        captureStatus = try c.decodeIfPresent(PlacementStatus.self, forKey: .captureStatus)
    }

    /// The stored true status, or the one ``TrueCaptureStatus`` decides from the corners and tilt.
    package var trueCaptureStatus: PlacementStatus {
        captureStatus
            ?? TrueCaptureStatus.decide(
                corners: corners, layout: .of(kind), frameWidth: frameWidth, frameHeight: frameHeight,
                tiltDegrees: tiltDegrees ?? 0)
    }

    /// Whether every true corner lies inside the frame (the outline can be found at all).
    package var documentInsideFrame: Bool {
        corners.corners.allSatisfy {
            $0.x >= 0 && $0.y >= 0 && $0.x <= Double(frameWidth) && $0.y <= Double(frameHeight)
        }
    }

    /// Whether the MRZ band lies wholly inside the frame (false without an MRZ).
    package var mrzInsideFrame: Bool {
        guard let band = mrzBand, mrz != nil else { return false }
        return band.corners.allSatisfy {
            $0.x >= 0 && $0.y >= 0 && $0.x <= Double(frameWidth) && $0.y <= Double(frameHeight)
        }
    }

    /// Encodes every key, writing `null` for absent optionals (so `mrz` is always there).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(seed, forKey: .seed)
        try c.encode(tier, forKey: .tier)
        try c.encode(kind, forKey: .kind)
        try c.encode(frameWidth, forKey: .frameWidth)
        try c.encode(frameHeight, forKey: .frameHeight)
        try c.encode(corners, forKey: .corners)
        try c.encode(mrzFormat, forKey: .mrzFormat)
        try c.encode(mrz, forKey: .mrz)
        try c.encode(mrzBand, forKey: .mrzBand)
        try c.encode(face, forKey: .face)
        try c.encode(signature, forKey: .signature)
        try c.encode(degradations, forKey: .degradations)
        try c.encodeIfPresent(heldOut, forKey: .heldOut)
        try c.encode(family, forKey: .family)
        try c.encodeIfPresent(tiltDegrees, forKey: .tiltDegrees)
        try c.encodeIfPresent(fieldOfViewDegrees, forKey: .fieldOfViewDegrees)
        try c.encode(trueCaptureStatus, forKey: .captureStatus)
    }
}

/// The degradations applied to one scene (the values drawn from its ``SceneTier``).
package struct SceneDegradations: Sendable, Equatable, Codable {
    /// A specular glare spot on the document.
    package struct Glare: Sendable, Equatable, Codable {
        /// Its centre in the frame.
        package var centre: Point2D
        /// Its radii (1 σ of the Gaussian falloff) along its own axes, frame pixels near the centre.
        package var radii: [Double]
        /// Peak added brightness (0-255 scale).
        package var peak: Double
        /// Largest brightness it adds anywhere on the MRZ band (0-255 scale).
        package var peakOnMRZ: Double
    }

    package var background: SceneBackground.Style
    package var rotationDegrees: Double
    package var tiltDegrees: Double
    package var tiltAxisDegrees: Double
    /// Mean projected width of the document over the frame width.
    package var documentWidthFraction: Double
    /// Whether the document was pushed partly out of the frame.
    package var partial: Bool
    /// Where the document was put relative to the frame (nil in truth written before framings).
    package var framing: SceneFraming?
    /// The stress line's condition drawn on top of the tier (nil outside that line).
    package var stress: SceneStress?
    /// The wild line's condition drawn on top of the tier (nil outside that line).
    package var wild: SceneWild? = nil
    /// Fraction of the document's area inside the frame.
    package var visibleFraction: Double
    /// Smallest MRZ character pitch in the frame (pixels), nil without an MRZ.
    package var mrzPitchPixels: Double?
    package var shadow: Bool
    /// Lighting gradient amplitude (fraction either way) and vignette strength.
    package var lightingGradient: Double
    package var vignette: Double
    package var exposure: Double
    package var glare: Glare?
    /// Gaussian blur σ (0 when motion blur was used instead).
    package var blurSigma: Double
    /// Motion blur length in pixels and direction in degrees (0 when none).
    package var motionBlurLength: Double
    package var motionBlurAngleDegrees: Double
    package var noiseSigma: Double
    package var jpegQuality: Int

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(background, forKey: .background)
        try c.encode(rotationDegrees, forKey: .rotationDegrees)
        try c.encode(tiltDegrees, forKey: .tiltDegrees)
        try c.encode(tiltAxisDegrees, forKey: .tiltAxisDegrees)
        try c.encode(documentWidthFraction, forKey: .documentWidthFraction)
        try c.encode(partial, forKey: .partial)
        try c.encodeIfPresent(framing, forKey: .framing)
        try c.encodeIfPresent(stress, forKey: .stress)
        try c.encodeIfPresent(wild, forKey: .wild)
        try c.encode(visibleFraction, forKey: .visibleFraction)
        try c.encode(mrzPitchPixels, forKey: .mrzPitchPixels)
        try c.encode(shadow, forKey: .shadow)
        try c.encode(lightingGradient, forKey: .lightingGradient)
        try c.encode(vignette, forKey: .vignette)
        try c.encode(exposure, forKey: .exposure)
        try c.encode(glare, forKey: .glare)
        try c.encode(blurSigma, forKey: .blurSigma)
        try c.encode(motionBlurLength, forKey: .motionBlurLength)
        try c.encode(motionBlurAngleDegrees, forKey: .motionBlurAngleDegrees)
        try c.encode(noiseSigma, forKey: .noiseSigma)
        try c.encode(jpegQuality, forKey: .jpegQuality)
    }
}

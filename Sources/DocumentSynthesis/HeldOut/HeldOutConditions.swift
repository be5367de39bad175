import CaptureCore
import DocumentEngine

/// What the held-out family did to one frame (the held-out counterpart of ``SceneDegradations``),
/// written into ``SceneTruth/heldOut``.
package struct HeldOutConditions: Sendable, Equatable, Codable {
    /// How the document was framed (``HeldOutRecipe/Framing``).
    package var framing: HeldOutRecipe.Framing
    /// What the document lies on or is held in front of (``HeldOutRecipe/Setting``).
    package var setting: HeldOutRecipe.Setting
    /// Whether the TD3 page is shown as an open booklet (facing page, spine, page curl).
    package var openBooklet: Bool
    /// Depth of the page curl at the spine, millimetres (0 without a booklet).
    package var pageCurlMillimetres: Double
    /// The fontconfig family of the visual zone's print.
    package var printFont: String
    /// Hue turn of the paper and non-MRZ print, degrees.
    package var printHueDegrees: Double
    /// Ink contrast kept (1 = as printed; lower = faint ink).
    package var inkContrast: Double
    /// Whether the print is worn (faded patches and scratches).
    package var worn: Bool
    /// In-plane rotation of the document, degrees.
    package var rotationDegrees: Double
    /// Mean scale of the document, frame pixels per millimetre.
    package var pixelsPerMillimetre: Double
    /// Cap height of the MRZ in frame pixels (nominal 2.3 mm times the scale), nil without MRZ.
    package var mrzCapHeightPixels: Double?
    /// Fraction of the document's area inside the frame.
    package var visibleFraction: Double
    /// White-balance gains applied (red, green, blue).
    package var colourCast: [Double]
    /// Exposure before the camera's gain (below 0.5: low light, noise amplified).
    package var exposure: Double
    /// Number of specular glare patches on the document, and whether one touches the MRZ band.
    package var glarePatches: Int
    package var glareOnMRZ: Bool
    /// Radius of the defocus disc, sensor pixels.
    package var defocusRadius: Double
    /// Length of the hand-shake path, sensor pixels (0 = none).
    package var shakeLength: Double
    /// Horizontal skew of the rolling shutter from the top row to the bottom row, sensor pixels.
    package var rollingShutterSkew: Double
    /// Radial distortion coefficient (negative: barrel) over the half diagonal.
    package var lensDistortion: Double
    /// Lateral chromatic aberration at the frame corner, sensor pixels.
    package var chromaticAberration: Double
    /// Sensor noise σ before gain (0-255 scale).
    package var noiseSigma: Double
    /// Unsharp-mask amount of the camera's sharpening (0 = none).
    package var sharpening: Double
    /// Sensor size over frame size (>1: downscaled, <1: digital zoom, upscaled).
    package var resampleFactor: Double
    /// Screen photo: the screen's pixel pitch in frame pixels (moiré), nil otherwise.
    package var screenPitchPixels: Double?
    /// The JPEG qualities the frame went through, first to last.
    package var jpegQualities: [Int]
}

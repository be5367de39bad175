/// How the device was held when the frame was captured, which tells how to turn the buffer upright.
///
/// Camera buffers arrive in the sensor's native landscape orientation. The SDK rotates them so
/// that the document is processed upright, and reports locations in the upright frame's pixels:
///
/// | case | device | rotation applied to the buffer |
/// |---|---|---|
/// | `landscapeRight` | landscape, home side right (sensor native) | none |
/// | `portrait` | upright | 90° clockwise |
/// | `landscapeLeft` | landscape, home side left | 180° |
/// | `portraitUpsideDown` | upside down | 90° counter-clockwise |
public enum CameraFrameVideoOrientation: Sendable, Equatable, CaseIterable {
    case portrait
    case portraitUpsideDown
    case landscapeRight
    case landscapeLeft

    /// Clockwise quarter turns that make a buffer of this orientation upright.
    var quarterTurnsToUpright: Int {
        switch self {
        case .landscapeRight: return 0
        case .portrait: return 1
        case .landscapeLeft: return 2
        case .portraitUpsideDown: return 3
        }
    }
}

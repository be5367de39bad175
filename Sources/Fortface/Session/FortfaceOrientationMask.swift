#if !canImport(UIKit)
/// The interface orientations an app allows: Linux's stand-in for UIKit's `UIInterfaceOrientationMask`.
public struct FortfaceOrientationMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Upright.
    public static let portrait = FortfaceOrientationMask(rawValue: 1 << 1)
    /// Upside down.
    public static let portraitUpsideDown = FortfaceOrientationMask(rawValue: 1 << 2)
    /// Rotated with the home side to the right.
    public static let landscapeLeft = FortfaceOrientationMask(rawValue: 1 << 4)
    /// Rotated with the home side to the left.
    public static let landscapeRight = FortfaceOrientationMask(rawValue: 1 << 3)
    /// Both landscape orientations.
    public static let landscape: FortfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: FortfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
}

/// One interface orientation: Linux's stand-in for UIKit's `UIInterfaceOrientation`.
public enum FortfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3
}
#endif

#if canImport(UIKit)
public import UIKit

/// The masks and orientation the SDK asks for: UIKit's own types on Apple platforms.
public typealias FortfaceOrientationMask = UIInterfaceOrientationMask
/// The orientation the SDK rotates to: UIKit's own type on Apple platforms.
public typealias FortfaceOrientation = UIInterfaceOrientation
#endif

/// Locks the app's interface orientation while a capture runs (the guide's orientation manager).
///
/// The SDK calls it with `.portrait` when a camera session starts and with `.all` when it ends.
/// On Apple platforms the parameter types are UIKit's `UIInterfaceOrientationMask` and
/// `UIInterfaceOrientation`, so the guide's `FortfaceOrientationManager` compiles as written; on
/// Linux they are ``FortfaceOrientationMask`` and ``FortfaceOrientation``.
@MainActor
public protocol IFortfaceOrientationManager: AnyObject, Sendable {
    /// Restricts the interface to `orientation` and rotates to `rotateOrientation`.
    func lockOrientation(_ orientation: FortfaceOrientationMask, andRotateTo rotateOrientation: FortfaceOrientation)
}

public import Foundation

/// Why a licence key was refused. Checked offline when the SDK starts, so an integrator learns
/// about a bad key up front, never through a crash while scanning.
///
/// Descriptions say what happened and what to do; they never contain the key itself.
public enum LicenseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key is not a licence key at all: empty, truncated, too long, not a compact JWS, or its
    /// claims are missing or of the wrong shape.
    case malformed
    /// The signature does not verify: the key was altered, signed by someone else, signed with an
    /// unknown key id, or uses an algorithm other than EdDSA.
    case forged
    /// The licence is signed with CaptureKit's development key `dev-2026`, whose private half is
    /// public, and the app did not opt in to development licences (`allowsDevelopmentLicenses`).
    case developmentLicenseNotAllowed
    /// The licence expired at the given time.
    case expired(Date)
    /// The licence only becomes valid at the given time.
    case notYetValid(Date)
    /// The licence does not name this application's bundle or package identifier.
    case wrongApplication
    /// The licence is for another CaptureKit product.
    case wrongProduct
    /// The licence does not cover this platform.
    case wrongPlatform
    /// The licence covers SDK versions up to a lower one than this SDK.
    case sdkVersionNotCovered
    /// The licence does not include the named feature.
    case featureNotLicensed(String)

    public var description: String {
        switch self {
        case .malformed:
            return "The licence key is not a valid CaptureKit licence key. Copy the whole key again "
                + "(it is one line of three dot-separated parts) or ask for a new one."
        case .forged:
            return "The licence key's signature does not verify: it was changed or not issued by the "
                + "vendor. Use the key exactly as issued."
        case .developmentLicenseNotAllowed:
            return Self.developmentLicenseMessage
        case let .expired(date):
            return "The licence key expired on \(Self.format(date)). Renew the licence and update the key."
        case let .notYetValid(date):
            return "The licence key is only valid from \(Self.format(date)). Check the device clock or "
                + "wait until then."
        case .wrongApplication:
            return "The licence key was not issued for this application's identifier. Ask for a key that "
                + "names this app's bundle (or package) ID."
        case .wrongProduct:
            return "The licence key is for another CaptureKit product. Use a key issued for this SDK."
        case .wrongPlatform:
            return "The licence key does not cover this platform. Ask for a key that includes it."
        case .sdkVersionNotCovered:
            return "The licence key does not cover this SDK version (\(CaptureKitVersion.current)). "
                + "Renew the licence or use an SDK version it covers."
        case let .featureNotLicensed(feature):
            return "The licence key does not include the feature \"\(feature)\". Ask for a licence that "
                + "includes it or turn the feature off."
        }
    }

    /// Why a licence signed with the development key is refused, and what to do (shared by every SDK).
    package static let developmentLicenseMessage =
        "Licence signed with the development key; set allowsDevelopmentLicenses for development builds only. "
        + "Anyone can sign with that key (its private half is public in keys/), so release builds need a licence "
        + "signed with your own key and that key's public half in the SDK's settings."

    private static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

/// The version of this CaptureKit build, as licences (`maxSdk`) and resource manifests (`minSdk`)
/// see it.
package enum CaptureKitVersion {
    /// The SDK version, parsed.
    package static let semantic = SemanticVersion(major: 0, minor: 1, patch: 0)

    /// The SDK version text: `"0.1.0"`.
    package static var current: String { semantic.description }

    /// Whether `version <= limit` by semantic-version precedence; nil when either text is not a
    /// semantic version (``SemanticVersion/init(_:)``).
    package static func isVersion(_ version: String, atMost limit: String) -> Bool? {
        guard let version = SemanticVersion(version), let limit = SemanticVersion(limit) else { return nil }
        return version <= limit
    }
}

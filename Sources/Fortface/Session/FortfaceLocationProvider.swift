/// A location fix for the payload (anti-fraud), when the session asks for one.
package struct LocationFix: Sendable, Equatable {
    package var latitude: Double
    package var longitude: Double
    package var accuracy: Double

    package init(latitude: Double, longitude: Double, accuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }
}

/// Supplies the device's location (Core Location on Apple platforms; none on Linux).
package protocol FortfaceLocationProvider: Sendable {
    /// The current fix, or nil when unknown or not permitted.
    func currentLocation() async -> LocationFix?
}

/// No location: Linux has no location service the SDK can honestly use.
package struct NoLocationProvider: FortfaceLocationProvider {
    package init() {}
    package func currentLocation() async -> LocationFix? { nil }
}

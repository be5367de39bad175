import CaptureCore
package import Foundation

/// The claims of a device token (`deviceRequestInfo`, `notes/security.md` §3.1). Times are whole
/// seconds since 1970.
package struct DeviceTokenClaims: Codable, Sendable, Equatable {
    /// The format version this module writes and accepts.
    package static let currentVersion = 1
    /// How long a token is valid after it is issued (5 minutes).
    package static let lifetime: Int64 = 300

    /// Format version (1).
    package var v: Int
    /// A unique token id: 16 random bytes, base64url.
    package var jti: String
    /// Issue time.
    package var iat: Int64
    /// Expiry time (`iat` + 300).
    package var exp: Int64
    /// The app's bundle or package id.
    package var app: String
    /// The SDK version.
    package var sdk: String
    /// The platform: `"linux-sim"` or `"ios"`.
    package var plat: String
    /// The OS version.
    package var os: String
    /// The device model.
    package var model: String
    /// The `isDebugMode` flag the app passed to `start`.
    package var dbg: Bool
    /// The environment the app targets: `"sandbox"` or `"production"`.
    package var env: String
    /// The device's integrity signals.
    package var sig: IntegritySignals
    /// The attestation of the signing key.
    package var att: DeviceAttestation

    package init(
        v: Int = DeviceTokenClaims.currentVersion, jti: String, iat: Int64, exp: Int64, app: String, sdk: String,
        plat: String, os: String, model: String, dbg: Bool, env: String, sig: IntegritySignals,
        att: DeviceAttestation
    ) {
        self.v = v
        self.jti = jti
        self.iat = iat
        self.exp = exp
        self.app = app
        self.sdk = sdk
        self.plat = plat
        self.os = os
        self.model = model
        self.dbg = dbg
        self.env = env
        self.sig = sig
        self.att = att
    }

    /// Fresh claims issued at `now`: a new random `jti` and `exp` = `iat` + 300.
    package static func fresh(
        now: Date, app: String, sdk: String, plat: String, os: String, model: String, dbg: Bool, env: String,
        sig: IntegritySignals, att: DeviceAttestation
    ) -> DeviceTokenClaims {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let iat = Int64(now.timeIntervalSince1970.rounded(.down))
        return DeviceTokenClaims(
            jti: Base64URL.encode(id), iat: iat, exp: iat + lifetime, app: app, sdk: sdk, plat: plat, os: os,
            model: model, dbg: dbg, env: env, sig: sig, att: att
        )
    }
}

extension DeviceTokenClaims {
    /// Reads the claims from a parsed token payload with the rules of their `Codable` form (every field
    /// present with its type, unknown keys ignored), in the pass that checked the JSON.
    package init(strictJSON value: StrictJSON.Value) throws(StrictJSON.FieldMismatch) {
        let fields = try StrictJSON.Fields(value)
        let signals = try fields.object("sig")
        let attestation = try fields.object("att")
        self.init(
            v: try fields.int("v"), jti: try fields.string("jti"), iat: try fields.int64("iat"),
            exp: try fields.int64("exp"), app: try fields.string("app"), sdk: try fields.string("sdk"),
            plat: try fields.string("plat"), os: try fields.string("os"), model: try fields.string("model"),
            dbg: try fields.bool("dbg"), env: try fields.string("env"),
            sig: IntegritySignals(
                debuggerAttached: try signals.bool("debuggerAttached"),
                preloadInjection: try signals.bool("preloadInjection"), jailbroken: try signals.bool("jailbroken"),
                emulator: try signals.bool("emulator"), hookingDetected: try signals.bool("hookingDetected")),
            att: DeviceAttestation(kind: try attestation.string("kind"), cert: try attestation.string("cert"))
        )
    }
}

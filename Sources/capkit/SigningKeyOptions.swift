import ArgumentParser
import CaptureCore
import Foundation

/// `--key` and `--kid`, shared by the commands that sign (licences, resource manifests).
struct SigningKeyOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Ed25519 private key file (one line of base64url).",
            discussion: "Default: $CAPTUREKIT_SIGNING_KEY, else keys/dev-2026.ed25519 (the public development key).",
            valueName: "file"))
    var key: String?

    @Option(help: ArgumentHelp("Key id written into the token header.", valueName: "kid"))
    var kid: String = DevelopmentSigningKey.kid

    /// The key file to read.
    var keyPath: String {
        key ?? ProcessInfo.processInfo.environment["CAPTUREKIT_SIGNING_KEY"] ?? "keys/dev-2026.ed25519"
    }

    func validate() throws {
        guard !kid.isEmpty, kid.utf8.count <= 64 else { throw ValidationError("--kid must be 1 to 64 characters.") }
    }
}

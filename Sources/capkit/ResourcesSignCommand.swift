import ArgumentParser
import CaptureCore
import Foundation

/// `capkit resources sign`: prints DIR/manifest.json as a signed manifest (compact JWS).
struct ResourcesSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print DIR/manifest.json signed as a resource-manifest+jwt (compact JWS).",
        discussion: """
            The resource server returns this token from GET /v1/resources/manifest. The SDK refuses \
            a manifest whose version is lower than one it has accepted, and one past its expiry. \
            Run `capkit resources pack DIR` first.
            """
    )

    @Argument(help: ArgumentHelp("The bundle folder holding manifest.json.", valueName: "dir"))
    var directory: String

    @OptionGroup var signing: SigningKeyOptions

    @Option(help: "Manifest version; must grow with every publication.")
    var version: Int

    @Option(help: "Days until the signed manifest expires.")
    var days: Int = 30

    func validate() throws {
        guard version >= 1 else { throw ValidationError("--version must be 1 or more.") }
        guard (1...3650).contains(days) else { throw ValidationError("--days must be between 1 and 3650.") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        var manifest = try BundledResources(folder: folder).readManifest()
        try manifest.validateEntries()
        let key = try DevelopmentSigningKey.load(from: URL(fileURLWithPath: signing.keyPath))
        let now = Date()
        manifest = ResourceManifest(
            manifestVersion: version, issuedAt: now, expiresAt: now.addingTimeInterval(TimeInterval(days) * 86_400),
            minSdk: manifest.minSdk, resources: manifest.resources)
        print(try CompactJWS.sign(manifest, typ: ResourceManifest.tokenType, kid: signing.kid, key: key))
    }
}

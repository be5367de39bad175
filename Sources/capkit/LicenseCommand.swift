import ArgumentParser

/// `capkit license`: create signing keys, issue licence keys and inspect them.
struct LicenseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "license",
        abstract: "Create signing keys, issue licence keys and inspect them.",
        discussion: """
            Licence keys are Ed25519-signed compact JWS tokens (typ license+jwt) that the SDK verifies \
            offline. The development key keys/dev-2026.ed25519 is public on purpose, so the SDKs accept \
            licences it signs only when an app sets allowsDevelopmentLicenses: see keys/README.md.
            """,
        subcommands: [LicenseKeygenCommand.self, LicenseIssueCommand.self, LicenseInspectCommand.self]
    )
}

import ArgumentParser

/// `capkit resources`: bundle manifests and signed manifests for model weights.
struct ResourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resources",
        abstract: "Write a bundle's manifest.json, or sign it for a resource server.",
        subcommands: [ResourcesPackCommand.self, ResourcesSignCommand.self]
    )
}

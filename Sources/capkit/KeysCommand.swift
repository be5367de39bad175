import ArgumentParser

/// `capkit keys`: the Fortface session key pool.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage the Fortface session key pool a server hands out at handshakes.",
        subcommands: [KeysGenerateCommand.self]
    )
}

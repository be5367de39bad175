import ArgumentParser

@main
struct CapKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capkit",
        abstract: "CaptureKit command line: scan documents, manage licences, evaluate and benchmark.",
        subcommands: [BenchFaceCommand.self, EvalCommand.self, EvalFaceCommand.self, EyewearCatalogCommand.self, LicenseCommand.self, ResourcesCommand.self, SynthCommand.self, TrainOCRCommand.self]
    )
}

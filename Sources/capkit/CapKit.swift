import ArgumentParser

@main
struct CapKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capkit",
        abstract: "CaptureKit command line: scan documents, manage licences, evaluate and benchmark.",
        subcommands: [EvalCommand.self, EvalBarcodeCommand.self, LicenseCommand.self, ResourcesCommand.self, SynthCommand.self, TrainOCRCommand.self]
    )
}

import ArgumentParser

@main
struct CapKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capkit",
        abstract: "CaptureKit command line: scan documents, manage licences, evaluate and benchmark.",
        subcommands: [
            ScanCommand.self, DemoCommand.self, ServeCommand.self, LicenseCommand.self, ResourcesCommand.self,
            SynthCommand.self, EvalCommand.self, EvalBarcodeCommand.self, BenchCommand.self, TrainOCRCommand.self,
            EvalFaceCommand.self, BenchFaceCommand.self, TryOnCommand.self, EyewearCatalogCommand.self,
            CaptureCommand.self, EvalClassifyCommand.self, EvalVizCommand.self, BenchVizCommand.self, AAMVACommand.self,
            KeysCommand.self, EvalOCRLinesCommand.self,
        ]
    )
}

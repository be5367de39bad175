import ArgumentParser
import CaptureCore
import FaceEngine
import Foundation

/// `capkit eyewear-catalog`: writes the procedural frame catalog (JSON and painted textures).
struct EyewearCatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eyewear-catalog",
        abstract: "Write the procedural eyewear catalog: catalog.json and, per SKU, <sku>-front.png and "
            + "<sku>-temple.png (straight alpha).")

    @Option(help: "Output folder.")
    var output: String

    @Option(help: "Texture resolution, pixels per millimetre.")
    var pixelsPerMillimetre = 8.0

    func run() async throws {
        guard pixelsPerMillimetre > 0.5, pixelsPerMillimetre <= 40 else {
            throw ValidationError("--pixels-per-millimetre must be in 0.5...40")
        }
        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(ProceduralFrameCatalog.frames).write(to: folder.appendingPathComponent("catalog.json"))
        for frame in ProceduralFrameCatalog.frames {
            let asset = EyewearAsset.painted(frame, pixelsPerMillimetre: pixelsPerMillimetre)
            try ImageCodec.encodePNG(asset.front.straightAlphaImage(), compressionLevel: 3)
                .write(to: folder.appendingPathComponent("\(frame.sku)-front.png"))
            try ImageCodec.encodePNG(asset.temple.straightAlphaImage(), compressionLevel: 3)
                .write(to: folder.appendingPathComponent("\(frame.sku)-temple.png"))
            let size = "\(Int(frame.lensWidth))-\(Int(frame.bridgeWidth))-\(Int(frame.templeLength))"
            print("\(frame.sku)  \(frame.name)  \(size)")
        }
    }
}

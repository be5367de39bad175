import ArgumentParser
import CaptureCore
import FaceEngine
import Foundation

/// `capkit tryon`: draws a frame from the procedural catalog on the face in a picture.
struct TryOnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tryon",
        abstract: "Draw a frame of the procedural catalog on the face in an image (PNG or JPEG) and write a PNG "
            + "of the same size.",
        discussion: "The landmark model (Debian's libdlib-data, trained on iBUG 300-W) is licensed for "
            + "non-commercial use only; pass another dlib 68-point shape predictor with --model.")

    @Flag(help: "Print the catalog, one frame per line: SKU, name, lens-bridge-temple in mm.")
    var listSkus = false

    @Option(help: "The frame to try on (see --list-skus).")
    var sku: String?

    @Argument(help: "The input image (PNG or JPEG).")
    var input: String?

    @Option(name: .shortAndLong, help: "The output PNG.")
    var output: String?

    @Option(help: "The wearer's pupillary distance in mm (63: adult average).")
    var pupillaryDistance = GenericFaceModel.modelPupillaryDistance

    @Option(help: "Landmark model (dlib 68-point shape predictor).")
    var model = DlibLandmarkBackend.defaultModelPath

    func validate() throws {
        if listSkus { return }
        guard sku != nil else { throw ValidationError("--sku is required (see --list-skus)") }
        guard input != nil else { throw ValidationError("an input image is required") }
        guard output != nil else { throw ValidationError("-o OUTPUT is required") }
        guard (45...80).contains(pupillaryDistance) else {
            throw ValidationError("--pupillary-distance must be 45...80 mm")
        }
    }

    func run() async throws {
        if listSkus {
            for frame in ProceduralFrameCatalog.frames {
                let size = "\(Int(frame.lensWidth))-\(Int(frame.bridgeWidth))-\(Int(frame.templeLength))"
                print("\(frame.sku)\t\(frame.name)\t\(size)")
            }
            return
        }
        guard let sku, let input, let output else { return }
        guard let frame = ProceduralFrameCatalog.frame(sku: sku) else {
            throw CommandFailure("unknown SKU \(sku): see capkit tryon --list-skus")
        }
        var image = try ImageCodec.decode(contentsOf: URL(fileURLWithPath: input))
        let backend = try DlibLandmarkBackend(modelPath: model)
        // A still picture: search it at full resolution (faces from 80 px), not shrunk as a video frame.
        var configuration = FaceTrackerConfiguration()
        configuration.minimumFaceSize = 80
        var pipeline = TryOnPipeline(backend: backend, configuration: configuration,
                                     pupillaryDistance: pupillaryDistance)
        let asset = EyewearAsset.painted(frame)
        let result = try pipeline.process(&image, at: 0, asset: asset)
        guard result.tracking.face != nil else {
            throw CommandFailure("\(input): no face found (a frontal face of at least 80 px is needed)")
        }
        guard result.placement != nil else {
            throw CommandFailure("\(input): the head pose could not be estimated; try a more frontal picture")
        }
        try ImageCodec.encodePNG(image).write(to: URL(fileURLWithPath: output))
    }
}

import ArgumentParser
import CaptureCore
import FaceEngine
import FaceEvaluation
import Foundation

/// `capkit bench-face`: CPU per 1280x720 frame of the try-on pipeline against plain dlib.
struct BenchFaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-face",
        abstract: "CPU time per 1280x720 frame: the try-on pipeline (tracking + pose + rendering) against plain "
            + "per-frame dlib (detect + landmarks on the full frame), in the same process.")

    @Option(help: "Folder of sample portraits.")
    var faces = "../shared/data/faces"

    @Option(help: "Landmark model (dlib 68-point shape predictor).")
    var model = DlibLandmarkBackend.defaultModelPath

    @Option(help: "Repetitions of each micro-measure.")
    var repetitions = 30

    func run() async throws {
        let backend = try DlibLandmarkBackend(modelPath: model)
        let portraits = try EvalFaceCommand.loadPortraits(folder: faces, backend: backend)
        guard let portrait = portraits.first else { throw CommandFailure("\(faces): no usable portrait") }
        let script = FaceSequenceScript.standard()
        let generator = FaceSequenceGenerator(portrait: portrait, script: script)
        let frame = generator.frame(0)
        let image = frame.image
        func measure(_ label: String, _ body: () throws -> Void) rethrows {
            var best = Double.infinity, total = 0.0
            for _ in 0..<repetitions {
                let t = CPUClock.now()
                try body()
                let d = CPUClock.now() - t
                best = min(best, d)
                total += d
            }
            print(String(format: "%-40@ mean %7.3f ms  best %7.3f ms", label as NSString, total / Double(repetitions) * 1000, best * 1000))
        }
        let placement = SimilarityTransform.fit(
            from: FaceLandmarks.Index.inner.map { backend.meanShape[$0] },
            to: FaceLandmarks.Index.inner.map { frame.truth[$0] })!
        let cropPlacement = placement.after(SimilarityTransform(a: 1 / 95, b: 0, tx: -33.6 / 95, ty: -33.6 / 95))
        var crop = GrayImage(width: 1, height: 1)
        measure("crop 163x163 (supersampled)") { crop = GrayResampler.crop(image, placement: cropPlacement, width: 163, height: 163) }
        try measure("detect in crop 163x163") { _ = try backend.detectFaces(in: crop, upsample: 0, minimumScore: -0.5) }
        try measure("landmarks placed (RGBA)") { _ = try backend.landmarks(in: image, placement: placement) }
        measure("appearance 16x16") { _ = FaceAppearance(image: image, placement: placement) }
        var small = GrayImage(width: 1, height: 1)
        measure("downscale 720p to 853x480") { small = GrayResampler.downscaled(image, by: 1.5) }
        try measure("detect 853x480") { _ = try backend.detectFaces(in: small, upsample: 0, minimumScore: 0) }
        var gray = GrayImage(width: 1, height: 1)
        measure("grayscale 720p") { gray = image.grayscale() }
        try measure("detect 1280x720") { _ = try backend.detectFaces(in: gray, upsample: 0, minimumScore: 0) }
        let small2 = GrayResampler.downscaled(image, by: 2)
        try measure("detect 640x360") { _ = try backend.detectFaces(in: small2, upsample: 0, minimumScore: 0) }
    }
}

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
            + "per-frame dlib (detect + landmarks on the full frame), in the same process.",
        discussion: "Frames come from the standard generated sequence (all path kinds) of the first usable sample "
            + "portrait; generating them is not timed. Times are the calling thread's CPU time.")

    @Option(help: "Folder of sample portraits.")
    var faces = "samples/faces"

    @Option(help: "Landmark model (dlib 68-point shape predictor).")
    var model = DlibLandmarkBackend.defaultModelPath

    @Option(help: "Frames of the generated sequence to time (500: the standard sequence, every path kind).")
    var frames = 500

    @Option(
        help: ArgumentHelp(
            "Time the plain-dlib peer on one frame in this many (it keeps no state between "
                + "frames, so a sample gives its per-frame cost; 1 = every frame)."))
    var peerEvery = 3

    @Option(help: "The frame model drawn by the pipeline.")
    var sku = ProceduralFrameCatalog.frames[0].sku

    @Flag(help: "Also time the pipeline's stages one by one.")
    var verbose = false

    func validate() throws {
        guard (10...5000).contains(frames) else { throw ValidationError("--frames must be 10...5000") }
        guard peerEvery >= 1 else { throw ValidationError("--peer-every must be at least 1") }
    }

    func run() async throws {
        let backend = try DlibLandmarkBackend(modelPath: model)
        let portraits = try EvalFaceCommand.loadPortraits(folder: faces, backend: backend)
        guard let portrait = portraits.first else { throw CommandFailure("\(faces): no usable portrait") }
        guard let frame = ProceduralFrameCatalog.frame(sku: sku) else {
            throw CommandFailure("unknown SKU \(sku): see capkit tryon --list-skus")
        }
        let asset = EyewearAsset.painted(frame)
        // The standard script squeezed to about `frames` frames, so every path kind is timed.
        let script = FaceSequenceScript.standard(length: Double(frames) / 500)
        let generator = FaceSequenceGenerator(portrait: portrait, script: script)
        let count = generator.frameCount

        var pipeline = TryOnPipeline(backend: backend)
        var pipelineCPU = 0.0, trackerCPU = 0.0, renderCPU = 0.0, tracked = 0
        var stages = FaceTrackerTimings()
        var peerCPU = 0.0, peerFound = 0, peerFrames = 0
        let progress = ProgressBar(total: count)
        for i in 0..<count {
            let generated = generator.frame(i)
            var image = generated.image
            let start = ThreadCPUTime.now()
            let output = try pipeline.process(&image, at: generated.timestamp, asset: asset)
            pipelineCPU += ThreadCPUTime.now() - start
            trackerCPU += output.tracking.timings.total
            renderCPU += output.renderingSeconds
            stages = stages + output.tracking.timings
            if output.tracking.face != nil { tracked += 1 }

            // The peer: what a plain dlib loop does with every frame.
            guard i % peerEvery == 0 else {
                progress.update(i + 1, label: "bench-face")
                continue
            }
            peerFrames += 1
            let peerStart = ThreadCPUTime.now()
            let gray = generated.image.grayscale()
            let detections = try backend.detectFaces(in: gray, upsample: 0, minimumScore: 0)
            if let best = detections.first {
                _ = try backend.landmarks(in: gray, box: best.box)
                peerFound += 1
            }
            peerCPU += ThreadCPUTime.now() - peerStart
            progress.update(i + 1, label: "bench-face")
        }
        progress.finish()
        let n = Double(count)
        let pipelineMs = pipelineCPU / n * 1000, peerMs = peerCPU / Double(max(1, peerFrames)) * 1000
        print("frames \(count) at \(script.width)x\(script.height) (\(portrait.name), all path kinds), SKU \(sku)")
        print(
            String(
                format: "try-on pipeline   %7.2f ms/frame  (tracker %.2f, pose + rendering %.2f; "
                    + "face in %d frames)", pipelineMs, trackerCPU / n * 1000, renderCPU / n * 1000, tracked))
        print(
            String(
                format: "  tracker stages  search %.2f, crop %.2f, confirmation %.2f, landmarks %.2f, "
                    + "smoothing %.2f",
                stages.search / n * 1000, stages.crop / n * 1000, stages.confirmation / n * 1000,
                stages.landmarks / n * 1000, stages.smoothing / n * 1000))
        print(
            String(
                format: "plain dlib peer   %7.2f ms/frame  (gray + HOG detect on the full frame + 68 landmarks; "
                    + "face in %d of %d frames timed)", peerMs, peerFound, peerFrames))
        print(String(format: "ratio             %7.1fx  (peer / pipeline)", peerMs / max(pipelineMs, 1e-9)))
        if verbose { try stageBreakdown(backend: backend, generator: generator, asset: asset) }
    }

    /// Times each building block on one frame, best and mean of 30 runs.
    private func stageBreakdown(
        backend: DlibLandmarkBackend, generator: FaceSequenceGenerator,
        asset: EyewearAsset
    ) throws {
        let frame = generator.frame(0)
        let image = frame.image
        func measure(_ label: String, _ body: () throws -> Void) rethrows {
            let repetitions = 30
            var best = Double.infinity, total = 0.0
            for _ in 0..<repetitions {
                let t = ThreadCPUTime.now()
                try body()
                let d = ThreadCPUTime.now() - t
                best = min(best, d)
                total += d
            }
            let padded = label.padding(toLength: 34, withPad: " ", startingAt: 0)
            print(
                padded
                    + String(
                        format: " mean %7.3f ms  best %7.3f ms", total / Double(repetitions) * 1000,
                        best * 1000))
        }
        guard
            let placement = SimilarityTransform.fit(
                from: FaceLandmarks.Index.inner.map { backend.meanShape[$0] },
                to: FaceLandmarks.Index.inner.map { frame.truth[$0] })
        else { return }
        try measure("landmarks placed (RGBA)") { _ = try backend.landmarks(in: image, placement: placement) }
        measure("appearance 16x16") { _ = FaceAppearance(image: image, placement: placement) }
        var small = GrayImage(width: 1, height: 1)
        measure("downscale 720p by 2") { small = GrayResampler.downscaled(image, by: 2) }
        try measure("detect 640x360") { _ = try backend.detectFaces(in: small, upsample: 0, minimumScore: 0) }
        var gray = GrayImage(width: 1, height: 1)
        measure("grayscale 720p") { gray = image.grayscale() }
        try measure("detect 1280x720") { _ = try backend.detectFaces(in: gray, upsample: 0, minimumScore: 0) }
        let camera = PinholeCamera.assumed(width: image.width, height: image.height)
        let estimator = HeadPoseEstimator(camera: camera)
        let renderer = EyewearRenderer(camera: camera)
        var pose: HeadPose?
        measure("head pose") { pose = estimator.estimate(from: frame.truth) }
        if let pose, let place = renderer.placement(of: asset, pose: pose, landmarks: frame.truth) {
            var canvas = image
            measure("render frame model") { renderer.render(asset, at: place, onto: &canvas) }
        }
    }
}

import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// Patches cut from generated camera frames (``SceneComposer``: pose, perspective, lighting,
/// shadow, glare, blur, noise, JPEG) the way the scanner cuts them: from the bands its MRZ search
/// rectifies around each zone it finds, and from the band of the document's outline, taken as the
/// true outline moved by about a localisation error. Renders teach the glyphs; these teach what a
/// phone-like or hard frame and the engine's own rectification do to them.
extension MRZTrainingSet {
    /// Scene seeds start here, far from the seeds `capkit eval`, `capkit bench` and the tests use.
    static let sceneSeedBase: UInt64 = 500_000
    /// The sides with an MRZ, weighted as the scene tiers' default mix.
    static let sceneKinds: [DocumentLayout.Kind] = [.td3, .td3, .td3, .td1Back, .td1Back, .td1Back, .td2, .mrvA, .mrvB]
    /// Standard deviation of the outline's corner error, as a fraction of the frame diagonal.
    static let outlineError = 0.004

    /// Patches from `count` scenes: a third phone-like, two thirds hard, at 1280x720 and 1920x1080
    /// in turn. Scenes are generated on two threads; the set is the same for a seed on any machine.
    /// A scene none of whose bands the line finder fits to the truth counts as rejected.
    static func fromScenes(
        count: Int, seed: UInt64, jitter: Bool,
        progress: @Sendable (Int) -> Void = { _ in }
    ) -> MRZTrainingSet {
        final class Results: @unchecked Sendable {
            var sets: [MRZTrainingSet]
            let lock = NSLock()
            var done = 0
            init(_ count: Int) { sets = Array(repeating: MRZTrainingSet(), count: count) }
        }
        let results = Results(count)
        let first = sceneSeedBase &+ seed &* 100_000
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: count, by: 2) {
                let set = scene(seed: first &+ UInt64(i), jitter: jitter)
                results.lock.lock()
                results.sets[i] = set
                results.done += 1
                let done = results.done
                results.lock.unlock()
                progress(done)
            }
        }
        var set = MRZTrainingSet()
        for part in results.sets {
            set.append(contentsOf: part)
            set.blocks += part.blocks
            set.rejectedBlocks += part.rejectedBlocks
        }
        return set
    }

    /// The patches of the scene of `seed`.
    static func scene(seed: UInt64, jitter: Bool) -> MRZTrainingSet {
        var set = MRZTrainingSet()
        set.blocks = 1
        var rng = SplitMix64(seed: seed ^ 0xD1B5_4A32_D192_ED03)
        if jitter { set.jitter = SplitMix64(seed: rng.next()) }
        let tier: SceneTier = seed % 3 == 0 ? .phoneLike : .hard
        let (width, height) = seed % 2 == 0 ? (1280, 720) : (1920, 1080)
        guard let composer = try? SceneComposer(tier: tier, frameWidth: width, frameHeight: height, kinds: sceneKinds),
            let scene = try? composer.compose(seed: seed), let truth = scene.truth.mrz
        else {
            set.rejectedBlocks = 1
            return set
        }
        let image = scene.image.grayscale()
        let corners = scene.truth.corners.corners
        let down = corners[3] - corners[0]
        var cut = 0
        // The first reading's bands, turned upright where the zone's down is the document's up.
        for band in DocumentScanner.zoneBands(in: image) where cut < 2 {
            let upright =
                band.down.x * down.x + band.down.y * down.y >= 0
                ? band.image : band.image.rotated(quarterTurnsClockwise: 2)
            if set.append(upright, truth: truth) { cut += 1 }
        }
        // The re-reading's band, through a slightly wrong outline.
        let sigma = outlineError * Double(width * width + height * height).squareRoot()
        let moved = Quadrilateral2D(corners: corners.map { $0 + Point2D(x: rng.gaussian(), y: rng.gaussian()) * sigma })
        if let band = DocumentScanner.band(of: image, quad: moved, layout: .of(scene.truth.kind)),
            set.append(band.image, truth: truth)
        {
            cut += 1
        }
        if cut == 0 { set.rejectedBlocks = 1 }
        return set
    }
}

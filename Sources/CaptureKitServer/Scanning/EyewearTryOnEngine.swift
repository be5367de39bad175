package import CaptureCore
package import FaceEngine
import Foundation

/// Draws a catalog frame on the face in one photo for `POST /v1/eyewear/tryon`: the FBx pipeline
/// (dlib face detection and 68 landmarks, head pose, the eyewear renderer) on a still picture.
///
/// The landmark model (`/usr/share/dlib/shape_predictor_68_face_landmarks.dat`, Debian's
/// `libdlib-data`) is loaded on first use and shared (the backend is safe to call from any thread);
/// painted frames are kept by frame model, at most ``maximumCachedAssets``.
package final class EyewearTryOnEngine: Sendable {
    /// What one try-on gave.
    package struct Outcome: Sendable {
        /// The input with the frame drawn, same size.
        package var image: RGBAImage
        package var landmarks: FaceLandmarks
        package var pose: HeadPose
    }

    /// Painted frames kept.
    package static let maximumCachedAssets = 32

    private let modelPath: String
    private let backend = Locked<(any LandmarkBackend)?>(nil)
    private let assets = Locked([EyewearFrame: EyewearAsset]())

    package init(modelPath: String = DlibLandmarkBackend.defaultModelPath) {
        self.modelPath = modelPath
    }

    /// Tracks the face in `image` and draws `frame` on it for a wearer with `pupillaryDistance` mm.
    /// - Throws: ``APIError`` `noFaceFound` or `poseNotEstimated` (422), `engineUnavailable` (503:
    ///   the landmark model cannot be loaded).
    package func tryOn(_ image: RGBAImage, frame: EyewearFrame, pupillaryDistance: Double) throws -> Outcome {
        var configuration = FaceTrackerConfiguration()
        // A still picture is searched at full resolution (faces from 80 px), as `capkit tryon` does.
        configuration.minimumFaceSize = 80
        var pipeline = TryOnPipeline(
            backend: try loadedBackend(), configuration: configuration, pupillaryDistance: pupillaryDistance)
        var drawn = image
        let output: TryOnPipeline.Output
        do {
            output = try pipeline.process(&drawn, at: 0, asset: asset(for: frame))
        } catch {
            throw APIError.imageUnreadable(part: "image", reason: "\(error)")
        }
        guard let face = output.tracking.face else { throw APIError.noFaceFound }
        guard let pose = output.pose, output.placement != nil else { throw APIError.poseNotEstimated }
        return Outcome(image: drawn, landmarks: face.landmarks, pose: pose)
    }

    private func loadedBackend() throws -> any LandmarkBackend {
        try backend.withLock { loaded in
            if let loaded { return loaded }
            do {
                let created = try DlibLandmarkBackend(modelPath: modelPath)
                loaded = created
                return created
            } catch {
                throw APIError.engineUnavailable
            }
        }
    }

    private func asset(for frame: EyewearFrame) -> EyewearAsset {
        if let cached = assets.withLock({ $0[frame] }) { return cached }
        // Painted outside the lock (tens of milliseconds); two requests may paint the same frame once each.
        let painted = EyewearAsset.painted(frame)
        assets.withLock { cache in
            if cache.count >= Self.maximumCachedAssets { cache.removeAll() }
            cache[frame] = painted
        }
        return painted
    }
}

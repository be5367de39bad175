import ArgumentParser
import CaptureCore
import FBxSDK
import FaceEngine
import Foundation

/// `capkit tryon`: runs the FBx SDK on an image, a video or a camera and writes the picture or
/// video with the frame drawn on the face.
struct TryOnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tryon",
        abstract: "Try a frame on the face in an image, a video or a camera (/dev/videoN) through the FBx SDK; "
            + "write a PNG or an MP4 of the same size.",
        discussion: "Without --server, an embedded capkit-server (licence and catalog, the procedural frames "
            + "published) runs in this process, so nothing needs setting up. With --server, the SDK validates "
            + "--api-key (or CAPTUREKIT_API_KEY) there and accepts answers signed with the development key dev-2026 "
            + "(the SDK's allowsDevelopmentLicenses opt-in: a local capkit serve signs with it). The landmark model "
            + "(Debian's libdlib-data, trained on iBUG 300-W) is licensed for non-commercial use only; pass "
            + "another dlib 68-point shape predictor with --model.")

    @Flag(help: "Print the catalog, one frame per line: SKU, name, lens-bridge-temple in mm.")
    var listSkus = false

    @Option(help: "The frame to try on (see --list-skus).")
    var sku: String?

    @Argument(help: "The input: an image (PNG, JPEG), a video file, or a camera (/dev/videoN).")
    var input: String?

    @Option(name: .shortAndLong, help: "The output: a .png (the last frame) or a .mp4 (every frame).")
    var output: String?

    @Option(help: "A capkit-server URL (licence and catalog); default: an embedded server.")
    var server: String?

    @Option(help: "The API key for --server (default: $CAPTUREKIT_API_KEY).")
    var apiKey: String?

    @Option(help: "The application identifier the licence must cover, with --server.")
    var bundleId = "org.capturekit.capkit-tryon"

    @Option(help: "With --server and --admin-token: publish the procedural catalog there first.")
    var adminToken: String?

    @Flag(help: "Print the SDK's state and face-detection transitions and frame loads.")
    var events = false

    @Option(help: "Stop after this many frames (videos and cameras).")
    var maxFrames: Int?

    @Option(help: "The wearer's pupillary distance in mm (63: adult average).")
    var pupillaryDistance = GenericFaceModel.modelPupillaryDistance

    @Option(help: "Landmark model (dlib 68-point shape predictor).")
    var model = DlibLandmarkBackend.defaultModelPath

    func validate() throws {
        if listSkus { return }
        guard sku != nil else { throw ValidationError("--sku is required (see --list-skus)") }
        guard input != nil else { throw ValidationError("an input image, video or camera is required") }
        guard let output else { throw ValidationError("-o OUTPUT is required") }
        guard ["png", "mp4"].contains(URL(fileURLWithPath: output).pathExtension.lowercased()) else {
            throw ValidationError("-o must name a .png or a .mp4 file")
        }
        guard (45...80).contains(pupillaryDistance) else {
            throw ValidationError("--pupillary-distance must be 45...80 mm")
        }
        if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
        if server != nil, apiKey ?? ProcessInfo.processInfo.environment["CAPTUREKIT_API_KEY"] == nil {
            throw ValidationError("--server needs --api-key (or CAPTUREKIT_API_KEY)")
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
        signal(SIGPIPE, SIG_IGN)  // a dying ffmpeg must give an error, not kill capkit
        let source = try TryOnInput(path: input, maxFrames: maxFrames)
        let session = TryOnSession(
            sku: sku, input: source, output: URL(fileURLWithPath: output), printEvents: events,
            pupillaryDistance: pupillaryDistance, modelPath: model)
        if let server {
            guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
                throw ValidationError("--server must be an http(s) URL")
            }
            let key = apiKey ?? ProcessInfo.processInfo.environment["CAPTUREKIT_API_KEY"] ?? ""
            if let adminToken {
                let admin = FBxServerProvisioner(client: FBxServerClient(baseURL: url), adminToken: adminToken)
                let count = try await admin.publish(ProceduralFrameCatalog.frames, texturesAt: 8)
                FileHandle.standardError.write(Data("published \(count) frames to \(server)\n".utf8))
            }
            // A development tool against a development server (`capkit serve` signs with the development
            // key): the SDK's opt-in accepts that key's answers; no other key is trusted here.
            try await session.run(
                server: url, apiKey: key, bundleID: bundleId, keyring: JWSKeyring(),
                allowsDevelopmentLicenses: true)
        } else {
            try await TryOnLocalServer.run { running in
                try await session.run(
                    server: running.url, apiKey: running.apiKey, bundleID: running.bundleID,
                    keyring: running.keyring,
                    licenceCache: running.scratch.appendingPathComponent("licence"))
            }
        }
    }
}

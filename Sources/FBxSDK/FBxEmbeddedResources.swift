import CaptureCore
import FaceEngine
package import Foundation

/// The resource files compiled into the SDK binary (Swift data, no resource bundle): the generic
/// 3D face model's numbers and the default frame catalog. ``FBxResourceExtractor`` writes them to
/// the data folder on first preparation.
package struct FBxEmbeddedResources: Sendable, Equatable {
    /// One file: its name in the extracted folder and its bytes.
    package struct File: Sendable, Equatable {
        package var name: String
        package var contents: Data
    }

    /// One point of the generic face model as stored in `face-model.json`.
    struct ModelPoint: Codable, Equatable {
        var landmark: Int
        var x: Double
        var y: Double
        var z: Double
        var weight: Double
    }

    /// Name of the generic face model file.
    package static let faceModelFileName = "face-model.json"
    /// Name of the default catalog file.
    package static let catalogFileName = "catalog.json"

    /// The version written to the marker file: a format number and a digest of every file, so any
    /// change of content re-extracts.
    package let version: String
    package let files: [File]

    package init(version: String, files: [File]) {
        self.version = version
        self.files = files
    }

    /// The SDK's resources.
    package static let standard: FBxEmbeddedResources = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let points = GenericFaceModel.standard.points.map {
            ModelPoint(landmark: $0.landmark, x: $0.position.x, y: $0.position.y, z: $0.position.z, weight: $0.weight)
        }
        // Encoding plain numbers and strings cannot fail; an empty file would fail validation loudly.
        let files = [
            File(name: faceModelFileName, contents: (try? encoder.encode(points)) ?? Data()),
            File(name: catalogFileName, contents: (try? encoder.encode(ProceduralFrameCatalog.frames)) ?? Data()),
        ]
        var digest = Data()
        for file in files { digest.append(contentsOf: Array(file.name.utf8) + [0] + Array(file.contents)) }
        return FBxEmbeddedResources(
            version: "1-" + String(FBxFrameLoader.sha256Hex(of: digest).prefix(16)),
            files: files)
    }()

    /// Total size of the files, bytes.
    package var byteCount: Int { files.reduce(0) { $0 + $1.contents.count } }
}

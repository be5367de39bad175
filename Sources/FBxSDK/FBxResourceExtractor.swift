package import FaceEngine
package import Foundation

/// Extracts ``FBxEmbeddedResources`` into `<data>/resources` with a version marker, and reads the
/// extracted copy back.
///
/// The marker (`VERSION`) is written last: an interrupted extraction is redone on the next
/// preparation. A different version (an SDK update) removes the folder and extracts again.
package struct FBxResourceExtractor: Sendable {
    /// Why the resources are unusable. Paths only, never content.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The folder or a file could not be written.
        case notWritable(path: String)
        /// An extracted file does not decode.
        case corrupt(file: String)

        package var description: String {
            switch self {
            case let .notWritable(path):
                return "the SDK's resources cannot be written to \(path); make the data folder writable "
                    + "(XDG_DATA_HOME or ~/.local/share)."
            case let .corrupt(file):
                return "the extracted resource \(file) is corrupt; it is extracted again on the next preparation."
            }
        }
    }

    /// What preparation needs from the extracted files.
    package struct Extracted: Sendable {
        /// The default catalog.
        package var catalog: [EyewearFrame]
        /// The generic 3D face model the pose fit uses, as extracted.
        package var faceModel: GenericFaceModel
        /// Whether the extraction happened now (false: an up-to-date copy was there).
        package var didExtract: Bool
    }

    /// Name of the version marker file.
    package static let markerFileName = "VERSION"

    package let resources: FBxEmbeddedResources
    /// The folder the files go into.
    package let directory: URL

    package init(resources: FBxEmbeddedResources, dataDirectory: URL) {
        self.resources = resources
        self.directory = dataDirectory.appendingPathComponent("resources", isDirectory: true)
    }

    /// Extracts when needed, then reads and checks the extracted files.
    package func prepare() throws(Failure) -> Extracted {
        let manager = FileManager.default
        let marker = directory.appendingPathComponent(Self.markerFileName)
        let current = (try? String(contentsOf: marker, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let complete = resources.files.allSatisfy {
            manager.fileExists(atPath: directory.appendingPathComponent($0.name).path)
        }
        var didExtract = false
        if current != resources.version || !complete {
            try extract()
            didExtract = true
        }
        do {
            let files = try read()
            return Extracted(catalog: files.catalog, faceModel: files.faceModel, didExtract: didExtract)
        } catch {
            // A damaged copy (edited by hand, truncated): replace it once.
            try extract()
            let files = try read()
            return Extracted(catalog: files.catalog, faceModel: files.faceModel, didExtract: true)
        }
    }

    private func extract() throws(Failure) {
        let manager = FileManager.default
        do {
            if manager.fileExists(atPath: directory.path) { try manager.removeItem(at: directory) }
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in resources.files {
                try file.contents.write(to: directory.appendingPathComponent(file.name), options: .atomic)
            }
            try Data((resources.version + "\n").utf8).write(
                to: directory.appendingPathComponent(Self.markerFileName), options: .atomic)
        } catch {
            throw .notWritable(path: directory.path)
        }
    }

    private func read() throws(Failure) -> (catalog: [EyewearFrame], faceModel: GenericFaceModel) {
        let decoder = JSONDecoder()
        let modelFile = FBxEmbeddedResources.faceModelFileName
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(modelFile)),
            let points = try? decoder.decode([FBxEmbeddedResources.ModelPoint].self, from: data),
            points.count == GenericFaceModel.standard.points.count,
            points.allSatisfy({
                (0..<68).contains($0.landmark) && [$0.x, $0.y, $0.z, $0.weight].allSatisfy(\.isFinite)
                    && $0.weight > 0
            })
        else { throw .corrupt(file: modelFile) }
        let faceModel = GenericFaceModel(
            points: points.map {
                GenericFaceModel.Point(
                    landmark: $0.landmark, position: Vector3(x: $0.x, y: $0.y, z: $0.z), weight: $0.weight)
            })
        let catalogFile = FBxEmbeddedResources.catalogFileName
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(catalogFile)),
            let frames = try? decoder.decode([EyewearFrame].self, from: data), !frames.isEmpty
        else { throw .corrupt(file: catalogFile) }
        return (frames, faceModel)
    }
}

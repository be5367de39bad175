package import Foundation

/// The document engine's version and the resources it ships with.
package enum DocumentEngineInfo {
    /// Version of the engine, reported by the CLI and embedded in results.
    package static let version = "0.1.0"

    /// The name of the MRZ recogniser's weights in resource manifests.
    package static let recogniserResourceName = "mrz-ocrb"

    /// The folder of bundled resources (`manifest.json` and the weights it lists) shipped inside the
    /// package; regenerate the weights with `make train-ocr`.
    package static var bundledResourcesFolder: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)
    }
}

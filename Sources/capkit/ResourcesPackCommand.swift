import ArgumentParser
import CaptureCore
import Foundation

/// `capkit resources pack`: writes `DIR/manifest.json` for the files in DIR.
struct ResourcesPackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Write DIR/manifest.json listing every file in DIR with its size and SHA-256.",
        discussion: """
            Each file becomes a resource named after the file without its extension. Hidden files, \
            sub-folders and manifest.json itself are skipped. The SDK loads such a folder with \
            downloadResources: false.
            """
    )

    @Argument(help: ArgumentHelp("The bundle folder.", valueName: "dir"))
    var directory: String

    @Option(help: "Manifest version (also used as each entry's version).")
    var version: Int = 1

    func validate() throws {
        guard version >= 1 else { throw ValidationError("--version must be 1 or more.") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let manifest = try ResourceBundlePacker.manifest(for: folder, version: version, now: Date())
        let url = folder.appendingPathComponent(ResourceManifest.bundleFileName, isDirectory: false)
        try manifest.encodedJSON().write(to: url, options: .atomic)
        print("wrote \(url.path): \(manifest.resources.count) resources, manifestVersion \(version)")
        for entry in manifest.resources {
            print("  \(entry.name)  \(entry.size) bytes  sha256 \(entry.sha256)")
        }
    }
}

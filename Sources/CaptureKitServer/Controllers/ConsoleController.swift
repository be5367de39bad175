import Foundation
import HTTPTypes
package import Hummingbird
package import NIOCore

/// The web console: plain HTML, CSS and JavaScript modules shipped as the server target's `Console`
/// resources (no build step, nothing from a CDN), read once at start. `GET /` is the Scan page;
/// `GET /console/{file}` serves the other files by name. Every answer forbids framing and any
/// script, style or connection from another origin.
package struct ConsoleController: Sendable {
    /// The console's files by name, with their content types.
    package let files: [String: (contentType: String, bytes: ByteBuffer)]

    private static let contentTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
    ]

    /// The header every console answer carries.
    package static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; script-src 'self'; "
        + "style-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// Reads the files of the `Console` resource folder (none when the folder is missing).
    package init() {
        var files: [String: (String, ByteBuffer)] = [:]
        if let folder = Bundle.module.url(forResource: "Console", withExtension: nil),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        {
            for name in names {
                guard let type = Self.contentTypes[(name as NSString).pathExtension.lowercased()],
                    let data = try? Data(contentsOf: folder.appendingPathComponent(name))
                else { continue }
                files[name] = (type, ByteBuffer(bytes: data))
            }
        }
        self.files = files
    }

    package func addRoutes(to router: Router<AppRequestContext>) {
        let files = self.files
        router.get("/") { _, _ in try Self.answer(files["index.html"]) }
        router.get("console/:file") { _, context in
            try Self.answer(files[try context.parameters.require("file")])
        }
    }

    private static func answer(_ file: (contentType: String, bytes: ByteBuffer)?) throws -> Response {
        guard let file else {
            throw APIError(.notFound, code: "consoleFileNotFound", message: "No console file has this name.")
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: file.contentType, .cacheControl: "no-cache",
                .contentSecurityPolicy: contentSecurityPolicy,
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: file.bytes)
        )
    }
}

import Foundation

/// The OpenAPI 3.1 description of every route, served at `GET /openapi.yaml`: the resource
/// `openapi.yaml` beside this file, read once.
///
/// Tests parse it with OpenAPIKit and compare its `paths` with the router's routes, in both
/// directions: a route missing here, or described here but not routed, fails the suite.
package enum OpenAPIDocument {
    /// The document (an error line, if the resource is missing from the build, so that is visible).
    package static let yaml: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "# openapi.yaml is missing from the capkit-server build; reinstall it.\n" }
        return text
    }()
}

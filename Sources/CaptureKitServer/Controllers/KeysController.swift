package import Hummingbird

/// `GET /v1/keys`: the public keys that verify licences, validation answers and manifests.
package struct KeysController: Sendable {
    let environment: ServerEnvironment

    package func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("keys") { _, _ in
            var response = try JSONResponse.make(environment.signingKeys.publicKeySet)
            response.headers[.cacheControl] = "public, max-age=300"
            return response
        }
    }
}

import CaptureCore
import HTTPTypes
package import Hummingbird
import NIOCore

/// Resources: the signed manifest and content-addressed downloads (public), blob upload and
/// publication (administration).
package struct ResourceController: Sendable {
    let environment: ServerEnvironment
    let manifests: ManifestService

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let store = environment.store
        group.get("resources/manifest") { _, _ in
            guard let signed = try await manifests.signedLatest() else { throw APIError.manifestNotPublished }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/jwt", .cacheControl: "public, max-age=60",
                    HTTPField.Name("X-Manifest-Version")!: String(signed.version),
                ],
                body: .init(byteBuffer: ByteBuffer(string: signed.token))
            )
        }

        group.get("resources/:sha256") { request, context in
            let sha256 = try context.parameters.require("sha256")
            guard BlobStorage.isSHA256Hex(sha256), try await store.isPublishedResource(sha256: sha256),
                let blob = try await store.blob(sha256: sha256)
            else { throw APIError.resourceNotFound }
            return try BlobStorage.download(blob, request: request)
        }
    }

    package func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        let blobs = BlobStorage(environment: environment)
        let configuration = environment.configuration

        group.post("blobs") { request, _ in
            let buffer = try await RequestBody.collect(request, limit: configuration.maxBlobBytes)
            let uploaded = try await blobs.upload(Array(buffer: buffer), mediaType: request.headers[.contentType])
            return try JSONResponse.make(uploaded, status: .created)
        }

        group.post("resources") { request, _ in
            let body = try await RequestBody.decodeJSON(
                ManifestService.PublishRequest.self, from: request, limit: configuration.maxJSONBytes
            )
            return try JSONResponse.make(try await manifests.publish(body), status: .created)
        }
    }
}

import CaptureCore
import FaceEngine
import Foundation
import HTTPTypes
package import Hummingbird
import Logging
import NIOCore
import NIOFoundationEssentialsCompat

/// `POST /v1/eyewear/tryon`: a photo and a catalog SKU in; the photo with the frame drawn on the
/// face out, as a PNG of the input's size, or with `output=json` the 68 landmarks and the head pose.
/// For a customer API key whose licence is for `fbx` with the feature `tryon`.
///
/// The body is the image itself (`image/jpeg` or `image/png`, with `sku`, `output` and
/// `pupillaryDistance` as query parameters) or `multipart/form-data` (a file part `image` and text
/// parts of the same names). The limits are those of `POST /v1/documents/scan`: rate limits, the
/// per-image size, the decoder's pixel limit, the shared engine queue and the time limit.
package struct TryOnController: Sendable {
    let environment: ServerEnvironment

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// The JSON answer (`output=json`).
    package struct TryOnJSON: Codable, Sendable, Equatable {
        package struct Point: Codable, Sendable, Equatable {
            package var x: Double
            package var y: Double
        }

        package struct Pose: Codable, Sendable, Equatable {
            /// Degrees; positive yaw turns the head to the image's left.
            package var yaw, pitch, roll: Double
            /// The head's position relative to the assumed camera, mm.
            package var x, y, z: Double
        }

        package var width: Int
        package var height: Int
        package var sku: String
        /// The 68 iBUG landmarks, image pixels.
        package var landmarks: [Point]
        package var pose: Pose
    }

    /// What the request asked for.
    struct Upload {
        var image: Data
        var sku: String
        var json: Bool
        var pupillaryDistance: Double
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let environment = self.environment
        group.post("eyewear/tryon") { request, _ in
            let requestID = DocumentScanController.requestID(from: request.headers)
            return try await EngineRequest.answer(
                engine: "tryon", logMessage: "eyewear try-on", requestID: requestID, environment: environment
            ) {
                try await Self.tryOn(request, environment: environment, requestID: requestID)
            }
        }
    }

    private static func tryOn(
        _ request: Request, environment: ServerEnvironment, requestID: String
    ) async throws
        -> Response
    {
        _ = try await CustomerKeyAuthentication(environment: environment).authorise(
            authorization: request.headers[.authorization], product: "fbx", feature: "tryon", scope: "tryon")
        let upload = try await read(request, maxImageBytes: environment.configuration.maxScanImageBytes)
        let frame = try await frameModel(sku: upload.sku, store: environment.store)
        let engines = environment.engines
        let limit = environment.configuration.scanTimeLimitSeconds
        let outcome = try await DocumentScanController.withTimeLimit(
            .seconds(limit), clock: engines.clock, limitSeconds: limit
        ) {
            try await engines.queue.run {
                let image = try DocumentScanController.decode(upload.image, part: "image")
                return try engines.tryOn.tryOn(image, frame: frame, pupillaryDistance: upload.pupillaryDistance)
            }
        }
        var headers: HTTPFields = [.cacheControl: "no-store"]
        headers[DocumentScanController.requestIDField] = requestID
        if upload.json {
            let degrees = 180 / Double.pi
            let answer = TryOnJSON(
                width: outcome.image.width, height: outcome.image.height, sku: upload.sku,
                landmarks: outcome.landmarks.points.map { TryOnJSON.Point(x: $0.x, y: $0.y) },
                pose: TryOnJSON.Pose(
                    yaw: outcome.pose.yaw * degrees, pitch: outcome.pose.pitch * degrees,
                    roll: outcome.pose.roll * degrees, x: outcome.pose.translation.x,
                    y: outcome.pose.translation.y, z: outcome.pose.translation.z))
            var response = try JSONResponse.make(answer)
            response.headers.append(contentsOf: headers)
            return response
        }
        let png: Data
        do {
            png = try ImageCodec.encodePNG(outcome.image, compressionLevel: 3)
        } catch {
            throw APIError.internalError
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(data: png)))
    }

    /// The frame model of catalog entry `sku`: its `model` asset (an ``EyewearFrame`` as JSON), else
    /// the catalog's dimensions and colour applied to the procedural frame of that SKU (as the FBx SDK does).
    static func frameModel(sku: String, store: any CaptureStore) async throws -> EyewearFrame {
        guard CatalogController.isValidSKU(sku) else { throw APIError.invalidSKU }
        guard let record = try await store.frame(sku: sku) else { throw APIError.frameNotFound }
        if let asset = record.assets.first(where: { $0.role == "model" }) {
            guard let blob = try await store.blob(sha256: asset.sha256), blob.bytes.count <= 64 * 1024,
                let frame = try? JSONDecoder().decode(EyewearFrame.self, from: Data(blob.bytes)),
                frame.sku == sku, frame.hasPlausibleDimensions
            else { throw APIError.frameModelUnusable }
            return frame
        }
        guard
            let frame = EyewearFrame.fromCatalog(
                sku: sku, name: record.name, lensWidth: record.lensWidthMm, bridgeWidth: record.bridgeWidthMm,
                templeLength: record.templeLengthMm, firstColorHex: record.colors.first?.hex,
                base: ProceduralFrameCatalog.frame(sku: sku))
        else { throw APIError.frameModelUnusable }
        return frame
    }

    /// Reads the image and the options from a raw image or multipart body.
    static func read(_ request: Request, maxImageBytes: Int) async throws -> Upload {
        let contentType = request.headers[.contentType] ?? ""
        let lowered = contentType.lowercased()
        let query = request.uri.queryParameters
        var options: [String: String] = [:]
        for name in ["sku", "output", "pupillaryDistance"] {
            if let value = query[Substring(name)] { options[name] = String(value) }
        }
        let image: Data
        if lowered.hasPrefix("image/jpeg") || lowered.hasPrefix("image/png") {
            image = Data(
                try await ScanUpload.collect(request, limit: maxImageBytes, maxImageBytes: maxImageBytes)
                    .readableBytesView)
        } else if let boundary = MultipartFormData.boundary(contentType: contentType) {
            let buffer = try await ScanUpload.collect(
                request, limit: maxImageBytes + 64 * 1024, maxImageBytes: maxImageBytes)
            let form: MultipartFormData
            do {
                form = try MultipartFormData(body: Data(buffer.readableBytesView), boundary: boundary, maxParts: 8)
            } catch {
                throw APIError.badRequest("The multipart body cannot be read (\(error)); send parts image and sku.")
            }
            guard let part = form.part(named: "image") else {
                throw APIError.badRequest("The form needs a file part named image.")
            }
            image = part.body
            for name in ["sku", "output", "pupillaryDistance"] {
                if let value = form.part(named: name) {
                    options[name] = String(decoding: value.body, as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        } else {
            throw APIError(
                .unsupportedMediaType, code: "unsupportedMediaType",
                message: "Send image/jpeg, image/png or multipart/form-data."
            )
        }
        guard image.count <= maxImageBytes else { throw APIError.imageTooLarge(limit: maxImageBytes) }
        guard let sku = options["sku"], !sku.isEmpty else { throw APIError.badRequest("sku is required.") }
        let json: Bool
        switch options["output"] ?? "png" {
        case "png": json = false
        case "json": json = true
        default: throw APIError.badRequest("output must be png or json.")
        }
        var pupillaryDistance = GenericFaceModel.modelPupillaryDistance
        if let text = options["pupillaryDistance"] {
            guard let value = Double(text), (45...80).contains(value) else {
                throw APIError.badRequest("pupillaryDistance must be 45 to 80 (mm).")
            }
            pupillaryDistance = value
        }
        return Upload(image: image, sku: sku, json: json, pupillaryDistance: pupillaryDistance)
    }
}

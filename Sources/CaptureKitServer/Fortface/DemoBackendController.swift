import Crypto
import FortfaceWire
import Foundation
import HTTPTypes
package import Hummingbird

/// The console's demo backend: `POST /v1/demo/fortface/handshake` and `POST /v1/demo/fortface/documents`,
/// which stand in for a customer's backend so that the Secure capture page can run the Fortface flow in
/// a browser.
///
/// In real life the customer's backend holds the API key: it forwards the SDK's device token to
/// `POST /v1/handshake` and the SDK's sealed payload to `POST /v1/documents`. A web page has neither
/// an API key it may keep nor a device token (no SDK, no device attestation), so here the server plays
/// that backend for its own development customer (``DevelopmentCustomer``): for each handshake it
/// provisions a throw-away "web device" (a fresh P-256 key certified by the device CA for the
/// development app, `plat: "web"`, `dbg: true`) and signs its device token, which then goes through the
/// whole ``FortfaceService/handshake(customer:deviceRequestInfo:)``: the customer's handshake quota,
/// token verification, the app's sandbox policy, single use of the `jti`, a key from the pool. Uploads
/// are relayed unchanged through the documents route's own handler
/// (``FortfaceController/submitDocument(_:customer:service:)``): the browser's `{key, data, imgData}`
/// is opened exactly like an SDK's, with no browser-specific path.
///
/// It is not an open door: it serves only when ``ServerConfiguration/demoBackendEnabled`` (by default
/// outside production mode on a loopback-only server; `--demo-backend on|off` decides otherwise), it
/// acts only as the development customer (absent: 503; revoked: 401), whose API-key rate limit and
/// handshake quota apply, behind the per-address limit of every `/v1` route; its device tokens only
/// satisfy the development app's sandbox registration. A browser request from another site's page
/// (which may POST here without a CORS preflight) is refused by its `Sec-Fetch-Site` and `Origin`.
package struct DemoBackendController: Sendable {
    let environment: ServerEnvironment

    /// The `sdk` claim of the web device's tokens.
    package static let sdkName = "capturekit-console"
    /// How long a web device's certificate is valid (it signs one token, at once).
    static let certificateSeconds: TimeInterval = 300

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let service = FortfaceService(environment: environment)
        let environment = self.environment

        group.post("demo/fortface/handshake") { request, _ in
            try Self.refuseCrossSite(request)
            let customer = try await Self.developmentCustomer(environment: environment, service: service)
            do {
                let token = try Self.webDeviceToken(customer: customer, environment: environment)
                let answer = try await service.handshake(customer: customer.record, deviceRequestInfo: token)
                environment.metrics.recordHandshake(outcome: "ok")
                return try JSONResponse.make(answer, status: .created)
            } catch let error as FortfaceError {
                environment.metrics.recordHandshake(outcome: error.reason)
                throw FortfaceController.refusal(error, route: "demo/handshake", logger: environment.logger)
            }
        }

        group.post("demo/fortface/documents") { request, _ in
            try Self.refuseCrossSite(request)
            let customer = try await Self.developmentCustomer(environment: environment, service: service)
            do {
                return try await FortfaceController.submitDocument(request, customer: customer.record, service: service)
            } catch let error as FortfaceError {
                throw FortfaceController.refusal(error, route: "demo/documents", logger: environment.logger)
            }
        }
    }

    /// The development customer the demo backend acts as, authenticated with its own API key.
    struct Customer {
        var record: CustomerRecord
        var file: DevelopmentCustomer.File
    }

    /// The answer while the demo backend is off.
    package static let off = APIError(
        .notFound, code: "demoBackendOff",
        message: "The console's demo backend is off on this server: it runs outside production mode on a"
            + " loopback-only server, or with --demo-backend on (CAPTUREKIT_DEMO_BACKEND=on)."
    )

    /// The answer when there is no development customer to act as.
    package static let noDevelopmentCustomer = APIError(
        .serviceUnavailable, code: "demoCustomerUnavailable",
        message: "The demo backend acts as the development customer, which this server has not created"
            + " (CAPTUREKIT_FORTFACE_DEV_CUSTOMER=0, or its file is unreadable)."
    )

    /// The answer to a browser request made by another site's page.
    package static let crossSite = APIError(
        .forbidden, code: "crossSiteRequest",
        message: "The demo backend answers only the console's own pages, not requests from another site."
    )

    /// `Sec-Fetch-Site`, sent by browsers with every request.
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// Refuses a request a browser sent for another site's page: `Sec-Fetch-Site` other than
    /// `same-origin` or `none`, or an `Origin` whose host and port are not this request's. Clients that
    /// are not browsers send neither header.
    static func refuseCrossSite(_ request: Request) throws {
        if let site = request.headers[fetchSite], site != "same-origin", site != "none" { throw crossSite }
        guard let origin = request.headers[.origin] else { return }
        guard let url = URL(string: origin), let host = url.host, let authority = request.head.authority,
            authority.lowercased() == (host + (url.port.map { ":\($0)" } ?? "")).lowercased()
        else { throw crossSite }
    }

    static func developmentCustomer(environment: ServerEnvironment, service: FortfaceService) async throws -> Customer {
        guard environment.configuration.demoBackendEnabled else { throw off }
        guard let data = FileManager.default.contents(atPath: environment.configuration.developmentCustomerPath),
            let file = try? JSONDecoder().decode(DevelopmentCustomer.File.self, from: data)
        else { throw noDevelopmentCustomer }
        do {
            return Customer(record: try await service.authenticate(authorization: "Bearer " + file.apiKey), file: file)
        } catch let error as FortfaceError {
            throw FortfaceController.refusal(error, route: "demo", logger: environment.logger)
        }
    }

    /// A device token from a fresh web device certified for the development app.
    static func webDeviceToken(customer: Customer, environment: ServerEnvironment) throws -> String {
        let now = environment.now()
        let deviceKey = P256.Signing.PrivateKey()
        let certificate = try DeviceCertificate.issue(
            devicePublicKey: deviceKey.publicKey, app: customer.file.appId, issuedAt: now,
            validity: certificateSeconds, authority: environment.fortface.deviceAuthority
        )
        let claims = DeviceTokenClaims.fresh(
            now: now, app: customer.file.appId, sdk: sdkName, plat: "web", os: "browser", model: "web", dbg: true,
            env: customer.file.environment, sig: IntegritySignals(), att: DeviceAttestation(certificate: certificate)
        )
        return try DeviceToken.make(
            claims: claims, credentials: DeviceCredentials(signingKey: deviceKey, certificate: certificate))
    }
}

import Foundation

/// The customer credentials `capkit capture` uses: from a local server's development customer file
/// (`<data-dir>/fortface-dev-customer.json`, written by a fresh `capkit serve`), or given explicitly.
struct CaptureCredentials {
    var apiKey: String
    var appId: String
    /// `sandbox` or `production` (the device token's `env`).
    var environment: String
    /// For provisioning this device (`POST /v1/admin/devices`).
    var adminToken: String?

    /// The app id of a fresh server's development customer.
    static let developmentAppId = "dev.capturekit.fortface.demo"

    /// The file's fields this command reads.
    private struct DevelopmentCustomerFile: Decodable {
        var apiKey: String
        var appId: String
        var environment: String
        var adminTokenFile: String?
    }

    static func resolve(
        dataDirectory: String?, secret: String?, app: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> CaptureCredentials {
        let envToken = environment["CAPTUREKIT_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let secret {
            return CaptureCredentials(
                apiKey: secret, appId: app ?? developmentAppId,
                environment: environment["FORTFACE_ENVIRONMENT"] == "production" ? "production" : "sandbox",
                adminToken: envToken)
        }
        let folder = URL(fileURLWithPath: dataDirectory ?? "capkit-data")
        let path = folder.appendingPathComponent("fortface-dev-customer.json")
        guard let data = FileManager.default.contents(atPath: path.path) else {
            throw CommandFailure(
                """
                \(path.path) does not exist: start the server once with `capkit serve --data-dir \(folder.path)` \
                (it creates a development customer), or pass --secret.
                """)
        }
        guard let file = try? JSONDecoder().decode(DevelopmentCustomerFile.self, from: data) else {
            throw CommandFailure("\(path.path) is not a development customer file.")
        }
        let tokenPath = file.adminTokenFile ?? folder.appendingPathComponent("admin-token").path
        let fileToken = FileManager.default.contents(atPath: tokenPath).map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return CaptureCredentials(
            apiKey: file.apiKey, appId: app ?? file.appId, environment: file.environment,
            adminToken: envToken ?? fileToken)
    }
}

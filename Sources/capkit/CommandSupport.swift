import BlinkID
import CaptureCore
import Crypto
import DocumentEngine
import Foundation

/// Shared plumbing of the scanning commands: the licence, the SDK, messages, previews.
enum CommandSupport {
    /// The licence key to use and the settings that trust its signer: `explicit`, else
    /// `$CAPTUREKIT_LICENSE_KEY` (verified against the development key only if
    /// `allowsDevelopmentLicenses`), else a one-day development licence signed on the spot with the
    /// development key (`keys/dev-2026.ed25519`, or the file named by `$CAPTUREKIT_SIGNING_KEY`), which
    /// the settings then trust: development licences opted in for `dev-2026`, the key's public half
    /// for any other.
    static func settings(
        licenseKey explicit: String?, allowsDevelopmentLicenses: Bool = false,
        environment env: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> BlinkIDSdkSettings {
        if let key = explicit ?? env["CAPTUREKIT_LICENSE_KEY"], !key.isEmpty {
            return BlinkIDSdkSettings(
                licenseKey: key, downloadResources: false,
                allowsDevelopmentLicenses: allowsDevelopmentLicenses)
        }
        let path = env["CAPTUREKIT_SIGNING_KEY"] ?? "keys/dev-2026.ed25519"
        guard let signingKey = try? DevelopmentSigningKey.load(from: URL(fileURLWithPath: path)) else {
            throw CommandFailure(
                """
                No licence key: pass --license-key or set CAPTUREKIT_LICENSE_KEY, or run from the repository \
                (where \(path) signs a development licence).
                """)
        }
        let isDevelopmentKey = Array(signingKey.publicKey.rawRepresentation) == LicenseKeyring.developmentPublicKey
        let kid = isDevelopmentKey ? DevelopmentSigningKey.kid : "capkit-local"
        let now = Date()
        let claims = LicenseClaims(
            sub: "capkit-development", jti: UUID().uuidString, aud: ["*"], prod: "blinkid",
            plat: ["linux", "macos", "ios", "android"], feat: ["mrz", "barcode"], iat: now,
            nbf: now, exp: now.addingTimeInterval(86_400), maxSdk: "1.99.99")
        let token = try CompactJWS.sign(claims, typ: LicenseClaims.tokenType, kid: kid, key: signingKey)
        var settings = BlinkIDSdkSettings(
            licenseKey: token, downloadResources: false,
            allowsDevelopmentLicenses: isDevelopmentKey || allowsDevelopmentLicenses)
        if !isDevelopmentKey { settings.licensePublicKeys = [kid: signingKey.publicKey.rawRepresentation] }
        return settings
    }

    /// The SDK with bundled resources (see ``settings(licenseKey:allowsDevelopmentLicenses:environment:)``).
    static func makeSDK(licenseKey: String?, allowsDevelopmentLicenses: Bool = false) async throws -> BlinkIDSdk {
        let settings = try Self.settings(licenseKey: licenseKey, allowsDevelopmentLicenses: allowsDevelopmentLicenses)
        return try await BlinkIDSdk.createBlinkIDSdk(withSettings: settings)
    }

    /// The document scanner with the recogniser weights at `weightsPath`, else the bundled ones.
    static func documentScanner(weightsPath: String? = nil) throws -> DocumentScanner {
        let url =
            weightsPath.map { URL(fileURLWithPath: $0) }
            ?? DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin")
        guard let url else { throw CommandFailure("The bundled resources are missing.") }
        return DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: url)))
    }

    /// Prints a message on stderr.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("capkit: \(message)\n".utf8))
    }

    /// Writes `frame` with the document outline (green) and every MRZ character cell (blue) as PNG.
    static func writePreview(
        _ frame: RGBAImage, analysis: FrameAnalysis?, viz: [VizResult] = [], to path: String
    ) throws {
        var image = frame
        if let analysis {
            if let quad = analysis.documentQuad {
                image.drawQuadrilateral(quad, colour: RGBA(r: 0, g: 220, b: 60, a: 230), thickness: 3)
            }
            for box in analysis.mrzCharacterBoxes.joined() {
                image.drawQuadrilateral(box, colour: RGBA(r: 30, g: 110, b: 255, a: 200), thickness: 1)
            }
            // The printed fields read on the side shown: orange, red where the MRZ contradicts them.
            if let quad = analysis.documentQuad, !viz.isEmpty, let layouts = try? VizLayoutCatalogue.bundled() {
                for result in viz where layouts.layout(id: result.layout)?.documentLayout == analysis.layout {
                    for (field, box) in result.fieldQuadrilaterals(documentQuad: quad, layouts: layouts) {
                        let contradicted = result[field]?.mrzCheck == .contradicted
                        image.drawQuadrilateral(
                            box,
                            colour: contradicted
                                ? RGBA(r: 230, g: 30, b: 30, a: 230) : RGBA(r: 255, g: 150, b: 0, a: 230),
                            thickness: 2)
                    }
                }
            }
        }
        try ImageCodec.encodePNG(image, compressionLevel: 3).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

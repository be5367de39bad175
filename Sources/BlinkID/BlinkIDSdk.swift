import CaptureCore
package import DocumentEngine
import Foundation

/// The entry point of the SDK: verifies the licence, loads the recogniser's resources, and creates
/// scanning sessions.
///
/// ```swift
/// let sdk = try await BlinkIDSdk.createBlinkIDSdk(withSettings: BlinkIDSdkSettings(licenseKey: key))
/// let session = await sdk.createScanningSession()
/// ```
public final class BlinkIDSdk: Sendable {
    /// The settings the SDK was created with.
    public let settings: BlinkIDSdkSettings
    let scanner: DocumentScanner
    let now: @Sendable () -> Date

    init(settings: BlinkIDSdkSettings, scanner: DocumentScanner, now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.scanner = scanner
        self.now = now
    }

    /// Creates the SDK: verifies the licence key offline, then loads the MRZ recogniser's resources
    /// (bundled, or downloaded and verified when `settings.downloadResources` is true).
    ///
    /// - Throws: `LicenseError` for a malformed, forged, expired, not-yet-valid or wrong-product
    ///   licence (or one issued for another application), and for a licence signed with the development
    ///   key unless `settings.allowsDevelopmentLicenses`; `ResourceDownloaderError` when resources
    ///   cannot be loaded (see the guide's table of cases).
    public static func createBlinkIDSdk(withSettings settings: BlinkIDSdkSettings) async throws -> BlinkIDSdk {
        try await create(settings: settings, now: Date.init)
    }

    /// ``createBlinkIDSdk(withSettings:)`` with an injected clock (tests).
    static func create(settings: BlinkIDSdkSettings, now: @escaping @Sendable () -> Date) async throws -> BlinkIDSdk {
        try verifyLicense(of: settings, at: now())
        let keyring = settings.licenseKeyring

        let source: ResourceSource
        if settings.downloadResources {
            let cacheFolder = settings.resourceLocalFolder ?? ResourceDownloader.defaultCacheFolder()
            // A clear answer before any download: the server does not answer a TCP handshake and no
            // earlier download can be used offline.
            if let server = HostReachability(url: settings.resourceDownloadURL), await !server.isReachable(),
                ResourceCache(root: cacheFolder).readState() == nil
            {
                throw ResourceDownloaderError.noInternetConnection
            }
            source = .download(baseURL: settings.resourceDownloadURL, cacheFolder: cacheFolder, keyring: keyring)
        } else {
            guard let folder = settings.bundleURL ?? DocumentEngineInfo.bundledResourcesFolder else {
                throw ResourceDownloaderError.cacheDirNotFound
            }
            source = .bundled(folder: folder)
        }
        let name = DocumentEngineInfo.recogniserResourceName
        let resources = try await ResourceLoader.load(names: [name], from: source, now: now())
        guard let weights = resources[name], let classifier = try? MRZCharacterClassifier(weights: weights) else {
            // The bytes matched their manifest but are not a recogniser this SDK can use.
            throw ResourceDownloaderError.resourceUnavailable
        }
        return BlinkIDSdk(settings: settings, scanner: DocumentScanner(classifier: classifier), now: now)
    }

    /// A new scanning session with the given settings (video input, both sides by default).
    ///
    /// On Apple platforms the session reads the printed visual zone with Vision's text recogniser;
    /// elsewhere it reads the MRZ and barcode only (`createScanningSession(sessionSettings:vizRecognizer:)`
    /// gives it an OCR engine).
    @ProcessingActor
    public func createScanningSession(
        sessionSettings: BlinkIDSessionSettings = BlinkIDSessionSettings()
    )
        -> BlinkIDSession
    {
        #if canImport(Vision) && canImport(CoreGraphics)
        BlinkIDSession(settings: sessionSettings, scanner: scanner, vizRecognizer: VisionVizTextRecognizer(), now: now)
        #else
        BlinkIDSession(settings: sessionSettings, scanner: scanner, now: now)
        #endif
    }

    /// A session that reads the printed visual zone with `vizRecognizer` (Tesseract on Linux:
    /// `TesseractVizRecognizer`), once per accepted side.
    @ProcessingActor
    package func createScanningSession(
        sessionSettings: BlinkIDSessionSettings, vizRecognizer: (any VizTextRecognizer)?
    ) -> BlinkIDSession {
        BlinkIDSession(settings: sessionSettings, scanner: scanner, vizRecognizer: vizRecognizer, now: now)
    }
}

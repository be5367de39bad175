public import Foundation

/// Why the SDK's resources (model weights) could not be loaded, with the BlinkID guide's ten cases.
///
/// Thrown by `BlinkIDSdk.createBlinkIDSdk(withSettings:)` both when downloading
/// (`downloadResources: true`) and when reading bundled resources.
///
/// ```swift
/// do {
///     let sdk = try await BlinkIDSdk.createBlinkIDSdk(withSettings: settings)
/// } catch let error as ResourceDownloaderError {
///     if case .noInternetConnection = error { /* offer a retry */ }
/// }
/// ```
public enum ResourceDownloaderError: Error, CustomStringConvertible {
    /// The resource server's URL, or a name or path in its manifest, is not acceptable (not
    /// `http`/`https`, no host, or a path that would leave the resource folder).
    case invalidURL(String)
    /// The server answered with this HTTP status (positive), or the transfer failed with this
    /// URL-loading error code (negative, e.g. -999 when the load was cancelled).
    case downloadFailed(Int)
    /// Nothing at this URL: a 404 from the server, or a file missing from the resource folder.
    case fileNotFound(URL)
    /// The named resource's size or SHA-256 is not the one its manifest declares.
    case hashMismatch(String)
    /// Reading or writing the resource cache failed (for example, the disk is full).
    case fileAccessError(any Error)
    /// The cache folder does not exist and could not be created.
    case cacheDirNotFound
    /// A file could not be created in the cache folder (for example, it is read-only).
    case fileCreationError(any Error)
    /// The server could not be reached: no network, connection refused, host unknown, or no answer
    /// within the timeout.
    case noInternetConnection
    /// The server's answer is not what was expected: not HTTP, or a manifest that does not parse,
    /// is not signed by a trusted key, has expired, or is older than one already seen.
    case invalidResponse
    /// A requested resource is not available: gone from the server (410), not in the manifest, or
    /// not made for this SDK version.
    case resourceUnavailable

    public var description: String {
        switch self {
        case let .invalidURL(url):
            return "The resource URL \"\(url)\" is not valid. Use an http(s) server address; resource names "
                + "must not contain paths."
        case let .downloadFailed(code) where code < 0:
            return "The resource download failed (URL loading error \(code)). Try again."
        case let .downloadFailed(status):
            return "The resource server answered HTTP \(status). Try again later or check the server."
        case let .fileNotFound(url):
            return "No resource found at \(url.absoluteString). Check the resource folder or server address."
        case let .hashMismatch(name):
            return "The resource \"\(name)\" does not match the size or SHA-256 in its manifest, so it was "
                + "not used. It will be fetched again; if this persists the server or bundle is corrupt."
        case let .fileAccessError(error):
            return "The resource cache could not be read or written (\(Self.describe(error))). Check free "
                + "space and permissions."
        case .cacheDirNotFound:
            return "The resource cache folder does not exist and could not be created. Choose another "
                + "resourceLocalFolder."
        case let .fileCreationError(error):
            return "A file could not be created in the resource cache folder (\(Self.describe(error))). "
                + "Make the folder writable or choose another resourceLocalFolder."
        case .noInternetConnection:
            return "The resource server could not be reached. Check the network connection and try again."
        case .invalidResponse:
            return "The resource server's answer was not valid (not HTTP, or a manifest that is unsigned, "
                + "altered, expired or older than the one already used). Check the server address."
        case .resourceUnavailable:
            return "A required resource is not available for this SDK version. Update the SDK or the "
                + "resource server."
        }
    }

    /// A short, path-free description of an underlying file-system error.
    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(nsError.code)) {
            return "\(code)"
        }
        if let posix = error as? POSIXError { return "\(posix.code)" }
        return "\(nsError.domain) \(nsError.code)"
    }
}

package import CaptureCore
package import Foundation

extension ResourceDownloaderError {
    /// An error's case with its comparable payload (the `any Error` payloads dropped), so tests can
    /// write `#expect(error?.kind == .hashMismatch("weights"))`.
    package enum Kind: Equatable, Sendable {
        case invalidURL
        case downloadFailed(Int)
        case fileNotFound(URL)
        case hashMismatch(String)
        case fileAccessError
        case cacheDirNotFound
        case fileCreationError
        case noInternetConnection
        case invalidResponse
        case resourceUnavailable
    }

    /// This error's ``Kind``.
    package var kind: Kind {
        switch self {
        case .invalidURL: .invalidURL
        case let .downloadFailed(code): .downloadFailed(code)
        case let .fileNotFound(url): .fileNotFound(url)
        case let .hashMismatch(name): .hashMismatch(name)
        case .fileAccessError: .fileAccessError
        case .cacheDirNotFound: .cacheDirNotFound
        case .fileCreationError: .fileCreationError
        case .noInternetConnection: .noInternetConnection
        case .invalidResponse: .invalidResponse
        case .resourceUnavailable: .resourceUnavailable
        }
    }
}

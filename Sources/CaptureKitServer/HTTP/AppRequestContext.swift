package import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage plus the client's address (for
/// per-address rate limits). JSON bodies are read through ``RequestBody`` with per-route caps.
package struct AppRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The client's IP address, when the connection has one (nil in in-process tests).
    package let remoteAddress: String?

    package init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Cap for bodies read through Hummingbird's own decoding (the routes use ``RequestBody``).
    package var maxUploadSize: Int { 64 * 1024 }
}

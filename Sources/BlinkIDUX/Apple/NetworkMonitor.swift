#if canImport(Network) && canImport(SwiftUI)
import Network
public import SwiftUI

/// Publishes whether the device is online (`NWPathMonitor`), for resource downloads.
@MainActor
public class NetworkMonitor: ObservableObject {
    /// Whether a network path is available.
    @Published public var isConnected = true
    /// The opposite of ``isConnected``.
    public var isOffline: Bool { !isConnected }

    private let monitor = NWPathMonitor()

    public init() {
        setupMonitor()
    }

    deinit {
        monitor.cancel()
    }

    private func setupMonitor() {
        // Updates are delivered on the main queue, so they can touch the model directly.
        monitor.pathUpdateHandler = { [weak self] path in
            let connected = path.status == .satisfied
            MainActor.assumeIsolated { self?.isConnected = connected }
        }
        monitor.start(queue: .main)
    }
}

/// Shown when resources cannot be downloaded for lack of a connection.
public struct NoInternetView: View {
    private let retryAction: () -> Void

    public init(retryAction: @escaping () -> Void) {
        self.retryAction = retryAction
    }

    public var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "wifi.slash").font(.largeTitle).accessibilityHidden(true)
            Text(UXTextKey.noInternetTitle.localized).font(.headline).accessibilityAddTraits(.isHeader)
            Text(UXTextKey.noInternetMessage.localized).multilineTextAlignment(.center)
            Button(UXTextKey.retryButton.localized, action: retryAction)
        }
        .padding()
    }
}
#endif

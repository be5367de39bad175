#if !canImport(SwiftUI)
import CaptureCore
public import Foundation

/// The headless rendering surface on Linux (the SwiftUI view on Apple platforms is in
/// `Apple/FBxView.swift`): it has a size, can be attached and detached, and delivers the
/// rendered camera frames as an `AsyncStream` and, optionally, as PNG files.
///
/// Attaching with a size of at least 16×16 pixels prepares the SDK (configured → preparing →
/// ready); detaching stops a running session and returns to configured. Frames are delivered at
/// the camera's resolution; the size only gates preparation, as the SwiftUI view's does.
public final class FBxView: Sendable {
    /// The manager this view shows.
    public let manager: FBxManager
    /// Where each rendered frame is written as `frame-000000.png`, if anywhere.
    public let imageOutputDirectory: URL?

    private let id = UUID()
    private let onFrame: (@Sendable (FBxRenderedFrame) -> Void)?
    private let broadcaster = EventBroadcaster<FBxRenderedFrame>(replay: .none, bufferLimit: 8)
    private let size = Locked<(width: Int, height: Int)?>(nil)

    /// A view of `manager` (the shared one by default); with `imageOutputDirectory`, every rendered
    /// frame is also written there as PNG.
    public init(manager: FBxManager = .shared, imageOutputDirectory: URL? = nil) {
        self.manager = manager
        self.imageOutputDirectory = imageOutputDirectory
        self.onFrame = nil
    }

    /// A view that also hands every frame to `onFrame`, synchronously on the session's frame
    /// loop (tools that must not drop frames: a video encoder applies back-pressure).
    package init(
        manager: FBxManager, imageOutputDirectory: URL? = nil,
        onFrame: @escaping @Sendable (FBxRenderedFrame) -> Void
    ) {
        self.manager = manager
        self.imageOutputDirectory = imageOutputDirectory
        self.onFrame = onFrame
    }

    /// The size the view was attached with (nil while detached).
    public var attachedSize: (width: Int, height: Int)? { size.withLock { $0 } }

    /// A new stream of rendered frames (a slow reader keeps only the newest 8).
    public var frames: AsyncStream<FBxRenderedFrame> { broadcaster.subscribe() }

    /// Puts the view on screen (or resizes it): with a usable size, the SDK prepares.
    public func attach(width: Int, height: Int) async {
        size.withLock { $0 = (width, height) }
        let broadcaster = self.broadcaster
        let directory = imageOutputDirectory
        let manager = self.manager
        let onFrame = self.onFrame
        if let directory {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        await manager.attachView(id: id, width: width, height: height) { frame in
            if let directory {
                let name = "frame-" + String(String(frame.index + 1_000_000).dropFirst()) + ".png"
                do {
                    try frame.pngData().write(to: directory.appendingPathComponent(name))
                } catch {
                    manager.report(.internalError("a rendered frame could not be written to \(directory.path)."))
                }
            }
            onFrame?(frame)
            broadcaster.send(frame)
        }
    }

    /// Takes the view off screen: a running session stops, the SDK returns to configured.
    public func detach() async {
        size.withLock { $0 = nil }
        await manager.detachView(id: id)
    }
}
#endif

#if canImport(SwiftUI) && canImport(CoreGraphics)
import CoreGraphics
public import SwiftUI

/// The SDK's rendering surface: place it full screen. On appearance with a non-zero size the
/// SDK prepares (configured → preparing → ready); on disappearance a running session stops and
/// the SDK returns to configured. While a session runs, it shows the camera with the frame.
public struct FBxView: View {
    private let manager: FBxManager
    @State private var id = UUID()
    @State private var picture: CGImage?

    public init(manager: FBxManager = .shared) {
        self.manager = manager
    }

    public var body: some View {
        GeometryReader { geometry in
            ZStack {
                Color.black
                if let picture {
                    Image(decorative: picture, scale: 1)
                        .resizable()
                        .aspectRatio(contentMode: .fill)
                        .frame(width: geometry.size.width, height: geometry.size.height)
                        .clipped()
                }
            }
            .task(id: geometry.size) {
                await attach(size: geometry.size)
            }
            .task {
                // Runs while the view is on screen: SwiftUI cancels it when the view disappears.
                await Self.waitUntilCancelled()
                await manager.detachView(id: id)
            }
        }
    }

    @MainActor
    private func attach(size: CGSize) async {
        let (stream, continuation) = AsyncStream.makeStream(
            of: FBxRenderedFrame.self,
            bufferingPolicy: .bufferingNewest(2))
        await manager.attachView(id: id, width: Int(size.width), height: Int(size.height)) { frame in
            continuation.yield(frame)
        }
        for await frame in stream {
            picture = Self.cgImage(frame)
        }
    }

    private static func waitUntilCancelled() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
    }

    private static func cgImage(_ frame: FBxRenderedFrame) -> CGImage? {
        let data = Data(frame.rgbaPixels) as CFData
        guard let provider = CGDataProvider(data: data) else { return nil }
        return CGImage(
            width: frame.width, height: frame.height, bitsPerComponent: 8, bitsPerPixel: 32,
            bytesPerRow: frame.width * 4, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}
#endif

#if canImport(AVFoundation) && canImport(SwiftUI) && canImport(UIKit)
import AVFoundation
public import SwiftUI
public import UIKit

/// The full-screen camera preview of a ``Camera``.
public struct CameraView: UIViewRepresentable {
    private let camera: Camera

    public init(camera: Camera) {
        self.camera = camera
    }

    public func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer.session = camera.session
        view.previewLayer.videoGravity = .resizeAspectFill
        return view
    }

    public func updateUIView(_ uiView: PreviewView, context: Context) {}

    /// A view backed by an `AVCaptureVideoPreviewLayer`.
    public final class PreviewView: UIView {
        override public class var layerClass: AnyClass { AVCaptureVideoPreviewLayer.self }
        var previewLayer: AVCaptureVideoPreviewLayer { layer as! AVCaptureVideoPreviewLayer }  // layerClass above
    }
}
#endif

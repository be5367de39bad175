#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
public import UIKit

/// The capture screen on iOS: the camera preview, the instruction text and (unless hidden) the back
/// button, which cancels the session. It shows the session's state only; capture decisions are
/// made by the cross-platform session, tested on Linux.
@MainActor
public final class FortfaceCaptureViewController: UIViewController {
    private let camera: AVCaptureCamera
    private let customization: FortfaceCustomization
    private let handle: FortfaceSessionHandle

    /// A screen for the session behind `handle`, previewing `camera`.
    public init(camera: AVCaptureCamera, customization: FortfaceCustomization, handle: FortfaceSessionHandle) {
        self.camera = camera
        self.customization = customization
        self.handle = handle
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let preview = AVCaptureVideoPreviewLayer(session: camera.session)
        preview.videoGravity = .resizeAspectFill
        preview.frame = view.bounds
        view.layer.addSublayer(preview)

        let instruction = UILabel()
        instruction.text = customization.texts.captureInstruction
        instruction.textColor = .white
        instruction.numberOfLines = 0
        instruction.textAlignment = .center
        instruction.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(instruction)
        NSLayoutConstraint.activate([
            instruction.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            instruction.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            instruction.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -24),
        ])

        guard !customization.hideBackButton else { return }
        let back = UIButton(type: .system)
        back.setTitle(customization.texts.backButton, for: .normal)
        back.tintColor = .white
        back.accessibilityLabel = customization.texts.backButton
        back.addAction(UIAction { [handle] _ in handle.cancel() }, for: .touchUpInside)
        back.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(back)
        NSLayoutConstraint.activate([
            back.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            back.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
        ])
    }
}
#endif

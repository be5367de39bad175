#if canImport(UIKit) && canImport(PhotosUI) && canImport(UniformTypeIdentifiers)
public import PhotosUI
public import UIKit
import UniformTypeIdentifiers

/// The gallery on iOS: the photo picker (`openPhotoGalery: true`) or the files picker (PDF and
/// images), presented from `presenter`. Dismissing the picker picks nothing.
@MainActor
public final class GalleryFileProvider: NSObject, FortfaceFileProvider, PHPickerViewControllerDelegate,
    UIDocumentPickerDelegate
{
    private weak var presenter: UIViewController?
    private var continuation: CheckedContinuation<FortfacePickedFile, Never>?

    /// A provider presenting its pickers from `presenter`.
    public init(presenter: UIViewController) {
        self.presenter = presenter
    }

    public nonisolated func pickFile(photoGallery: Bool) async -> FortfacePickedFile {
        await withCheckedContinuation { continuation in
            Task { @MainActor in self.present(photoGallery: photoGallery, continuation: continuation) }
        }
    }

    private func present(photoGallery: Bool, continuation: CheckedContinuation<FortfacePickedFile, Never>) {
        guard let presenter else { return continuation.resume(returning: .nothing) }
        self.continuation = continuation
        if photoGallery {
            var configuration = PHPickerConfiguration()
            configuration.filter = .images
            configuration.selectionLimit = 1
            let picker = PHPickerViewController(configuration: configuration)
            picker.delegate = self
            presenter.present(picker, animated: true)
        } else {
            let picker = UIDocumentPickerViewController(forOpeningContentTypes: [.pdf, .jpeg, .png], asCopy: true)
            picker.delegate = self
            presenter.present(picker, animated: true)
        }
    }

    private func finish(_ file: FortfacePickedFile) {
        continuation?.resume(returning: file)
        continuation = nil
    }

    public nonisolated func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
        Task { @MainActor in
            picker.dismiss(animated: true)
            guard let provider = results.first?.itemProvider else { return self.finish(.nothing) }
            provider.loadDataRepresentation(forTypeIdentifier: UTType.image.identifier) { data, _ in
                Task { @MainActor in self.finish(data.map { .bytes($0) } ?? .nothing) }
            }
        }
    }

    public nonisolated func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL])
    {
        Task { @MainActor in self.finish(urls.first.map { .file($0) } ?? .nothing) }
    }

    public nonisolated func documentPickerWasCancelled(_ controller: UIDocumentPickerViewController) {
        Task { @MainActor in self.finish(.nothing) }
    }
}
#endif

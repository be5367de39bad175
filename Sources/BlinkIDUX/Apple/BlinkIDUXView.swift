#if canImport(SwiftUI) && canImport(AVFoundation) && canImport(UIKit)
public import SwiftUI

/// The scanning screen: camera preview, reticle with its instruction, and the cancel, torch and help
/// buttons. All decisions come from ``BlinkIDUXModel``.
public struct BlinkIDUXView: View {
    @ObservedObject private var viewModel: BlinkIDUXModel
    @ObservedObject private var camera: Camera

    public init(viewModel: BlinkIDUXModel) {
        self.viewModel = viewModel
        self.camera = viewModel.camera
    }

    public var body: some View {
        ZStack {
            CameraView(camera: viewModel.camera)
                .ignoresSafeArea()
                .task {
                    await viewModel.camera.start()
                    await viewModel.analyze()
                }
                .onDisappear {
                    viewModel.stopEventHandling()
                    Task { await viewModel.camera.stop() }
                }
            VStack {
                HStack {
                    Button {
                        Task { await viewModel.closeButtonTapped() }
                    } label: {
                        Image(systemName: "xmark").accessibilityHidden(true)
                    }
                    .accessibilityLabel(UXTextKey.cancelButton.localized)
                    Spacer()
                    Button {
                        Task { await viewModel.torchButtonTapped() }
                    } label: {
                        Image(systemName: camera.isTorchOn ? "flashlight.on.fill" : "flashlight.off.fill")
                            .accessibilityHidden(true)
                    }
                    .accessibilityLabel(UXTextKey.torchButton.localized)
                    .accessibilityHint(UXTextKey.torchHint(isTorchOn: camera.isTorchOn).localized)
                }
                .padding()
                Spacer()
                reticle
                Spacer()
                Button {
                    viewModel.showHelp = true
                } label: {
                    Image(systemName: "questionmark.circle").accessibilityHidden(true)
                }
                .accessibilityLabel(UXTextKey.helpButton.localized)
                .padding()
            }
            .foregroundStyle(.white)
        }
        .dynamicTypeSize(...DynamicTypeSize.accessibility2)
        .sheet(isPresented: $viewModel.showHelp) {
            VStack(spacing: 12) {
                Text(UXTextKey.helpTitle.localized).font(.title2).accessibilityAddTraits(.isHeader)
                Text(UXTextKey.helpMessage.localized)
            }
            .padding()
        }
        .alert(UXTextKey.timeoutAlertTitle.localized, isPresented: $viewModel.showScanningAlert) {
            Button(UXTextKey.retryButton.localized) { Task { try? await viewModel.retryTapped() } }
            Button(UXTextKey.cancelButton.localized, role: .cancel) { Task { await viewModel.closeButtonTapped() } }
        } message: {
            Text(UXTextKey.timeoutAlertMessage.localized)
        }
    }

    private var reticle: some View {
        VStack(spacing: 16) {
            RoundedRectangle(cornerRadius: 16)
                .stroke(reticleColor, lineWidth: 4)
                .aspectRatio(1.586, contentMode: .fit)  // ID-1 card proportions
                .rotation3DEffect(.degrees(viewModel.reticleState == .flip ? 180 : 0), axis: (x: 0, y: 1, z: 0))
                .animation(.easeInOut(duration: 0.6), value: viewModel.reticleState)
                .padding(.horizontal, 32)
                .accessibilityHidden(true)
            Text(viewModel.instructionText)
                .font(.headline)
                .padding(.horizontal, 16)
                .padding(.vertical, 8)
                .background(.black.opacity(0.6), in: Capsule())
                .accessibilityAddTraits(.updatesFrequently)
        }
    }

    private var reticleColor: Color {
        switch viewModel.reticleState {
        case .success: return .green
        case .error: return .orange
        case .front, .back, .barcode, .flip: return .white
        }
    }
}
#endif

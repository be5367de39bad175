import Foundation
import Testing

@testable import Fortface

// The guide's Engine, copied as written; only the bodies of the private handlers record what
// they receive, and the orientation manager uses the Linux mask types (the guide's body is UIKit).

@MainActor
final class GuideLog {
    static var events: [String] = []
}

class FortfaceOrientationManager: IFortfaceOrientationManager {
    private func lockOrientation(_ orientation: FortfaceOrientationMask) {
        GuideLog.events.append("orientation \(orientation.rawValue)")
    }

    func lockOrientation(_ orientation: FortfaceOrientationMask, andRotateTo rotateOrientation: FortfaceOrientation) {
        self.lockOrientation(orientation)
    }
}

class Engine: IFortfaceEngine {
    init(
        sessionId: String, sessionKey: String, previousDoc: DocumentTypeEnum, documentList: [DocumentTypeEnum],
        openPhotoGalery: Bool
    ) {
        // For document capture
        FortfaceManagerSession.startDocSessionEngine(
            engine: self,
            sessionId: sessionId,
            sessionKey: sessionKey,
            documentTypes: documentList,
            previousDocType: previousDoc,
            orientationManager: FortfaceOrientationManager()
        )
        // For document upload
        FortfaceManagerSession.startUploadDocSessionEngine(
            engine: self,
            sessionId: sessionId,
            sessionKey: sessionKey,
            documentTypes: documentList,
            openPhotoGalery: openPhotoGalery,
            previousDocType: previousDoc
        )
    }

    func finishedSessionEngine(sessionEngineResult: SessionEngineResult) {
        switch sessionEngineResult {
        case .capture:
            captured(data: sessionEngineResult.data ?? Data())
        case .cancel:
            canceled()
        case .timeout:
            timeout()
        case .deniedCamera:
            cameraNotAuthorized()
        case .error:
            handleErrorAction(sessionDetails: sessionEngineResult.sessionDetails ?? Data())
        default: return
        }
    }

    private func captured(data: Data) {
        let sdkData = try? JSONSerialization.jsonObject(with: data, options: []) as? [String: String]
        // Here the flow ends and these are the data to be sent to the Fortface API
        GuideLog.events.append("captured \((sdkData ?? [:]).keys.sorted().joined(separator: ","))")
    }

    private func canceled() {
        GuideLog.events.append("canceled")
    }

    private func timeout() {
        GuideLog.events.append("timeout")
    }

    private func cameraNotAuthorized() {
        GuideLog.events.append("cameraNotAuthorized")
    }

    private func handleErrorAction(sessionDetails: Data) {
        GuideLog.events.append("error \(String(decoding: sessionDetails, as: UTF8.self))")
    }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct GuideEngineExampleTests {
    @Test func theGuidesEngineRunsOnLinuxWithTheLinuxProviders() async throws {
        // Given the Linux providers: a folder-of-stills camera and a file provider picking a sample
        var configuration = FortfaceSessionConfiguration(
            camera: try FrameSourceCamera(path: FortfaceFixtures.repositoryFile("samples/documents/td3.jpg").path),
            files: LocalFileProvider(path: FortfaceFixtures.repositoryFile("samples/documents/td1Back.jpg").path))
        configuration.judge = IndexJudge(capturableFrom: 0)
        FortfaceManagerSession.configure(configuration)
        GuideLog.events = []
        // When the guide's Engine is created, with the guide's mock session id and a real session key
        _ = Engine(
            sessionId: FortfaceFixtures.sessionId, sessionKey: try FortfaceFixtures.sessionKeyPEM(),
            previousDoc: .UNDEFINED, documentList: [.RG_FRONT, .CNH_FRONT, .PASSPORT], openPhotoGalery: true)
        // Then both sessions end in a capture with {key, data, imgData}, and orientation was locked and released
        while GuideLog.events.filter({ $0.hasPrefix("captured") }).count < 2 { await Task.yield() }
        #expect(GuideLog.events.filter { $0 == "captured data,imgData,key" }.count == 2)
        #expect(GuideLog.events.first == "orientation \(FortfaceOrientationMask.portrait.rawValue)")
        #expect(GuideLog.events.contains("orientation \(FortfaceOrientationMask.all.rawValue)"))
    }

    @Test func theGuidesSwitchMatchesOnTheActionWhateverThePayload() {
        let result = SessionEngineResult(action: .timeout, data: Data("{}".utf8))
        var matched = ""
        switch result {
        case .capture: matched = "capture"
        case .timeout: matched = "timeout"
        default: matched = "default"
        }
        #expect(matched == "timeout")
    }
}

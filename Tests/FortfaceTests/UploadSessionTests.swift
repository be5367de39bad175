import CaptureCore
import CaptureKitTesting
import FortfaceWire
import Foundation
import Testing

@testable import Fortface

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct UploadSessionTests {
    private func upload(_ picked: FortfacePickedFile) async throws -> SessionEngineResult {
        struct Picked: FortfaceFileProvider {
            let file: FortfacePickedFile
            func pickFile(photoGallery: Bool) async -> FortfacePickedFile { file }
        }
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(mode: .upload(photoGallery: false)),
            orientationManager: nil, configuration: FortfaceFixtures.configuration(files: Picked(file: picked)))
        return await handle.result
    }

    private func errorCode(_ picked: FortfacePickedFile) async throws -> SessionDetailsModel.ErrorCode? {
        let result = try await upload(picked)
        guard result.action == .error else { return nil }
        #expect(result.data == nil)
        return try FortfaceFixtures.details(result).error
    }

    @Test func aFileOfExactly4194304BytesIsAcceptedAndSealed() async throws {
        let folder = try TemporaryFolder()
        let file = folder.child("exact.pdf")
        let pdf = FortfaceFixtures.pdf(size: 4_194_304)
        #expect(pdf.count == 4_194_304)
        try pdf.write(to: file)
        let result = try await upload(.file(file))
        #expect(result.action == .capture)
        let opened = try FortfaceFixtures.open(result)
        #expect(opened.image == pdf)
        #expect(opened.metadata.imgBytes == 4_194_304)
        #expect(opened.metadata.mime == "application/pdf")
        #expect(opened.metadata.mode == .upload)
    }

    @Test func aFileOf4194305BytesIsFileSizeTooBig() async throws {
        let folder = try TemporaryFolder()
        let file = folder.child("over.pdf")
        let pdf = FortfaceFixtures.pdf(size: 4_194_305)
        #expect(pdf.count == 4_194_305)
        try pdf.write(to: file)
        #expect(try await errorCode(.file(file)) == .fileSizeTooBig)
        #expect(try await errorCode(.bytes(pdf)) == .fileSizeTooBig)
    }

    @Test func aMissingFileOrNoChoiceIsDocumentNotFound() async throws {
        let folder = try TemporaryFolder()
        #expect(try await errorCode(.file(folder.child("absent.jpg"))) == .documentNotFound)
        #expect(try await errorCode(.file(folder.url)) == .documentNotFound)
        #expect(try await errorCode(.nothing) == .documentNotFound)
    }

    @Test func aSampleJPEGUploadsWithItsBytesUnchanged() async throws {
        let sample = FortfaceFixtures.repositoryFile("samples/documents/td3.jpg")
        let result = try await upload(.file(sample))
        #expect(result.action == .capture)
        let opened = try FortfaceFixtures.open(result)
        #expect(opened.image == (try Data(contentsOf: sample)))
        #expect(opened.metadata.mime == "image/jpeg")
    }

    @Test(arguments: [
        ("empty", Data()),
        ("wrong magic", Data("hello, this is not an image at all".utf8)),
        ("JPEG header only", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])),
        ("PNG signature only", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])),
        ("PDF header only", Data("%PDF-1.4\n".utf8)),
    ])
    func corruptContentIsFileCorrupted(name: String, bytes: Data) async throws {
        let folder = try TemporaryFolder()
        let file = folder.child("bad")
        try bytes.write(to: file)
        #expect(try await errorCode(.file(file)) == .fileCorrupted, "\(name)")
    }

    @Test func aTruncatedJPEGOrPNGIsFileCorrupted() async throws {
        let jpeg = try Data(contentsOf: FortfaceFixtures.repositoryFile("samples/documents/td3.jpg"))
        #expect(try await errorCode(.bytes(jpeg.prefix(jpeg.count / 2))) == .fileCorrupted)
        let png = try ImageCodec.encodePNG(RGBAImage(width: 200, height: 100, fill: RGBA(r: 200, g: 10, b: 10)))
        #expect(try await errorCode(.bytes(png)) == nil)
        #expect(try await errorCode(.bytes(png.prefix(png.count - 20))) == .fileCorrupted)
    }

    @Test func aTruncatedPDFIsFileCorrupted() async throws {
        let pdf = FortfaceFixtures.pdf()
        #expect(try await errorCode(.bytes(pdf)) == nil)
        #expect(try await errorCode(.bytes(pdf.prefix(pdf.count - 40))) == .fileCorrupted)
    }
}

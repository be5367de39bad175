import CaptureKitTesting
import Foundation
import Testing

@testable import CaptureCore

@Suite(.timeLimit(.minutes(1)))
struct FrameSourceTests {
    /// Deleted when the test's suite instance goes away.
    let folder: TemporaryFolder
    var dir: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder(prefix: "capkit-frames")
    }

    /// Encodes `count` gray frames whose brightness encodes their index into an MP4 with ffmpeg.
    func makeVideo(count: Int, width: Int = 64, height: Int = 48) throws -> URL {
        let url = dir.appendingPathComponent("clip.mp4")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        p.arguments = [
            "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(width)x\(height)",
            "-r", "10", "-i", "-", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p", url.path,
        ]
        let input = Pipe()
        p.standardInput = input
        try p.run()
        for i in 0..<count {
            input.fileHandleForWriting.write(Data(repeating: UInt8(20 + i * 20), count: width * height))
        }
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        return url
    }

    @Test func videoFramesComeBackInOrder() async throws {
        let url = try makeVideo(count: 5)
        var levels: [Int] = []
        for try await frame in FFmpegVideoSource(input: url.path).frames() {
            #expect(frame.image.width == 64 && frame.image.height == 48)
            levels.append(Int(frame.image.grayscale()[32, 24]))
        }
        #expect(levels.count == 5)
        for (i, level) in levels.enumerated() { #expect(abs(level - (20 + i * 20)) <= 3) }
    }

    @Test func maxFramesAndScalingAreHonoured() async throws {
        let url = try makeVideo(count: 5)
        var n = 0
        for try await frame in FFmpegVideoSource(input: url.path, size: (32, 24), maxFrames: 2).frames() {
            #expect(frame.image.width == 32 && frame.image.height == 24)
            n += 1
        }
        #expect(n == 2)
    }

    @Test func aMissingVideoIsNotFound() async {
        await #expect(throws: FrameSourceError.notFound("/nonexistent/clip.mp4")) {
            for try await _ in FFmpegVideoSource(input: "/nonexistent/clip.mp4").frames() {}
        }
    }

    @Test func aCorruptVideoFailsToDecode() async throws {
        let url = dir.appendingPathComponent("broken.mp4")
        try Data("definitely not a video".utf8).write(to: url)
        await #expect {
            for try await _ in FFmpegVideoSource(input: url.path).frames() {}
        } throws: { error in
            if case .decodingFailed = error as? FrameSourceError { return true }
            return false
        }
    }

    @Test func aFolderExpandsToItsImagesAndABadFileDoesNotStopTheOthers() async throws {
        try ImageCodec.encodePNG(RGBAImage(width: 4, height: 4)).write(to: dir.appendingPathComponent("a.png"))
        try Data().write(to: dir.appendingPathComponent("b.jpg"))
        try ImageCodec.encodeJPEG(RGBAImage(width: 8, height: 8)).write(to: dir.appendingPathComponent("c.jpg"))
        try Data("x".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let source = try ImageFilesSource(paths: [dir.path])
        #expect(source.files.map(\.lastPathComponent) == ["a.png", "b.jpg", "c.jpg"])
        var frames = 0, failures: [ImageError] = []
        for await item in source.items() {
            switch item {
            case .frame: frames += 1
            case let .failure(_, e): failures.append(e)
            }
        }
        #expect(frames == 2 && failures == [.empty])
    }
}

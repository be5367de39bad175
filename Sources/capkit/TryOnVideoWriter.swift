import CaptureCore
import FBxSDK
import Foundation

/// Encodes rendered frames into an MP4 (H.264) of the frames' size through the `ffmpeg` program,
/// fed raw RGBA on its standard input. Writing blocks while ffmpeg is busy (back-pressure: no frame
/// is dropped).
final class TryOnVideoWriter: Sendable {
    private struct State {
        var process: Process?
        var input: FileHandle?
        var size: (width: Int, height: Int)?
        var frames = 0
        var failure: String?
    }

    let output: URL
    let framesPerSecond: Double
    private let state = Locked(State())

    init(output: URL, framesPerSecond: Double) {
        self.output = output
        self.framesPerSecond = framesPerSecond
    }

    /// Appends one frame (starts ffmpeg on the first one). Frames of another size are refused.
    func write(_ frame: FBxRenderedFrame) {
        state.withLock { state in
            guard state.failure == nil else { return }
            if state.process == nil {
                guard frame.width % 2 == 0, frame.height % 2 == 0 else {
                    state.failure = "H.264 needs an even width and height; the input is \(frame.width)x\(frame.height)"
                    return
                }
                do {
                    try start(width: frame.width, height: frame.height, into: &state)
                } catch {
                    state.failure = "ffmpeg cannot start: \(error)"
                    return
                }
            }
            guard let size = state.size, size == (frame.width, frame.height), let input = state.input else {
                state.failure = "the frame size changed during the video"
                return
            }
            do {
                try input.write(contentsOf: frame.rgbaPixels)
                state.frames += 1
            } catch {
                state.failure = "ffmpeg stopped reading (see its message above)"
            }
        }
    }

    /// Closes ffmpeg's input and waits for it to finish the file.
    /// - Returns: the number of frames written.
    func finish() async throws -> Int {
        let (process, input, frames, failure) = state.withLock { state in
            defer { state.input = nil }
            return (state.process, state.input, state.frames, state.failure)
        }
        try? input?.close()
        if let process {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumed = Locked(false)
                let resumeOnce: @Sendable () -> Void = {
                    if resumed.withLock({ done in
                        defer { done = true }; return !done
                    }) {
                        continuation.resume()
                    }
                }
                process.terminationHandler = { _ in resumeOnce() }
                if !process.isRunning { resumeOnce() }
            }
            if process.terminationStatus != 0, failure == nil {
                throw CommandFailure("\(output.path): ffmpeg failed (status \(process.terminationStatus))")
            }
        }
        if let failure { throw CommandFailure("\(output.path): \(failure)") }
        return frames
    }

    private func start(width: Int, height: Int, into state: inout State) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
            "-s", "\(width)x\(height)", "-r", String(format: "%.3f", framesPerSecond), "-i", "-",
            "-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", output.path,
        ]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        state.process = process
        state.input = pipe.fileHandleForWriting
        state.size = (width, height)
    }
}

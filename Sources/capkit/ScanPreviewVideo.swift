import BlinkID
import BlinkIDUX
import CaptureCore
import DocumentSynthesis
import Foundation

/// `capkit scan VIDEO --preview out.mp4`: every analysed frame drawn with the document's
/// quadrilateral, the reticle in its current state and the instruction text, encoded by `ffmpeg`
/// (raw RGBA frames piped to its standard input, H.264 in the output container).
///
/// The reticle follows the same `ReticleStateMachine` an app's `BlinkIDUXModel` drives, fed with the
/// analyzer's event batches on the video's own clock; texts are the English entries of the
/// BlinkIDUX catalogue, drawn with Cairo (DejaVu Sans) so any language's characters render.
final class ScanPreviewVideo {
    private let process: Process
    private let pipe: FileHandle
    let width: Int
    let height: Int
    private let catalogue: UXTextCatalogue?
    private var reticle = ReticleStateMachine()

    /// Starts `ffmpeg` writing `path` from `width` x `height` frames at `fps`.
    init(path: String, width: Int, height: Int, fps: Double) throws {
        guard width > 0, height > 0 else { throw CommandFailure("Empty video frames.") }
        self.width = width
        self.height = height
        catalogue = UXTextCatalogue(language: "en")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // H.264 with 4:2:0 chroma needs even sides: pad by one pixel where needed.
        process.arguments = [
            "ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
            "-r", String(format: "%.3f", fps), "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path,
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure("Cannot start ffmpeg to write \(path): \(error.localizedDescription)")
        }
        pipe = input.fileHandleForWriting
    }

    /// Draws and writes one frame; `events` is the analyzer's batch for it (nil when it gave none).
    func add(_ frame: RGBAImage, result: ProcessResult?, events: [UIEvent]?, scanned: Bool, at time: Duration) throws {
        guard frame.width == width, frame.height == height else {
            throw CommandFailure("The video changed size mid-stream (\(frame.width)x\(frame.height)).")
        }
        if scanned {
            _ = reticle.documentScanned(at: time)
        } else if let events {
            _ = reticle.eventsReceived(events, at: time)
        }
        var image = frame
        if let location = result?.inputImageAnalysisResult.documentLocation?.location {
            let quad = Quadrilateral2D(
                upperLeft: Point2D(x: Double(location.upperLeft.x), y: Double(location.upperLeft.y)),
                upperRight: Point2D(x: Double(location.upperRight.x), y: Double(location.upperRight.y)),
                lowerRight: Point2D(x: Double(location.lowerRight.x), y: Double(location.lowerRight.y)),
                lowerLeft: Point2D(x: Double(location.lowerLeft.x), y: Double(location.lowerLeft.y)))
            let good = result?.inputImageAnalysisResult.documentDetectionStatus == .success
            image.drawQuadrilateral(
                quad,
                colour: good
                    ? RGBA(r: 0, g: 220, b: 60, a: 230)
                    : RGBA(r: 255, g: 150, b: 0, a: 230), thickness: 3)
        }
        drawOverlay(on: &image)
        do {
            try pipe.write(contentsOf: image.pixels)
        } catch {
            throw CommandFailure("ffmpeg stopped accepting frames (\(error.localizedDescription)).")
        }
    }

    /// Closes ffmpeg's input and waits for it to finish the file.
    func finish() throws {
        try? pipe.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure("ffmpeg failed writing the preview (exit status \(process.terminationStatus)).")
        }
    }

    /// The reticle (a ring at the centre, its colour by state) and the instruction on a dark band.
    private func drawOverlay(on image: inout RGBAImage) {
        let state = reticle.state
        let colour: RGBA
        switch state {
        case .front, .back, .barcode: colour = RGBA(r: 255, g: 255, b: 255, a: 230)
        case .error: colour = RGBA(r: 255, g: 70, b: 60, a: 235)
        case .flip: colour = RGBA(r: 255, g: 210, b: 0, a: 235)
        case .success: colour = RGBA(r: 0, g: 220, b: 90, a: 235)
        }
        let text = catalogue?.text(state.instruction) ?? state.instruction.rawValue
        let size = max(14, Double(height) / 24)
        let bandHeight = Int(size * 2)
        let canvas = CairoCanvas(width: width, height: bandHeight, background: RGBA(r: 0, g: 0, b: 0, a: 0))
        canvas.fillRect(
            x: 0, y: 0, width: Double(width), height: Double(bandHeight),
            colour: RGBA(r: 0, g: 0, b: 0, a: 150))
        let textWidth = canvas.textWidth(text, family: DocumentRenderer.textFontFamily, size: size)
        canvas.drawText(
            text, x: max(4, (Double(width) - textWidth) / 2), y: size * 1.35,
            family: DocumentRenderer.textFontFamily, size: size, colour: colour)
        let band = canvas.image()
        let top = height - bandHeight
        for y in 0..<min(bandHeight, height) {
            for x in 0..<width {
                let p = band[x, y]
                if p.a > 0 { image.blend(x: x, y: top + y, colour: p) }
            }
        }
        // The reticle: a ring of 32 segments.
        let radius = Double(min(width, height)) * 0.07
        let centre = Point2D(x: Double(width) / 2, y: Double(height) / 2)
        let points = (0...32).map { k -> Point2D in
            let angle = Double(k) / 32 * 2 * Double.pi
            return Point2D(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
        for (a, b) in zip(points, points.dropFirst()) {
            image.drawLine(from: a, to: b, colour: colour, thickness: max(2, radius / 12))
        }
    }
}

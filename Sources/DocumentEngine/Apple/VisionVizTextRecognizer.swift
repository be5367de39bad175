#if canImport(Vision) && canImport(CoreGraphics)
package import CaptureCore
import CoreGraphics
import Foundation
import Vision

/// The visual zone's ``VizTextRecognizer`` on Apple platforms: Vision's accurate text recogniser on
/// one line image. The reader's line finding, caption stripping and checks are the same as on Linux.
/// Vision cannot restrict its output to a character set: `characters` is left to the reader's checks.
package struct VisionVizTextRecognizer: VizTextRecognizer {
    package init() {}

    package func readLine(
        _ image: GrayImage, languages: [String], characters: String?
    ) throws(VizRecognitionError) -> VizRecognizedText {
        guard let cgImage = Self.cgImage(image) else { throw .failed("the line image could not be converted") }
        let request = VNRecognizeTextRequest()
        request.recognitionLevel = .accurate
        request.usesLanguageCorrection = false
        request.recognitionLanguages = languages.compactMap { Self.visionLanguages[$0] }
        do {
            try VNImageRequestHandler(cgImage: cgImage, options: [:]).perform([request])
        } catch {
            throw .failed(error.localizedDescription)
        }
        let candidates = (request.results ?? []).compactMap { $0.topCandidates(1).first }
        guard !candidates.isEmpty else { return VizRecognizedText(text: "", confidence: 0) }
        let text = candidates.map(\.string).joined(separator: " ")
        let confidence = candidates.map { Double($0.confidence) }.min() ?? 0
        let words = candidates.flatMap { Self.words(of: $0, width: image.width, height: image.height) }
        return VizRecognizedText(text: text, confidence: confidence, words: words)
    }

    /// The words of one recognised string, each with its box in the line image's pixels (Vision's
    /// boxes are normalised, with the origin at the lower left) and the string's confidence.
    private static func words(of candidate: VNRecognizedText, width: Int, height: Int) -> [VizRecognizedWord] {
        let string = candidate.string
        var words: [VizRecognizedWord] = []
        var index = string.startIndex
        while index < string.endIndex {
            guard let start = string[index...].firstIndex(where: { !$0.isWhitespace }) else { break }
            let end = string[start...].firstIndex(where: \.isWhitespace) ?? string.endIndex
            index = end
            guard let box = (try? candidate.boundingBox(for: start..<end))?.boundingBox else { continue }
            let x = Int((box.minX * CGFloat(width)).rounded())
            let y = Int(((1 - box.maxY) * CGFloat(height)).rounded())
            words.append(
                VizRecognizedWord(
                    text: String(string[start..<end]), confidence: Double(candidate.confidence),
                    box: PixelRect(
                        x: x, y: y, width: Int((box.width * CGFloat(width)).rounded()),
                        height: Int((box.height * CGFloat(height)).rounded()))))
        }
        return words
    }

    private static let visionLanguages = [
        "eng": "en-US", "fra": "fr-FR", "deu": "de-DE", "spa": "es-ES", "por": "pt-BR", "ita": "it-IT",
    ]

    private static func cgImage(_ image: GrayImage) -> CGImage? {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height,
            let provider = CGDataProvider(data: Data(image.pixels) as CFData)
        else { return nil }
        return CGImage(
            width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: image.width,
            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
            provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}
#endif

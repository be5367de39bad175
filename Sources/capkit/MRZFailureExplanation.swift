import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// Where the MRZ of one generated frame was lost (`capkit eval --explain`): the stage of the
/// engine that failed, judged against the frame's truth, and a short detail line.
struct MRZFailureExplanation {
    /// The stage that lost the MRZ, coarse enough to count over a tier.
    enum Stage: String, CaseIterable {
        /// No search pass found a group of MRZ-like text lines.
        case zoneNotFound = "zone not found"
        /// A zone was found and rectified, but its band's text lines did not form a layout.
        case linesNotFormed = "zone found, lines not formed"
        /// A reading was made with other line counts or lengths than the truth's.
        case wrongLayout = "lines cut or merged"
        /// A line was read with its cells shifted against the truth (a glyph lost or doubled).
        case segmentation = "cells shifted"
        /// The recogniser's best characters were wrong where the resolver kept them.
        case recognition = "recognition"
        /// The recogniser's best characters were right where the resolver changed them.
        case resolver = "resolver changed right characters"
        /// The reading is exact but not reported verified.
        case verificationRefused = "exact, not verified"
    }

    var stage: Stage
    var detail: String

    /// Explains why `analysis` did not report `truth` (the true MRZ lines) as an exact, verified
    /// reading; nil when it did. `image` is the frame the analysis read.
    static func explain(
        _ analysis: FrameAnalysis, truth: [String], image: GrayImage, pitchPixels: Double?
    ) -> MRZFailureExplanation? {
        let pitch = pitchPixels.map { String(format: "pitch %.1f px", $0) } ?? "pitch ?"
        guard let reading = analysis.mrzReading else {
            let bands = DocumentScanner.zoneBands(in: image)
            if bands.isEmpty { return .init(stage: .zoneNotFound, detail: pitch) }
            let lineCells = bands.map { band in
                MRZZoneReader.lineFinder.lines(in: band.image).map(\.cellCount)
            }
            return .init(stage: .linesNotFormed, detail: "\(pitch); band lines (cells): \(lineCells)")
        }
        let reported = analysis.mrz?.correctedLines ?? reading.lines
        if reported == truth {
            return analysis.mrzVerified
                ? nil
                : .init(
                    stage: .verificationRefused,
                    detail: String(format: "%@; lowest confidence %.2f", pitch, reading.minimumConfidence))
        }
        guard reported.count == truth.count, zip(reported, truth).allSatisfy({ $0.count == $1.count }) else {
            return .init(
                stage: .wrongLayout,
                detail: "\(pitch); read \(reading.lines.map(\.count)) lines of cells, truth \(truth.map(\.count))")
        }
        let raw = reading.lines.count == truth.count ? reading.lines : reported
        // A shifted line: the raw reading agrees with the truth much better one or two cells over.
        for (i, (line, trueLine)) in zip(raw, truth).enumerated() {
            let direct = mismatches(line, trueLine, shift: 0)
            guard direct >= 4 else { continue }
            for shift in [-2, -1, 1, 2] where mismatches(line, trueLine, shift: shift) * 2 < direct {
                return .init(
                    stage: .segmentation,
                    detail: "\(pitch); line \(i + 1) shifted \(shift) cells (\(direct) characters wrong unshifted)")
            }
        }
        var wrong: [String] = []
        var changedRight = 0
        for (i, (line, trueLine)) in zip(reported, truth).enumerated() {
            let r = Array(line), t = Array(trueLine), rawLine = Array(raw[i])
            for k in 0..<t.count where r[k] != t[k] {
                let cell =
                    i < reading.candidates.count && k < reading.candidates[i].count ? reading.candidates[i][k] : []
                let rank = cell.firstIndex { $0.character == t[k] }.map { "\($0 + 1)" } ?? "-"
                let p = cell.first?.probability ?? 0
                if k < rawLine.count, rawLine[k] == t[k] { changedRight += 1 }
                wrong.append(String(format: "%d:%d %@>%@ p%.2f rank %@", i + 1, k, String(t[k]), String(r[k]), p, rank))
            }
        }
        let stage: Stage = changedRight * 2 > wrong.count ? .resolver : .recognition
        return .init(
            stage: stage,
            detail: "\(pitch); \(wrong.count) wrong (line:cell truth>read, top probability, truth's rank): "
                + wrong.prefix(8).joined(separator: ", ") + (analysis.mrz == nil ? "; does not parse" : ""))
    }

    /// Characters of `line` that differ from `truth` when `line` is moved `shift` cells right
    /// (positions outside either line count as different).
    static func mismatches(_ line: String, _ truth: String, shift: Int) -> Int {
        let l = Array(line), t = Array(truth)
        var count = 0
        for k in 0..<t.count {
            let j = k - shift
            if j < 0 || j >= l.count || l[j] != t[k] { count += 1 }
        }
        return count
    }

    /// The true MRZ character pitch in frame pixels: the generator's own figure when it gives one,
    /// else the document's width in the frame over the layout's width, times the OCR-B pitch.
    static func truePitch(_ truth: SceneTruth) -> Double? {
        if let pitch = truth.degradations?.mrzPitchPixels { return pitch }
        let c = truth.corners.corners
        guard c.count == 4 else { return nil }
        let width = (c[0].distance(to: c[1]) + c[3].distance(to: c[2])) / 2
        return width / DocumentLayout.of(truth.kind).width * DocumentLayout.mrzPitch
    }
}

import CaptureCore
package import DocumentEngine
import Foundation

/// Prints the visual inspection zone of a side whose design is a ``VizLayout``: in each field's cell
/// a bilingual caption (the layout's first language and one other it lists, `Surname / Nom`) and
/// below it the value (or, for ``VizLayout/CaptionPlacement/inline`` layouts, the field number and
/// caption before the value on its line, `4d DLN 123456789`), in a non-OCR-B family, with the dates in one of the printed formats
/// (``DateStyle``), and keeps what it printed per field as the truth.
package struct VizFieldPrinter {
    /// How a document prints its dates.
    package enum DateStyle: CaseIterable, Sendable {
        /// `12 AUG 1974`.
        case dayMonthNameYear
        /// `12.08.1974`.
        case dotted
        /// `12 AUG/AOÛT 74` (English and the caption's second language).
        case bilingualShortYear
        /// `1974-08-12`.
        case iso
        /// `08/12/1974` (United States).
        case us
        /// `12 08 1974` (cards that space the numbers; tuning wide styles only).
        case spaced

        /// `date` printed in this style; `second` names the other caption language.
        package func format(_ date: SyntheticIdentity.CalendarDate, second: String) -> String {
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let month = max(1, min(12, date.month)) - 1
            switch self {
            case .dayMonthNameYear: return "\(two(date.day)) \(Self.english[month]) \(date.year)"
            case .dotted: return "\(two(date.day)).\(two(date.month)).\(date.year)"
            case .bilingualShortYear:
                let other = (Self.others[second] ?? Self.others["fra"]!)[month]
                let names = other == Self.english[month] ? other : Self.english[month] + "/" + other
                return "\(two(date.day)) \(names) \(two(date.year % 100))"
            case .iso: return "\(date.year)-\(two(date.month))-\(two(date.day))"
            case .us: return "\(two(date.month))/\(two(date.day))/\(date.year)"
            case .spaced: return "\(two(date.day)) \(two(date.month)) \(date.year)"
            }
        }

        private static let english = [
            "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
        ]
        private static let others: [String: [String]] = [
            "fra": ["JANV", "FÉVR", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"],
            "deu": ["JAN", "FEB", "MÄR", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"],
            "spa": ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"],
        ]
    }

    /// What was printed: the text per field, and the dates behind the date fields.
    package struct Truth: Sendable, Equatable {
        /// The layout printed (``VizLayout/id``).
        package var layoutID: String
        /// The value text as printed, per field.
        package var values: [VizField: String]
        /// The calendar date behind each date field.
        package var dates: [VizField: SyntheticIdentity.CalendarDate]
    }

    let canvas: CairoCanvas
    let scale: Double
    let style: VizPrintStyle
    let ink: RGBA
    let labelColour: RGBA
    /// The value print: the ink at the style's opacity.
    var valueInk: RGBA {
        var colour = ink
        colour.a = UInt8(clamping: Int((Double(ink.a) * style.valueOpacity).rounded()))
        return colour
    }

    /// A printer on `canvas` at `scale` pixels per millimetre; `ink` and `labelColour` are the
    /// palette's, used where `style` keeps them.
    init(canvas: CairoCanvas, scale: Double, style: VizPrintStyle, ink: RGBA, labelColour: RGBA) {
        self.canvas = canvas
        self.scale = scale
        self.style = style
        self.ink = style.ink ?? ink
        self.labelColour = style.captionColour ?? labelColour
    }

    /// Prints `values` (text per field) and `dates` (formatted in `style`) in `layout`'s cells.
    func print(
        layout: VizLayout, values: [VizField: String], dates: [VizField: SyntheticIdentity.CalendarDate],
        style dateStyle: DateStyle, using random: inout SeededGenerator
    ) -> Truth {
        let main = layout.languages.first ?? "eng"
        let others = layout.languages.dropFirst().isEmpty ? ["fra", "deu", "spa"] : Array(layout.languages.dropFirst())
        let second = random.pick(others)
        var printed: [VizField: String] = [:]
        var printedDates: [VizField: SyntheticIdentity.CalendarDate] = [:]
        let labelSize = style.captionSize, valueSize = style.valueSize
        drawUnderprint(layout: layout)
        for (number, cell) in layout.fields.enumerated() {
            let value: String
            if let date = dates[cell.field] {
                let format = dateStyle == .dotted && style.spacedDates ? DateStyle.spaced : dateStyle
                value = format.format(date, second: second)
                printedDates[cell.field] = date
            } else if let text = values[cell.field], !text.isEmpty {
                value = text
            } else {
                continue
            }
            let offset = style.offset(of: cell.field)
            let x0 = cell.zone.x + offset.x, y0 = cell.zone.y + offset.y
            // A value of several lines (an address) is printed line under line and read back joined by ", ".
            let valueLines = value.split(separator: "\n").map(String.init).prefix(cell.maximumLines)
            printed[cell.field] = valueLines.joined(separator: ", ")
            if layout.captionPlacement == .inline {
                // AAMVA: the field number and the English caption, small, then the value on the same baseline.
                let number = cell.captions["label"]?.first, word = cell.captions[main]?.first
                let parts: [String?]
                switch style.inlineCaption {
                case .numberAndCaption: parts = [number, word]
                case .numberOnly: parts = [number ?? word]
                case .captionOnly: parts = [word ?? number]
                }
                let caption = parts.compactMap { $0 }.joined(separator: " ")
                let baseline = y0 + valueSize * 1.1
                let captionWidth = text(
                    caption, x: x0, baseline: baseline, size: labelSize, colour: labelColour, bold: false,
                    maxWidth: cell.zone.width / 2, isValue: false)
                let valueX = x0 + captionWidth + 0.8
                for (index, line) in valueLines.enumerated() {
                    text(
                        line, x: valueX, baseline: baseline + Double(index) * valueSize * 1.2, size: valueSize,
                        colour: valueInk, bold: style.bold, maxWidth: cell.zone.x + cell.zone.width - valueX - 0.3,
                        isValue: true)
                }
                continue
            }
            let caption = captionText(cell, number: number + 1, main: main, second: second)
            let top = y0
            text(
                caption, x: x0, baseline: top + labelSize * 1.05, size: labelSize, colour: labelColour,
                bold: false, maxWidth: cell.zone.width - 0.5, isValue: false)
            let valueBaseline = top + labelSize * 1.25 + style.captionGap + valueSize * 1.05
            if let tint = style.valueTint {
                canvas.fillRect(
                    x: (x0 - 0.3) * scale, y: (valueBaseline - valueSize * 0.95) * scale,
                    width: (cell.zone.width - 0.4) * scale, height: valueSize * 1.2 * scale, colour: tint)
            }
            text(
                value, x: x0 + style.valueIndent, baseline: valueBaseline, size: valueSize, colour: valueInk,
                bold: style.bold, maxWidth: cell.zone.width - 0.5 - style.valueIndent, isValue: true)
        }
        return Truth(layoutID: layout.id, values: printed, dates: printedDates)
    }

    /// The caption of `cell`: its words in the main language and up to two others the cell lists,
    /// joined by the style's separator, numbered or in capitals as the style says.
    private func captionText(_ cell: VizLayout.FieldZone, number: Int, main: String, second: String) -> String {
        var languages = [main, second]
        if style.captionLanguageCount > 2 {
            languages += ["fra", "deu", "spa", "por", "eng"].filter {
                !languages.contains($0) && cell.captions[$0] != nil
            }
            .prefix(1)
        }
        var words: [String] = []
        for language in languages.prefix(max(1, style.captionLanguageCount)) {
            if let word = cell.captions[language]?.first, !words.contains(word) { words.append(word) }
        }
        var caption = words.joined(separator: style.captionSeparator)
        if style.captionsUpperCase { caption = caption.uppercased() }
        if style.captionsNumbered { caption = "\(number). " + caption }
        return caption
    }

    /// What the style prints under the fields: fine security lines and a ghost portrait.
    private func drawUnderprint(layout: VizLayout) {
        guard let first = layout.fields.first else { return }
        let x0 = layout.fields.map(\.zone.x).min() ?? first.zone.x
        let x1 = layout.fields.map { $0.zone.x + $0.zone.width }.max() ?? first.zone.x
        let y0 = layout.fields.map(\.zone.y).min() ?? first.zone.y
        let y1 = layout.fields.map { $0.zone.y + $0.zone.height }.max() ?? first.zone.y
        if let ghost = style.ghostPortrait {
            let h = ghost.height, w = h * 0.78
            let cx = ghost.centreX, cy = ghost.centreY
            canvas.fillEllipse(
                x: (cx - w * 0.5) * scale, y: (cy + h * 0.15) * scale, width: w * scale, height: h * 0.45 * scale,
                colour: ghost.colour)
            canvas.fillEllipse(
                x: (cx - w * 0.27) * scale, y: (cy - h * 0.45) * scale, width: w * 0.54 * scale,
                height: h * 0.62 * scale, colour: ghost.colour)
        }
        if let lines = style.rainbowGuilloche {
            // Each line its own hue, the spectrum run through across the block.
            let gap = (y1 - y0 + 2) / Double(max(1, lines.count))
            for k in 0...lines.count {
                var points: [Point2D] = []
                var x = x0 - 1
                while x <= x1 + 1 {
                    let y =
                        y0 - 1 + Double(k) * gap + lines.amplitude
                        * sin(2 * Double.pi * x / lines.wavelength + lines.phase + Double(k) * 0.7)
                    points.append(Point2D(x: x * scale, y: y * scale))
                    x += 0.4
                }
                var colour = DocumentPalette.hsl(
                    Double(k) / Double(max(1, lines.count)) * 300 + lines.phase * 57, 0.6, 0.6)
                colour.a = lines.colour.a
                canvas.strokePaths([points], lineWidth: lines.width * scale, colour: colour)
            }
        }
        if let lines = style.securityLines {
            var paths: [[Point2D]] = []
            let gap = (y1 - y0) / Double(max(1, lines.count))
            for k in 0...lines.count {
                var points: [Point2D] = []
                var x = x0 - 1
                while x <= x1 + 1 {
                    let y =
                        y0 + Double(k) * gap + lines.amplitude
                        * sin(2 * Double.pi * x / lines.wavelength + lines.phase + Double(k) * 0.4)
                    points.append(Point2D(x: x * scale, y: y * scale))
                    x += 0.6
                }
                paths.append(points)
            }
            canvas.strokePaths(paths, lineWidth: lines.width * scale, colour: lines.colour)
        }
    }

    /// Draws `string` at (`x`, `baseline`) mm, shrunk to fit `maxWidth` mm, in the style's shape
    /// (a value also in its stroke weight); returns its width in mm.
    @discardableResult
    private func text(
        _ string: String, x: Double, baseline: Double, size: Double, colour: RGBA, bold: Bool, maxWidth: Double,
        isValue: Bool
    ) -> Double {
        guard !string.isEmpty else { return 0 }
        var px = size * scale
        let family = style.family
        let width = canvas.textWidth(string, family: family, size: px, bold: bold) * style.widthScale
        if width > maxWidth * scale, width > 0 { px *= maxWidth * scale / width }
        let weight = isValue ? style.weight * scale : 0
        if style.widthScale == 1, style.shear == 0, weight == 0 {
            canvas.drawText(
                string, x: x * scale, y: baseline * scale, family: family, size: px, colour: colour, bold: bold)
        } else {
            canvas.drawText(
                string, x: x * scale, y: baseline * scale, family: family, size: px, colour: colour, bold: bold,
                widthScale: style.widthScale, shear: style.shear, weight: weight)
        }
        return min(width, maxWidth * scale) / scale
    }
}

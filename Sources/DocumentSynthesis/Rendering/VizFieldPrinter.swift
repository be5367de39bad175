import CaptureCore
package import DocumentEngine

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
    let family: String
    let bold: Bool
    let ink: RGBA
    let labelColour: RGBA

    /// Prints `values` (text per field) and `dates` (formatted in `style`) in `layout`'s cells.
    func print(
        layout: VizLayout, values: [VizField: String], dates: [VizField: SyntheticIdentity.CalendarDate],
        style: DateStyle, using random: inout SeededGenerator
    ) -> Truth {
        let main = layout.languages.first ?? "eng"
        let others = layout.languages.dropFirst().isEmpty ? ["fra", "deu", "spa"] : Array(layout.languages.dropFirst())
        let second = random.pick(others)
        var printed: [VizField: String] = [:]
        var printedDates: [VizField: SyntheticIdentity.CalendarDate] = [:]
        let labelSize = 1.5, valueSize = 2.6
        for cell in layout.fields {
            let value: String
            if let date = dates[cell.field] {
                value = style.format(date, second: second)
                printedDates[cell.field] = date
            } else if let text = values[cell.field], !text.isEmpty {
                value = text
            } else {
                continue
            }
            // A value of several lines (an address) is printed line under line and read back joined by ", ".
            let valueLines = value.split(separator: "\n").map(String.init).prefix(cell.maximumLines)
            printed[cell.field] = valueLines.joined(separator: ", ")
            if layout.captionPlacement == .inline {
                // AAMVA: the field number and the English caption, small, then the value on the same baseline.
                let caption = [cell.captions["label"]?.first, cell.captions[main]?.first].compactMap { $0 }
                    .joined(separator: " ")
                let baseline = cell.zone.y + valueSize * 1.1
                let captionWidth = text(
                    caption, x: cell.zone.x, baseline: baseline, size: labelSize, colour: labelColour, bold: false,
                    maxWidth: cell.zone.width / 2)
                let valueX = cell.zone.x + captionWidth + 0.8
                for (index, line) in valueLines.enumerated() {
                    text(
                        line, x: valueX, baseline: baseline + Double(index) * valueSize * 1.2, size: valueSize,
                        colour: ink, bold: bold, maxWidth: cell.zone.x + cell.zone.width - valueX - 0.3)
                }
                continue
            }
            let captions = [cell.captions[main]?.first, cell.captions[second]?.first].compactMap { $0 }
            let caption =
                captions.count == 2 && captions[0] != captions[1]
                ? captions[0] + " / " + captions[1] : captions.first ?? ""
            let top = cell.zone.y
            text(
                caption, x: cell.zone.x, baseline: top + labelSize * 1.05, size: labelSize, colour: labelColour,
                bold: false, maxWidth: cell.zone.width - 0.5)
            text(
                value, x: cell.zone.x, baseline: top + labelSize * 1.25 + valueSize * 1.05, size: valueSize,
                colour: ink, bold: bold, maxWidth: cell.zone.width - 0.5)
        }
        return Truth(layoutID: layout.id, values: printed, dates: printedDates)
    }

    /// Draws `string` at (`x`, `baseline`) mm, shrunk to fit `maxWidth` mm; returns its width in mm.
    @discardableResult
    private func text(
        _ string: String, x: Double, baseline: Double, size: Double, colour: RGBA, bold: Bool, maxWidth: Double
    ) -> Double {
        guard !string.isEmpty else { return 0 }
        var px = size * scale
        let width = canvas.textWidth(string, family: family, size: px, bold: bold)
        if width > maxWidth * scale, width > 0 { px *= maxWidth * scale / width }
        canvas.drawText(string, x: x * scale, y: baseline * scale, family: family, size: px, colour: colour, bold: bold)
        return min(width, maxWidth * scale) / scale
    }
}

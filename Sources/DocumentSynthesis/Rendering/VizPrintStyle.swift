package import CaptureCore
package import DocumentEngine

/// How one generated document prints its visual zone: type family and shape, sizes, where the
/// print sits against the layout's cells, how captions read, the ink, and what lies under the
/// text. ``narrow(family:bold:)`` is the design the VIZ reader was first tuned on (one size, the
/// cell's corner, two caption languages); ``wide(layout:family:bold:palette:using:)`` draws the
/// real-world spread the issue lists (fonts, caption languages and positions, security
/// backgrounds, field spacing, print scale, the placement of the portrait) for the tuning family.
package struct VizPrintStyle: Sendable, Equatable {
    /// How far the tuning family spreads the printing of the visual zone.
    package enum Variation: String, Sendable, Equatable, CaseIterable {
        /// One design per layout: the cells' corners, 2.6 mm values, 1.5 mm captions in two languages.
        case narrow
        /// Every document draws its own style (``VizPrintStyle/wide(layout:family:bold:palette:using:)``).
        case wide
    }

    /// How an inline caption (AAMVA `4d DLN`) is printed before the value.
    package enum InlineCaption: Sendable, Equatable, CaseIterable {
        /// The field number and the caption: `4d DLN`.
        case numberAndCaption
        /// The field number only: `4d`.
        case numberOnly
        /// The caption only: `DLN`.
        case captionOnly
    }

    /// The type family of captions and values.
    package var family: String
    /// Whether values are printed bold.
    package var bold: Bool
    /// Glyph width against the font's own (below 1 condensed, above 1 extended).
    package var widthScale = 1.0
    /// Lean of the glyphs (x shift per unit of height above the baseline; 0 upright).
    package var shear = 0.0
    /// Extra stroke weight on each side of a value glyph, in millimetres (a heavier print).
    package var weight = 0.0
    /// Value type size (em), in millimetres.
    package var valueSize = 2.6
    /// Caption type size (em), in millimetres.
    package var captionSize = 1.5
    /// Extra space between a caption line and its value line, in millimetres.
    package var captionGap = 0.0
    /// Where the whole print sits against the layout's cells (printer registration, design), in
    /// millimetres: x then y.
    package var blockOffset = Offset(x: 0, y: 0)
    /// Each field's own offset against the block, in millimetres.
    package var fieldOffsets: [VizField: Offset] = [:]
    /// How many caption languages a cell prints (the layout's first and others it lists).
    package var captionLanguageCount = 2
    /// What stands between the captions of two languages.
    package var captionSeparator = " / "
    /// Whether captions are printed in capitals.
    package var captionsUpperCase = false
    /// Whether captions start with the field's number (`1. Surname / Nom`, as EU cards print).
    package var captionsNumbered = false
    /// Caption colour; nil for the palette's label colour.
    package var captionColour: RGBA?
    /// Value colour; nil for the palette's ink.
    package var ink: RGBA?
    /// How an inline caption is printed (AAMVA layouts).
    package var inlineCaption = InlineCaption.numberAndCaption
    /// A tinted band behind each value line, or nil.
    package var valueTint: RGBA?
    /// Fine security lines (guilloche) drawn across the field block on top of the background.
    package var securityLines: SecurityLines?
    /// A faded second portrait (ghost image) over part of the field block: its centre in
    /// millimetres and its height.
    package var ghostPortrait: GhostPortrait?
    /// Shift of the main portrait along x, in millimetres (its right edge nearer the fields or
    /// farther).
    package var portraitShift = 0.0
    /// How far a value starts right of its caption, in millimetres (captions above their values;
    /// card designs that indent the value or align it on another column).
    package var valueIndent = 0.0
    /// Whether numeric dates print spaces between day, month and year (`12 08 1974`) instead of dots.
    package var spacedDates = false
    /// A dense rainbow guilloche under the fields (polycarbonate ID cards): many fine wavy lines
    /// whose hue runs through the spectrum from line to line, or nil.
    package var rainbowGuilloche: SecurityLines?
    /// Opacity of the value print (laser engraving in polycarbonate is grey and lets the background
    /// show through); 1 for opaque ink.
    package var valueOpacity = 1.0

    /// An offset in millimetres.
    package struct Offset: Sendable, Equatable {
        package var x: Double
        package var y: Double
    }

    /// Fine wavy lines across the field block.
    package struct SecurityLines: Sendable, Equatable {
        package var count: Int
        package var amplitude: Double
        package var wavelength: Double
        package var phase: Double
        package var width: Double
        package var colour: RGBA
    }

    /// A faded portrait printed under the text.
    package struct GhostPortrait: Sendable, Equatable {
        package var centreX: Double
        package var centreY: Double
        package var height: Double
        package var colour: RGBA
    }

    /// The first design: one size at the cell's corner, two caption languages.
    package static func narrow(family: String, bold: Bool) -> VizPrintStyle {
        VizPrintStyle(family: family, bold: bold)
    }

    /// The type families installed with the renderer's fonts (Debian's fonts-dejavu-core and
    /// -extra): sans, condensed, light, serif, condensed serif and monospaced print.
    package static let wideFamilies = [
        "DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Sans Light", "DejaVu Serif", "DejaVu Serif Condensed",
        "DejaVu Sans Mono",
    ]

    /// A style drawn from the real-world spread for `layout`: `family` and `bold` are the narrow
    /// design's, kept for a third of the documents.
    package static func wide(
        layout: VizLayout, family: String, bold: Bool, palette: DocumentPalette, using random: inout SeededGenerator
    ) -> VizPrintStyle {
        var style = VizPrintStyle(family: family, bold: bold)
        if random.chance(0.67) { style.family = random.pick(wideFamilies) }
        style.bold = random.chance(0.5)
        style.widthScale = random.chance(0.5) ? 1 : random.uniform(0.85, 1.15)
        style.shear = random.chance(0.12) ? random.uniform(0.1, 0.2) : 0
        style.weight = random.chance(0.25) ? random.uniform(0.01, 0.05) : 0
        // Print scale: values 2.1-3.1 mm, captions 1.2-1.9 mm, a caption never taller than 70 % of its
        // value; caption, value and its descenders stay within the lowest cell (designs do not print
        // into the signature or the next row).
        let inline = layout.captionPlacement == .inline
        let cellHeight = layout.fields.map(\.zone.height).min() ?? 6.1
        style.captionSize = random.uniform(1.2, 1.9)
        let tallest = inline ? 2.9 : (cellHeight - 0.35 - style.captionSize * 1.25) / 1.05
        style.valueSize = max(2.1, min(random.uniform(2.1, 3.1), tallest))
        style.captionSize = min(style.captionSize, style.valueSize * 0.7)
        // Caption to value spacing, within the cell's height.
        let used = style.captionSize * 1.25 + style.valueSize * 1.05 + 0.35
        style.captionGap = inline ? 0 : random.uniform(0, max(0, min(0.8, cellHeight - used)))
        style.blockOffset = Offset(
            x: random.uniform(-1.2, 1.2), y: random.uniform(inline ? -0.3 : -0.5, inline ? 0.3 : 0.2))
        for cell in layout.fields where random.chance(0.4) {
            style.fieldOffsets[cell.field] = Offset(x: random.uniform(-0.5, 0.5), y: random.uniform(-0.25, 0.25))
        }
        let languages = Set(layout.fields.flatMap(\.captions.keys)).subtracting(["label"])
        style.captionLanguageCount = min(languages.count, random.pick([1, 2, 2, 3]))
        style.captionSeparator = random.pick([" / ", "/", " - ", "  ", " | "])
        style.captionsUpperCase = random.chance(0.35)
        style.captionsNumbered = !inline && random.chance(0.2)
        switch random.integer(in: 0...3) {
        case 0: style.captionColour = palette.ink
        case 1: style.captionColour = DocumentPalette.hsl(random.uniform(350, 370), 0.7, random.uniform(0.35, 0.45))
        default: style.captionColour = nil
        }
        if random.chance(0.3) {
            // Lighter or coloured ink (faded laser print, dark blue or brown personalisation).
            style.ink = DocumentPalette.hsl(
                random.pick([215.0, 25, 0]), random.uniform(0.1, 0.5), random.uniform(0.2, 0.35))
        }
        style.inlineCaption = random.pick(InlineCaption.allCases)
        if random.chance(0.2) {
            var tint = palette.pattern
            tint.a = UInt8(random.integer(in: 40...90))
            style.valueTint = tint
        }
        if random.chance(0.5) {
            var colour = palette.pattern
            colour.a = UInt8(random.integer(in: 90...170))
            style.securityLines = SecurityLines(
                count: random.integer(in: 6...18), amplitude: random.uniform(0.5, 2.5),
                wavelength: random.uniform(6, 25), phase: random.uniform(0, 6.28), width: random.uniform(0.05, 0.14),
                colour: colour)
        }
        if random.chance(0.3), let first = layout.fields.first {
            let x1 = layout.fields.map { $0.zone.x + $0.zone.width }.max() ?? first.zone.x
            let y0 = layout.fields.map(\.zone.y).min() ?? first.zone.y
            let y1 = layout.fields.map { $0.zone.y + $0.zone.height }.max() ?? first.zone.y
            let height = (y1 - y0) * random.uniform(0.35, 0.6)
            style.ghostPortrait = GhostPortrait(
                centreX: x1 - height * random.uniform(0.3, 0.6),
                centreY: random.uniform(y0 + height / 2, y1 - height / 2),
                height: height,
                colour: DocumentPalette.hsl(random.uniform(0, 360), 0.1, 0.45, alpha: random.uniform(0.15, 0.35)))
        }
        style.portraitShift = random.uniform(-1.5, 2.5)
        style.drawCardFrontTraits(layout: layout, using: &random)
        return style
    }

    /// What ID-card fronts print that the first wide styles lacked, drawn after every other choice
    /// (each document keeps the traits it had before): small print (cap height 1.4-2 mm), grey
    /// laser-engraved values over the background, a dense rainbow guilloche under the text, values
    /// indented from their captions, and numeric dates with spaces.
    private mutating func drawCardFrontTraits(layout: VizLayout, using random: inout SeededGenerator) {
        let inline = layout.captionPlacement == .inline
        if random.chance(0.3) {
            // Cap height is about 0.73 of the type size: 1.9-2.6 mm type prints 1.4-1.9 mm capitals.
            valueSize = random.uniform(1.9, 2.6)
            captionSize = min(captionSize, max(1.1, valueSize * random.uniform(0.55, 0.7)))
        }
        if random.chance(0.3) {
            ink = DocumentPalette.hsl(0, 0, random.uniform(0.18, 0.38))
            valueOpacity = random.uniform(0.7, 0.9)
        }
        if random.chance(0.35) {
            rainbowGuilloche = SecurityLines(
                count: random.integer(in: 25...60), amplitude: random.uniform(0.3, 2.0),
                wavelength: random.uniform(3, 12), phase: random.uniform(0, 6.28), width: random.uniform(0.05, 0.1),
                colour: DocumentPalette.hsl(random.uniform(0, 360), 0.6, 0.6, alpha: random.uniform(0.25, 0.55)))
        }
        if !inline, random.chance(0.35) { valueIndent = random.uniform(0.5, 3.0) }
        spacedDates = random.chance(0.3)
    }

    /// `field`'s offset in millimetres: the block's and the field's own.
    func offset(of field: VizField) -> Offset {
        let own = fieldOffsets[field] ?? Offset(x: 0, y: 0)
        return Offset(x: blockOffset.x + own.x, y: blockOffset.y + own.y)
    }
}

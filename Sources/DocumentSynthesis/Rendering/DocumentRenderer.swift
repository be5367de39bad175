import CaptureCore
package import DocumentEngine
import Foundation

/// Renders one side of a synthetic ICAO document (`DocumentLayout.Kind`) to an RGBA image, with its
/// ground truth.
///
/// What is drawn, all placed by `DocumentLayout` so generator and engine agree:
/// - a light card or page tint with a subtle gradient, guilloche-like wave and rosette line
///   patterns and a faint emblem, with rounded corners (transparent outside them);
/// - a header (issuing state, document title, sometimes on an accent band);
/// - visual-inspection-zone labels and values in DejaVu Sans;
/// - a procedural portrait in the layout's face zone (background, shoulders, neck, head, hair,
///   eyes, mouth: no real photographs) and a scribbled signature in the signature zone;
/// - the MRZ in "OCR B" at the ICAO pitch of 2.54 mm (a fixed advance per character), its cap
///   height ≈ `DocumentLayout.mrzCapHeight`, the first cell's left edge at `mrzLeftMargin` and the
///   line centres at `mrzLineCentresFromBottom`, with a per-document printer jitter of up to
///   ±0.5 mm in position and ±3 % in glyph size (pitch ±0.3 %).
///
/// Everything random comes from the `SeededGenerator` passed in: the same seed gives the same
/// pixels. The TD1 front carries no MRZ; the TD1 back carries the MRZ and some text.
package struct DocumentRenderer: Sendable {
    /// Output scale (pixels per millimetre).
    package var pixelsPerMillimetre: Double

    /// The OCR-B family name known to fontconfig (Debian's fonts-ocr-b).
    package static let mrzFontFamily = "OCR B"
    /// The family of the printed text.
    package static let textFontFamily = "DejaVu Sans"
    /// The family this renderer prints the visual zone's text in (the MRZ is always OCR-B).
    package var printFontFamily: String
    /// Whether the TD3 data page and the TD1 front print their visual zone from the layout catalogue
    /// (realistic fields and captions, the truth in ``RenderedDocument/viz``), as the VIZ evaluation
    /// and tests ask. Off, the sides keep the caption-and-value grid that the MRZ families (tuning and
    /// held-out) were measured and tuned on, so their frames stay exactly what they were.
    package var printsVizFromLayouts: Bool
    /// The catalogue layout printed instead of the ICAO one of the side's size (`aamva-front` on a
    /// TD1 front), when ``printsVizFromLayouts``; nil for the ICAO one.
    package var vizLayoutID: String?
    /// How far the printing of the visual zone varies from document to document, when
    /// ``printsVizFromLayouts`` (``VizPrintStyle/Variation``): narrow keeps the first design.
    package var vizVariation: VizPrintStyle.Variation

    package init(
        pixelsPerMillimetre: Double = 10, printFontFamily: String = DocumentRenderer.textFontFamily,
        printsVizFromLayouts: Bool = false, vizLayoutID: String? = nil,
        vizVariation: VizPrintStyle.Variation = .narrow
    ) {
        self.pixelsPerMillimetre = max(1, pixelsPerMillimetre)
        self.printFontFamily = printFontFamily
        self.printsVizFromLayouts = printsVizFromLayouts
        self.vizLayoutID = vizLayoutID
        self.vizVariation = vizVariation
    }

    /// Renders `kind` for a random identity drawn from `seed`.
    package func render(_ kind: DocumentLayout.Kind, seed: UInt64) throws(MRZCompositionError) -> RenderedDocument {
        var random = SeededGenerator(seed: seed)
        var identityRandom = random.fork(1)
        let identity = SyntheticIdentity.random(for: MRZFormat(kind: kind), using: &identityRandom)
        return try render(kind, identity: identity, using: &random)
    }

    /// Renders `kind` printed with `identity`; design choices come from `random`.
    package func render(
        _ kind: DocumentLayout.Kind, identity: SyntheticIdentity, using random: inout SeededGenerator
    ) throws(MRZCompositionError) -> RenderedDocument {
        let format = MRZFormat(kind: kind)
        var lines: [String] = []
        if let format { lines = try MRZComposer.lines(for: identity, format: format) }
        let layout = DocumentLayout.of(kind)
        var painter = Painter(
            layout: layout, scale: pixelsPerMillimetre, identity: identity,
            random: random.fork(2), textFamily: printFontFamily)
        painter.drawBackground(plainMRZBand: !lines.isEmpty && random.chance(0.65))
        painter.drawHeader()
        let viz = painter.drawFields(fromLayouts: printsVizFromLayouts, layoutID: vizLayoutID, variation: vizVariation)
        var face = layout.face
        face?.x += painter.portraitShift
        if let zone = face { painter.drawPortrait(in: zone) }
        if let zone = layout.signature { painter.drawSignature(in: zone) }
        let mrz = painter.drawMRZ(lines)
        let s = pixelsPerMillimetre
        func quad(_ zone: DocumentLayout.Zone?) -> Quadrilateral2D? {
            zone.map { Quadrilateral2D(x: $0.x * s, y: $0.y * s, width: $0.width * s, height: $0.height * s) }
        }
        return RenderedDocument(
            image: painter.canvas.image(), kind: kind, pixelsPerMillimetre: s, identity: identity,
            mrzFormat: format, mrzLines: lines, characterBoxes: mrz.boxes, mrzPitch: mrz.pitch,
            mrzCapHeight: mrz.capHeight, face: quad(face), signature: quad(layout.signature), viz: viz)
    }

    /// The families the tuning family prints the visual zone in (the held-out family passes its own).
    package static let tuningVizFontFamilies = ["DejaVu Sans", "DejaVu Sans Condensed"]

    /// The layout catalogue's design for `kind`, for the sides printed from layouts (TD3, TD2, TD1 front).
    static func vizLayout(for kind: DocumentLayout.Kind) -> VizLayout? {
        switch kind {
        case .td3: return vizCatalogue?.layout(id: "icao-td3")
        case .td1Front: return vizCatalogue?.layout(id: "icao-td1-front")
        case .td2: return vizCatalogue?.layout(id: "icao-td2")
        case .td1Back, .mrvA, .mrvB: return nil
        }
    }

    /// The catalogue's layout `id` when it is drawn on `kind`'s side.
    static func vizLayout(id: String, on kind: DocumentLayout.Kind) -> VizLayout? {
        vizCatalogue?.layout(id: id).flatMap { $0.documentLayout == kind ? $0 : nil }
    }

    private static let vizCatalogue = try? VizLayoutCatalogue.bundled()
}

/// The drawing steps of one document, in millimetres.
private struct Painter {
    let layout: DocumentLayout
    let s: Double
    let identity: SyntheticIdentity
    var random: SeededGenerator
    let canvas: CairoCanvas
    let palette: DocumentPalette
    let cornerRadius: Double
    let bold: Bool
    let textFamily: String
    /// How far the portrait is moved along x from the layout's zone (a wide visual-zone style), in mm.
    var portraitShift = 0.0

    init(
        layout: DocumentLayout, scale: Double, identity: SyntheticIdentity, random: SeededGenerator,
        textFamily: String
    ) {
        self.textFamily = textFamily
        self.layout = layout
        self.s = scale
        self.identity = identity
        self.random = random
        canvas = CairoCanvas(
            width: max(1, Int((layout.width * scale).rounded())),
            height: max(1, Int((layout.height * scale).rounded())),
            background: RGBA(r: 0, g: 0, b: 0, a: 0))
        palette = DocumentPalette.random(using: &self.random)
        let isCard = layout.kind == .td1Front || layout.kind == .td1Back
        cornerRadius = isCard ? 3.18 : self.random.uniform(1.0, 3.5)
        bold = self.random.chance(0.5)
    }

    // MARK: Background

    mutating func drawBackground(plainMRZBand: Bool) {
        let w = layout.width * s
        let h = layout.height * s
        canvas.clip(x: 0, y: 0, width: w, height: h, radius: cornerRadius * s)
        let angle = random.uniform(0, 2 * Double.pi)
        let centre = Point2D(x: w / 2, y: h / 2)
        let half = max(w, h) / 2
        canvas.fillRectGradient(
            x: 0, y: 0, width: w, height: h,
            start: Point2D(x: centre.x - cos(angle) * half, y: centre.y - sin(angle) * half),
            end: Point2D(x: centre.x + cos(angle) * half, y: centre.y + sin(angle) * half),
            stops: [(0, palette.paper), (1, palette.paperGradient)])
        drawWaves(top: 0, bottom: layout.height)
        drawRosette()
        drawEmblem(
            centre: Point2D(x: layout.width * random.uniform(0.55, 0.8), y: layout.height * random.uniform(0.35, 0.6)),
            radius: layout.height * random.uniform(0.18, 0.3), colour: faded(palette.pattern, 0.5), filled: false)
        if plainMRZBand, let zone = layout.mrzZone {
            var band = palette.paper
            band.r = UInt8(min(255, Int(band.r) + 10))
            band.g = UInt8(min(255, Int(band.g) + 10))
            band.b = UInt8(min(255, Int(band.b) + 10))
            canvas.fillRect(x: 0, y: zone.y * s, width: w, height: zone.height * s, colour: band)
        }
    }

    private mutating func drawWaves(top: Double, bottom: Double) {
        let count = random.integer(in: 20...34)
        let amplitude = random.uniform(1.5, 5)
        let wavelength = random.uniform(18, 45)
        let amplitude2 = random.uniform(0.5, 2)
        let wavelength2 = random.uniform(6, 14)
        let phaseStep = random.uniform(0.08, 0.3)
        let phase0 = random.uniform(0, 6.28)
        let width = random.uniform(0.07, 0.14) * s
        let gap = (bottom - top) / Double(count)
        let step = 1.2
        var lines: [[Point2D]] = []
        for k in 0...count {
            var points: [Point2D] = []
            var x = -1.0
            let base = top + Double(k) * gap
            while x <= layout.width + 1 {
                let y =
                    base + amplitude * sin(2 * Double.pi * x / wavelength + phase0 + Double(k) * phaseStep)
                    + amplitude2 * sin(2 * Double.pi * x / wavelength2 + Double(k) * phaseStep * 2.3)
                points.append(Point2D(x: x * s, y: y * s))
                x += step
            }
            lines.append(points)
        }
        canvas.strokePaths(lines, lineWidth: width, colour: palette.pattern)
    }

    private mutating func drawRosette() {
        let centre = Point2D(x: random.uniform(0.3, 0.9) * layout.width, y: random.uniform(0.25, 0.6) * layout.height)
        let radius = random.uniform(0.18, 0.32) * layout.height
        let curves = random.integer(in: 12...22)
        let lobes = Double(random.integer(in: 5...11))
        let depth = random.uniform(0.12, 0.3)
        let width = random.uniform(0.06, 0.12) * s
        let colour = faded(palette.pattern, random.uniform(0.6, 1))
        var lines: [[Point2D]] = []
        for k in 0..<curves {
            let offset = Double(k) * 2 * Double.pi / Double(curves) / lobes
            var points: [Point2D] = []
            for i in 0...90 {
                let t = Double(i) * 2 * Double.pi / 90
                let r = radius * (1 + depth * sin(lobes * t + offset * lobes))
                points.append(Point2D(x: (centre.x + r * cos(t + offset)) * s, y: (centre.y + r * sin(t + offset)) * s))
            }
            lines.append(points)
        }
        canvas.strokePaths(lines, lineWidth: width, colour: colour)
    }

    private mutating func drawEmblem(centre: Point2D, radius: Double, colour: RGBA, filled: Bool) {
        let c = Point2D(x: centre.x * s, y: centre.y * s)
        let r = radius * s
        var ring: [Point2D] = []
        for i in 0...72 {
            let t = Double(i) * 2 * Double.pi / 72
            ring.append(Point2D(x: c.x + r * cos(t), y: c.y + r * sin(t)))
        }
        canvas.strokePath(ring, lineWidth: max(1, 0.25 * s), colour: colour)
        let points = random.integer(in: 5...8)
        var star: [CairoCanvas.PathElement] = []
        for i in 0..<(2 * points) {
            let t = Double(i) * Double.pi / Double(points) - Double.pi / 2
            let rr = (i % 2 == 0 ? 0.75 : 0.32) * r
            let p = Point2D(x: c.x + rr * cos(t), y: c.y + rr * sin(t))
            star.append(i == 0 ? .move(p) : .line(p))
        }
        star.append(.close)
        if filled {
            canvas.fill(star, colour: colour)
        } else {
            canvas.stroke(star, lineWidth: max(1, 0.2 * s), colour: colour)
        }
    }

    private func faded(_ colour: RGBA, _ factor: Double) -> RGBA {
        var c = colour
        c.a = UInt8(max(0, min(255, Double(c.a) * factor)))
        return c
    }

    // MARK: Header

    mutating func drawHeader() {
        let headerHeight: Double
        switch layout.kind {
        case .td3: headerHeight = 15
        case .td1Front, .td1Back: headerHeight = 9.5
        case .mrvA, .mrvB, .td2: headerHeight = 10.5
        }
        var textColour = palette.accent
        if layout.kind != .td1Back, random.chance(0.45) {
            canvas.fillRect(
                x: 0, y: 0, width: layout.width * s, height: (headerHeight - 2) * s,
                colour: faded(palette.accent, random.uniform(0.75, 0.95)))
            textColour = RGBA(r: 248, g: 248, b: 240)
        }
        drawEmblem(
            centre: Point2D(x: layout.width - headerHeight * 0.5 - 2, y: headerHeight * 0.45),
            radius: headerHeight * 0.32, colour: textColour, filled: random.chance(0.5))
        let state = identity.issuingStateName
        let title = documentTitle()
        let left = layout.kind == .td1Back ? 4.0 : 4.0 + random.uniform(0, 2)
        let maxWidth = layout.width - left - headerHeight - 3
        text(
            state, x: left, baseline: headerHeight * 0.38, size: headerHeight * 0.24, colour: textColour,
            bold: true, maxWidth: maxWidth)
        text(
            title, x: left, baseline: headerHeight * 0.7, size: headerHeight * 0.2, colour: textColour,
            bold: false, maxWidth: maxWidth)
    }

    private mutating func documentTitle() -> String {
        switch layout.kind {
        case .td3:
            return random.pick(["PASSPORT / PASSEPORT", "PASSPORT  PASSEPORT  PASAPORTE", "REISEPASS / PASSPORT"])
        case .td1Front, .td1Back:
            return random.pick([
                "IDENTITY CARD / CARTE D'IDENTITÉ", "PERSONALAUSWEIS / IDENTITY CARD",
                "RESIDENCE PERMIT / TITRE DE SÉJOUR", "NATIONAL IDENTITY CARD",
            ])
        case .td2: return random.pick(["IDENTITY CARD", "TRAVEL DOCUMENT / DOCUMENT DE VOYAGE", "RESIDENCE PERMIT"])
        case .mrvA, .mrvB: return random.pick(["VISA", "VISA / VISUM", "ENTRY VISA / VISA D'ENTRÉE"])
        }
    }

    // MARK: Visual inspection zone

    /// Prints the visual zone: with `fromLayouts`, from the side's ``VizLayout`` where the catalogue
    /// has one (TD3 data page, TD1 front), else as a grid of caption and value cells. Returns what was
    /// printed per field for the layout sides.
    mutating func drawFields(
        fromLayouts: Bool, layoutID: String?, variation: VizPrintStyle.Variation
    ) -> VizFieldPrinter.Truth? {
        let (region, rows, values, dates) = fieldRows()
        if fromLayouts,
            let vizLayout = layoutID.flatMap({ DocumentRenderer.vizLayout(id: $0, on: layout.kind) })
                ?? DocumentRenderer.vizLayout(for: layout.kind)
        {
            // A copy of the stream, forked: the choices below leave the portrait, signature and MRZ
            // draws exactly as they were before the visual zone was printed from layouts.
            var vizRandom = random
            vizRandom = vizRandom.fork(0x56495A)
            let family =
                textFamily == DocumentRenderer.textFontFamily
                ? vizRandom.pick(DocumentRenderer.tuningVizFontFamilies) : textFamily
            // United States layouts print month/day/year; the others one of the international styles.
            let style =
                vizLayout.dateOrder == .monthDayYear
                ? VizFieldPrinter.DateStyle.us
                : vizRandom.pick([VizFieldPrinter.DateStyle.dayMonthNameYear, .dotted, .bilingualShortYear, .iso])
            var allValues = values
            if vizLayout.zone(of: .address) != nil {
                // Licence fields, drawn only for the layouts that print them (the ICAO sides' draws are unchanged).
                allValues[.address] =
                    "\(vizRandom.integer(in: 10...9899)) \(vizRandom.pick(Self.usStreets))\n\(vizRandom.pick(Self.usTowns))"
                allValues[.licenceClass] = vizRandom.pick(["C", "D", "CM", "A"])
                allValues[.restrictions] = vizRandom.pick(["NONE", "B", "A"])
                allValues[.endorsements] = vizRandom.pick(["NONE", "M", "P"])
            }
            var printStyle = VizPrintStyle.narrow(family: family, bold: bold)
            if variation == .wide {
                var styleRandom = vizRandom.fork(0x5749_4445)
                printStyle = VizPrintStyle.wide(
                    layout: vizLayout, family: family, bold: bold, palette: palette, using: &styleRandom)
                portraitShift = printStyle.portraitShift
            }
            let printer = VizFieldPrinter(
                canvas: canvas, scale: s, style: printStyle, ink: palette.ink, labelColour: palette.label)
            return printer.print(layout: vizLayout, values: allValues, dates: dates, style: style, using: &vizRandom)
        }
        guard !rows.isEmpty else { return nil }
        let rowHeight = region.height / Double(rows.count)
        let labelSize = min(1.55, rowHeight * 0.26)
        let valueSize = min(2.7, rowHeight * 0.42)
        for (r, row) in rows.enumerated() {
            let cellWidth = region.width / Double(row.count)
            for (c, cell) in row.enumerated() {
                let x = region.x + Double(c) * cellWidth
                let top = region.y + Double(r) * rowHeight
                text(
                    cell.0, x: x, baseline: top + labelSize * 1.05, size: labelSize, colour: palette.label,
                    bold: false, maxWidth: cellWidth - 1)
                text(
                    cell.1, x: x, baseline: top + labelSize * 1.25 + valueSize * 1.05, size: valueSize,
                    colour: palette.ink, bold: bold, maxWidth: cellWidth - 1)
            }
        }
        return nil
    }

    private mutating func fieldRows() -> (
        DocumentLayout.Zone, [[(String, String)]], [VizField: String], [VizField: SyntheticIdentity.CalendarDate]
    ) {
        let id = identity
        let number = id.documentNumber
        let surname = ("Surname / Nom", id.surname)
        let given = ("Given names / Prénoms", id.givenNames.isEmpty ? "—" : id.givenNames)
        let nationality = ("Nationality / Nationalité", nationalityName(id.nationality))
        let birth = ("Date of birth", id.dateOfBirth.display)
        let sex = ("Sex / Sexe", id.sex == .unspecified ? "X" : id.sex.rawValue)
        let expiry = ("Date of expiry", id.dateOfExpiry.display)
        let issueYear = max(id.dateOfBirth.year, id.dateOfExpiry.year - random.pick([5, 10]))
        let issue = (
            "Date of issue",
            SyntheticIdentity.CalendarDate(
                year: issueYear, month: id.dateOfExpiry.month, day: id.dateOfExpiry.day
            ).display
        )
        let place = ("Place of birth", random.pick(Self.cities))
        let authority = ("Authority / Autorité", random.pick(Self.authorities))
        let values: [VizField: String] = [
            .documentNumber: number, .primaryName: id.surname, .secondaryName: id.givenNames,
            .nationality: nationalityName(id.nationality), .sex: sex.1, .placeOfBirth: place.1,
            .issuingAuthority: authority.1,
        ]
        let dates: [VizField: SyntheticIdentity.CalendarDate] = [
            .dateOfBirth: id.dateOfBirth, .dateOfExpiry: id.dateOfExpiry,
            .dateOfIssue: SyntheticIdentity.CalendarDate(
                year: issueYear, month: id.dateOfExpiry.month,
                day: id.dateOfExpiry.day),
        ]
        let (region, rows) = gridRows(
            id: id, number: number, surname: surname, given: given, nationality: nationality, birth: birth, sex: sex,
            expiry: expiry, issue: issue, place: place, authority: authority)
        return (region, rows, values, dates)
    }

    private mutating func gridRows(
        id: SyntheticIdentity, number: String, surname: (String, String), given: (String, String),
        nationality: (String, String), birth: (String, String), sex: (String, String), expiry: (String, String),
        issue: (String, String), place: (String, String), authority: (String, String)
    ) -> (DocumentLayout.Zone, [[(String, String)]]) {
        switch layout.kind {
        case .td3:
            return (
                .init(x: 42, y: 18, width: 79, height: 37),
                [
                    [
                        ("Type", String(id.documentCode.prefix(1))),
                        ("Code", id.issuingState.replacingOccurrences(of: "<", with: "")),
                        ("Passport No.", number),
                    ],
                    [surname], [given], [nationality], [birth, sex, place], [issue, expiry],
                ]
            )
        case .td1Front:
            return (
                .init(x: 31, y: 10.5, width: 52, height: 30.5),
                [
                    [surname], [given], [sex, nationality], [birth, ("Document No.", number)], [expiry],
                ]
            )
        case .td2:
            return (
                .init(x: 34, y: 12, width: 67, height: 31),
                [
                    [surname], [given], [nationality, sex], [birth, ("Document No.", number)], [expiry, issue],
                ]
            )
        case .mrvA:
            return (
                .init(x: 37, y: 12, width: 80, height: 52),
                [
                    [("Valid from / Du", issue.1), ("Until / Au", expiry.1)],
                    [
                        ("Type of visa", random.pick(["C", "D", "A"])), ("Entries", random.pick(["MULT", "1", "2"])),
                        ("Duration", "\(random.integer(in: 10...90)) DAYS"),
                    ],
                    [("Issued in / Délivré à", random.pick(Self.cities)), ("On / Le", issue.1)],
                    [("Surname, name / Nom, prénom", id.surname + ", " + id.givenNames)],
                    [("Passport number", number), birth],
                    [("Remarks", random.pick(["NONE", "TOURISM", "BUSINESS", "STUDENT", "TRANSIT"]))],
                ]
            )
        case .mrvB:
            return (
                .init(x: 33, y: 10.5, width: 68, height: 48),
                [
                    [("Valid from", issue.1), ("Until", expiry.1)],
                    [("Type", random.pick(["C", "D"])), ("Entries", random.pick(["MULT", "1"]))],
                    [("Surname, name", id.surname + ", " + id.givenNames)],
                    [("Passport number", number), birth],
                    [("Remarks", random.pick(["NONE", "TOURISM", "BUSINESS"]))],
                ]
            )
        case .td1Back:
            let street = "\(random.integer(in: 1...250)) \(random.pick(Self.streets))"
            return (
                .init(x: 4, y: 10, width: 78, height: 26),
                [
                    [("Address / Adresse", street)],
                    [("", "\(random.integer(in: 10000...99999)) \(random.pick(Self.cities))")],
                    [issue, authority],
                    [
                        ("Height / Taille", "\(random.integer(in: 150...200)) cm"),
                        ("Eyes / Yeux", random.pick(["BROWN", "BLUE", "GREEN", "GREY"])),
                    ],
                ]
            )
        }
    }

    private func nationalityName(_ code: String) -> String {
        code == "D<<" ? "DEUTSCH" : code.replacingOccurrences(of: "<", with: "")
    }

    private static let cities = [
        "UTOPIA CITY", "BERLIN", "MÜNCHEN", "PARIS", "LONDON", "STOCKHOLM", "KRAKÓW", "SEVILLA", "TORONTO",
        "SYDNEY", "OSAKA", "LAGOS", "CAIRO", "SÃO PAULO", "ZÜRICH", "BRUXELLES", "WELLINGTON", "MUMBAI",
    ]
    private static let streets = [
        "MAIN STREET", "RUE DE LA PAIX", "HAUPTSTRASSE 12A", "KING'S ROAD", "AVENIDA DEL SOL", "ULICA DŁUGA",
        "STORGATAN", "HARBOUR LANE", "VIA ROMA",
    ]
    /// Street and town lines of the United States and Canadian licence fronts (AAMVA field 8).
    private static let usStreets = [
        "MAIN ST", "OAK AVE", "MAPLE DR APT 4B", "ELM ST", "PINE RIDGE RD", "LAKESHORE BLVD W", "CEDAR LN",
        "SUNSET BLVD", "RUE SAINT-DENIS",
    ]
    private static let usTowns = [
        "SPRINGFIELD, IL 62704", "AUSTIN, TX 78701", "SACRAMENTO, CA 95814", "ALBANY, NY 12207",
        "HARRISBURG, PA 17101", "TORONTO, ON M5V 2T6", "MONTRÉAL, QC H2X 1Y4", "DENVER, CO 80202",
    ]
    private static let authorities = [
        "PASSPORT OFFICE", "STADT MÜNCHEN", "PRÉFECTURE", "MINISTRY OF INTERIOR", "POLICE", "EMBASSY",
    ]

    // MARK: Portrait and signature

    mutating func drawPortrait(in zone: DocumentLayout.Zone) {
        let x = zone.x * s
        let y = zone.y * s
        let w = zone.width * s
        let h = zone.height * s
        canvas.fillRectGradient(
            x: x, y: y, width: w, height: h, start: Point2D(x: x, y: y), end: Point2D(x: x, y: y + h),
            stops: [
                (0, DocumentPalette.hsl(random.uniform(180, 230), random.uniform(0, 0.3), random.uniform(0.72, 0.86))),
                (1, DocumentPalette.hsl(random.uniform(180, 230), random.uniform(0, 0.2), random.uniform(0.82, 0.94))),
            ])
        canvas.clip(x: x, y: y, width: w, height: h)
        let skin = random.pick([
            RGBA(r: 241, g: 205, b: 180), RGBA(r: 224, g: 172, b: 138), RGBA(r: 198, g: 140, b: 100),
            RGBA(r: 150, g: 100, b: 70), RGBA(r: 105, g: 70, b: 50), RGBA(r: 233, g: 190, b: 160),
        ])
        let hair = random.pick([
            RGBA(r: 30, g: 25, b: 22), RGBA(r: 70, g: 45, b: 30), RGBA(r: 120, g: 85, b: 50),
            RGBA(r: 200, g: 165, b: 110), RGBA(r: 160, g: 160, b: 160), RGBA(r: 140, g: 60, b: 30),
        ])
        let cloth = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0.1, 0.6), random.uniform(0.15, 0.45))
        let cx = x + w * (0.5 + random.uniform(-0.04, 0.04))
        let cy = y + h * random.uniform(0.4, 0.46)
        let headW = w * random.uniform(0.44, 0.54)
        let headH = h * random.uniform(0.42, 0.5)
        let longHair = random.chance(0.4)
        if longHair {
            canvas.fillEllipse(
                x: cx - headW * 0.62, y: cy - headH * 0.6, width: headW * 1.24, height: headH * 1.3, colour: hair)
        }
        canvas.fillEllipse(x: cx - w * 0.62, y: y + h * 0.8, width: w * 1.24, height: h * 0.6, colour: cloth)
        canvas.fillRect(
            x: cx - headW * 0.2, y: cy + headH * 0.2, width: headW * 0.4, height: h * 0.3,
            colour: shade(skin, 0.88))
        canvas.fillEllipse(
            x: cx - headW * 0.56, y: cy - headH * 0.08, width: headW * 0.16, height: headH * 0.22,
            colour: shade(skin, 0.93))
        canvas.fillEllipse(
            x: cx + headW * 0.4, y: cy - headH * 0.08, width: headW * 0.16, height: headH * 0.22,
            colour: shade(skin, 0.93))
        canvas.fillEllipse(x: cx - headW / 2, y: cy - headH / 2, width: headW, height: headH, colour: skin)
        canvas.fillEllipse(
            x: cx - headW * 0.53, y: cy - headH * 0.6, width: headW * 1.06, height: headH * random.uniform(0.45, 0.6),
            colour: hair)
        let eyeY = cy - headH * 0.02
        let eyeDX = headW * 0.2
        for side in [-1.0, 1.0] {
            canvas.fillEllipse(
                x: cx + side * eyeDX - headW * 0.07, y: eyeY - headH * 0.03, width: headW * 0.14,
                height: headH * 0.06, colour: RGBA(r: 245, g: 245, b: 240))
            canvas.fillEllipse(
                x: cx + side * eyeDX - headW * 0.035, y: eyeY - headH * 0.03, width: headW * 0.07,
                height: headH * 0.06, colour: RGBA(r: 50, g: 40, b: 35))
            canvas.strokePath(
                [
                    Point2D(x: cx + side * (eyeDX - headW * 0.09), y: eyeY - headH * 0.08),
                    Point2D(x: cx + side * (eyeDX + headW * 0.09), y: eyeY - headH * 0.09),
                ],
                lineWidth: max(1, headH * 0.02), colour: shade(hair, 0.9))
        }
        canvas.stroke(
            [
                .move(Point2D(x: cx, y: eyeY + headH * 0.02)),
                .line(Point2D(x: cx - headW * 0.04, y: cy + headH * 0.16)),
                .line(Point2D(x: cx + headW * 0.03, y: cy + headH * 0.17)),
            ],
            lineWidth: max(1, headH * 0.015), colour: shade(skin, 0.7))
        canvas.stroke(
            [
                .move(Point2D(x: cx - headW * 0.14, y: cy + headH * 0.27)),
                .curve(
                    Point2D(x: cx - headW * 0.05, y: cy + headH * 0.31),
                    Point2D(x: cx + headW * 0.05, y: cy + headH * 0.31),
                    Point2D(x: cx + headW * 0.14, y: cy + headH * 0.27)),
            ],
            lineWidth: max(1, headH * 0.025), colour: RGBA(r: 150, g: 70, b: 70))
        canvas.resetClip()
        canvas.clip(x: 0, y: 0, width: layout.width * s, height: layout.height * s, radius: cornerRadius * s)
    }

    private func shade(_ c: RGBA, _ f: Double) -> RGBA {
        RGBA(r: UInt8(Double(c.r) * f), g: UInt8(Double(c.g) * f), b: UInt8(Double(c.b) * f), a: c.a)
    }

    mutating func drawSignature(in zone: DocumentLayout.Zone) {
        text(
            "Holder's signature / Signature du titulaire", x: zone.x, baseline: zone.y - 0.4, size: 1.3,
            colour: palette.label, bold: false, maxWidth: zone.width)
        let ink = random.chance(0.6) ? RGBA(r: 20, g: 30, b: 110) : RGBA(r: 25, g: 25, b: 30)
        let baseline = zone.y + zone.height * random.uniform(0.55, 0.7)
        var x = zone.x + random.uniform(0.5, 4)
        let end = zone.x + zone.width * random.uniform(0.6, 0.95)
        var path: [CairoCanvas.PathElement] = [.move(Point2D(x: x * s, y: baseline * s))]
        var y = baseline
        while x < end {
            let dx = random.uniform(1.5, 4.5)
            let ny = baseline + random.uniform(-0.4, 0.3) * zone.height
            path.append(
                .curve(
                    Point2D(
                        x: (x + dx * random.uniform(0.1, 0.6)) * s, y: (y + random.uniform(-0.5, 0.5) * zone.height) * s
                    ),
                    Point2D(
                        x: (x + dx * random.uniform(0.4, 1.0)) * s,
                        y: (ny + random.uniform(-0.4, 0.4) * zone.height) * s),
                    Point2D(x: (x + dx) * s, y: ny * s)))
            x += dx
            y = ny
        }
        canvas.stroke(path, lineWidth: random.uniform(0.2, 0.4) * s, colour: ink)
        if random.chance(0.4) {
            canvas.stroke(
                [
                    .move(Point2D(x: (zone.x + 1) * s, y: (baseline + zone.height * 0.2) * s)),
                    .curve(
                        Point2D(x: (zone.x + zone.width * 0.3) * s, y: (baseline + zone.height * 0.35) * s),
                        Point2D(x: (end - 4) * s, y: (baseline + zone.height * 0.1) * s),
                        Point2D(x: end * s, y: (baseline + zone.height * 0.15) * s)),
                ],
                lineWidth: random.uniform(0.15, 0.3) * s, colour: ink)
        }
    }

    // MARK: MRZ

    /// Draws the MRZ lines and returns their character cells.
    mutating func drawMRZ(_ lines: [String]) -> (boxes: [MRZCharacterBox], pitch: Double, capHeight: Double) {
        guard !lines.isEmpty else { return ([], DocumentLayout.mrzPitch * s, DocumentLayout.mrzCapHeight * s) }
        let family = DocumentRenderer.mrzFontFamily
        let probe = canvas.textExtents("H", family: family, size: 100)
        let advance = canvas.textExtents("<", family: family, size: 100).xAdvance / 100
        let capRatio = probe.height > 0 ? probe.height / 100 : 0.7
        let capHeight = DocumentLayout.mrzCapHeight * random.uniform(0.97, 1.03) * s
        let size = capHeight / capRatio
        let pitch = DocumentLayout.mrzPitch * random.uniform(0.997, 1.003) * s
        let dx = random.uniform(-0.5, 0.5) * s
        let dy = random.uniform(-0.5, 0.5) * s
        let ink = RGBA(
            r: UInt8(random.integer(in: 10...45)), g: UInt8(random.integer(in: 10...45)),
            b: UInt8(random.integer(in: 15...55)))
        let height = layout.height * s
        var boxes: [MRZCharacterBox] = []
        for (lineIndex, line) in lines.enumerated() where lineIndex < layout.mrzLineCentresFromBottom.count {
            let centre = height - layout.mrzLineCentresFromBottom[lineIndex] * s + dy + random.uniform(-0.05, 0.05) * s
            let baseline = centre + capHeight / 2
            let left = layout.mrzLeftMargin * s + dx + random.uniform(-0.08, 0.08) * s
            let inset = (pitch - advance * size) / 2
            for (i, ch) in line.enumerated() {
                let cellX = left + Double(i) * pitch
                canvas.drawText(String(ch), x: cellX + inset, y: baseline, family: family, size: size, colour: ink)
                boxes.append(
                    MRZCharacterBox(
                        line: lineIndex, index: i, character: String(ch), x: cellX,
                        y: baseline - capHeight, width: pitch, height: capHeight))
            }
        }
        return (boxes, pitch, capHeight)
    }

    // MARK: Text

    /// Draws `string` at (`x`, `baseline`) mm in DejaVu Sans, shrunk to fit `maxWidth` mm.
    private func text(
        _ string: String, x: Double, baseline: Double, size: Double, colour: RGBA, bold: Bool, maxWidth: Double
    ) {
        guard !string.isEmpty else { return }
        let family = textFamily
        var px = size * s
        let width = canvas.textWidth(string, family: family, size: px, bold: bold)
        if width > maxWidth * s, width > 0 { px *= maxWidth * s / width }
        canvas.drawText(string, x: x * s, y: baseline * s, family: family, size: px, colour: colour, bold: bold)
    }
}

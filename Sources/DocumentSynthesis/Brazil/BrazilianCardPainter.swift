import CaptureCore
import DocumentEngine
import Foundation

/// The drawing steps of one Brazilian card side, in millimetres (see ``BrazilianDocumentRenderer``).
struct BrazilianCardPainter {
    let side: BrazilianDocumentSide
    let layout: DocumentLayout
    let s: Double
    let identity: BrazilianIdentity
    /// The RG back is the new CIN's (with its MRZ).
    let isCIN: Bool
    var random: SeededGenerator
    let canvas: CairoCanvas
    let paper: RGBA
    let paperGradient: RGBA
    let pattern: RGBA
    let accent: RGBA
    let ink: RGBA
    let label: RGBA
    /// A few millimetres of jitter applied to every block, per document.
    let dx: Double
    let dy: Double

    init(
        side: BrazilianDocumentSide, layout: DocumentLayout, scale: Double, identity: BrazilianIdentity, isCIN: Bool,
        random: SeededGenerator
    ) {
        self.side = side
        self.layout = layout
        self.s = scale
        self.identity = identity
        self.isCIN = isCIN
        self.random = random
        canvas = CairoCanvas(
            width: max(1, Int((layout.width * scale).rounded())),
            height: max(1, Int((layout.height * scale).rounded())),
            background: RGBA(r: 0, g: 0, b: 0, a: 0))
        let hue: Double
        switch side {
        case .rgFront, .rgBack: hue = isCIN ? self.random.uniform(170, 210) : self.random.uniform(95, 140)
        case .cnhFront, .cnhBack: hue = self.random.uniform(55, 95)
        }
        paper = DocumentPalette.hsl(hue, self.random.uniform(0.2, 0.45), self.random.uniform(0.86, 0.92))
        paperGradient = DocumentPalette.hsl(
            hue + self.random.uniform(-25, 25), self.random.uniform(0.2, 0.5),
            self.random.uniform(0.82, 0.9))
        pattern = DocumentPalette.hsl(
            hue + self.random.uniform(-20, 20), self.random.uniform(0.35, 0.6),
            self.random.uniform(0.5, 0.65), alpha: self.random.uniform(0.2, 0.38))
        accent = DocumentPalette.hsl(
            hue + self.random.uniform(-15, 15), self.random.uniform(0.4, 0.7),
            self.random.uniform(0.2, 0.32))
        ink = DocumentPalette.hsl(
            self.random.uniform(200, 240), self.random.uniform(0, 0.3),
            self.random.uniform(0.06, 0.16))
        label = DocumentPalette.hsl(hue, self.random.uniform(0.3, 0.6), self.random.uniform(0.22, 0.32))
        dx = self.random.uniform(-1.2, 1.2)
        dy = self.random.uniform(-0.6, 0.6)
    }

    // MARK: Background

    mutating func drawBackground() {
        let w = layout.width * s, h = layout.height * s
        canvas.clip(x: 0, y: 0, width: w, height: h, radius: 3.18 * s)
        let angle = random.uniform(0, 2 * Double.pi)
        let c = Point2D(x: w / 2, y: h / 2), half = max(w, h) / 2
        canvas.fillRectGradient(
            x: 0, y: 0, width: w, height: h,
            start: Point2D(x: c.x - cos(angle) * half, y: c.y - sin(angle) * half),
            end: Point2D(x: c.x + cos(angle) * half, y: c.y + sin(angle) * half),
            stops: [(0, paper), (1, paperGradient)])
        // Guilloche-like waves.
        let count = random.integer(in: 22...36)
        let amplitude = random.uniform(1.2, 4), wavelength = random.uniform(16, 40)
        let amplitude2 = random.uniform(0.4, 1.5), wavelength2 = random.uniform(5, 12)
        let phaseStep = random.uniform(0.08, 0.3), phase0 = random.uniform(0, 6.28)
        var lines: [[Point2D]] = []
        for k in 0...count {
            let base = Double(k) * layout.height / Double(count)
            var points: [Point2D] = []
            var x = -1.0
            while x <= layout.width + 1 {
                let y =
                    base + amplitude * sin(2 * Double.pi * x / wavelength + phase0 + Double(k) * phaseStep)
                    + amplitude2 * sin(2 * Double.pi * x / wavelength2 + Double(k) * phaseStep * 2.3)
                points.append(Point2D(x: x * s, y: y * s))
                x += 1.2
            }
            lines.append(points)
        }
        canvas.strokePaths(lines, lineWidth: random.uniform(0.06, 0.12) * s, colour: pattern)
        // A rosette, as on the coat of arms' side of the cards.
        let centre = Point2D(x: random.uniform(0.45, 0.75) * layout.width, y: random.uniform(0.35, 0.6) * layout.height)
        let radius = random.uniform(0.2, 0.3) * layout.height
        let curves = random.integer(in: 12...20)
        let lobes = Double(random.integer(in: 6...10))
        var rosette: [[Point2D]] = []
        for k in 0..<curves {
            let offset = Double(k) * 2 * Double.pi / Double(curves) / lobes
            rosette.append(
                (0...90).map { i in
                    let t = Double(i) * 2 * Double.pi / 90
                    let r = radius * (1 + 0.2 * sin(lobes * t + offset * lobes))
                    return Point2D(x: (centre.x + r * cos(t + offset)) * s, y: (centre.y + r * sin(t + offset)) * s)
                })
        }
        canvas.strokePaths(rosette, lineWidth: 0.08 * s, colour: pattern)
    }

    // MARK: Header

    mutating func drawHeader() {
        let centreX = layout.width / 2 + dx * 0.5
        centred(
            "REPÚBLICA FEDERATIVA DO BRASIL", x: centreX, baseline: 3.6 + dy, size: 2.3, colour: accent,
            bold: true)
        switch side {
        case .rgFront:
            centred(
                "ESTADO DE " + identity.issuingStateName, x: centreX, baseline: 6.1 + dy, size: 1.7, colour: label,
                bold: false)
            centred(
                "SECRETARIA DA SEGURANÇA PÚBLICA", x: centreX, baseline: 8.3 + dy, size: 1.5, colour: label,
                bold: false)
            centred("CARTEIRA DE IDENTIDADE", x: 52 + dx, baseline: 13 + dy, size: 2.6, colour: accent, bold: true)
        case .rgBack:
            if isCIN {
                centred(
                    "CARTEIRA DE IDENTIDADE NACIONAL", x: centreX, baseline: 6.6 + dy, size: 2.0, colour: label,
                    bold: true)
            } else {
                centred(
                    "ESTADO DE " + identity.issuingStateName + " - SECRETARIA DA SEGURANÇA PÚBLICA", x: centreX,
                    baseline: 6.1 + dy, size: 1.5, colour: label, bold: false)
                centred(
                    "INSTITUTO DE IDENTIFICAÇÃO", x: centreX, baseline: 8.3 + dy, size: 1.5, colour: label,
                    bold: false)
            }
        case .cnhFront:
            centred(
                "MINISTÉRIO DOS TRANSPORTES", x: centreX, baseline: 5.9 + dy, size: 1.45, colour: label,
                bold: false)
            centred(
                "SECRETARIA NACIONAL DE TRÂNSITO", x: centreX, baseline: 7.9 + dy, size: 1.45, colour: label,
                bold: false)
            centred(
                "CARTEIRA NACIONAL DE HABILITAÇÃO", x: centreX, baseline: 11.2 + dy, size: 2.5, colour: accent,
                bold: true)
        case .cnhBack:
            centred(
                "CARTEIRA NACIONAL DE HABILITAÇÃO", x: centreX, baseline: 6.4 + dy, size: 1.8, colour: label,
                bold: true)
        }
    }

    // MARK: Body

    /// Draws the side's fields and boxes; returns the portrait and signature zones.
    mutating func drawBody() -> (face: DocumentLayout.Zone?, signature: DocumentLayout.Zone?) {
        let id = identity
        let date = BrazilianIdentity.display
        switch side {
        case .rgFront:
            let face = DocumentLayout.Zone(x: 4.5 + dx, y: 15 + dy, width: 21, height: 27)
            drawPortrait(in: face)
            let thumb = DocumentLayout.Zone(x: 63 + dx, y: 16 + dy, width: 16, height: 20)
            canvas.strokeRoundedRect(
                x: thumb.x * s, y: thumb.y * s, width: thumb.width * s, height: thumb.height * s,
                radius: 1 * s, lineWidth: 0.15 * s, colour: label)
            drawThumbprint(in: thumb)
            centred(
                "POLEGAR DIREITO", x: thumb.x + thumb.width / 2, baseline: thumb.y + thumb.height + 2, size: 1.3,
                colour: label, bold: false)
            let signature = DocumentLayout.Zone(x: 29 + dx, y: 37 + dy, width: 32, height: 7)
            drawSignature(in: signature)
            line(x0: signature.x, x1: signature.x + signature.width, y: signature.y + signature.height)
            text(
                "ASSINATURA DO TITULAR", x: signature.x, baseline: signature.y + signature.height + 2, size: 1.3,
                colour: label, bold: false, maxWidth: 40)
            centred(
                "VÁLIDA EM TODO O TERRITÓRIO NACIONAL", x: layout.width / 2 + dx, baseline: 51.3, size: 1.7,
                colour: accent, bold: true)
            return (face, signature)
        case .rgBack where isCIN:
            fields(
                x: 4 + dx, y: 10 + dy, width: 58, rowHeight: 5.6,
                rows: [
                    [("REGISTRO GERAL - CPF", id.cpf), ("DATA DE NASCIMENTO", date(id.dateOfBirth))],
                    [("FILIAÇÃO", id.father)],
                    [("", id.mother)],
                    [("NATURALIDADE", id.placeOfBirth), ("ÓRGÃO EXPEDIDOR", "SSP/" + id.issuingState)],
                    [("LOCAL DE EMISSÃO", id.issuingStateName), ("DATA DE EMISSÃO", date(id.dateOfIssue))],
                ])
            drawCodeBlock(x: 66 + dx, y: 10 + dy, size: 15)
            return (nil, nil)
        case .rgBack:
            fields(
                x: 4 + dx, y: 10.5 + dy, width: 78, rowHeight: 5.4,
                rows: [
                    [("REGISTRO GERAL", id.rgNumber), ("DATA DE EXPEDIÇÃO", date(id.dateOfIssue))],
                    [("NOME", id.fullName)],
                    [("FILIAÇÃO", id.father)],
                    [("", id.mother)],
                    [("NATURALIDADE", id.placeOfBirth), ("DATA DE NASCIMENTO", date(id.dateOfBirth))],
                    [
                        (
                            "DOC. ORIGEM",
                            "CERT. NASC. LV A-\(random.integer(in: 10...300)) FL \(random.integer(in: 1...300))"
                        ),
                        ("CPF", id.cpf),
                    ],
                ])
            let signature = DocumentLayout.Zone(x: 44 + dx, y: 43 + dy, width: 34, height: 5)
            drawSignature(in: signature)
            line(x0: signature.x, x1: signature.x + signature.width, y: signature.y + signature.height)
            text(
                "ASSINATURA DO DIRETOR", x: signature.x, baseline: signature.y + signature.height + 1.8, size: 1.2,
                colour: label, bold: false, maxWidth: 34)
            text(
                "LEI Nº 7.116 DE 29/08/83", x: 4 + dx, baseline: 51.5, size: 1.4, colour: label, bold: false,
                maxWidth: 36)
            return (nil, signature)
        case .cnhFront:
            let face = DocumentLayout.Zone(x: 4 + dx, y: 14 + dy, width: 20, height: 26)
            drawPortrait(in: face)
            fields(
                x: 27 + dx, y: 13.5 + dy, width: 55, rowHeight: 5.4,
                rows: [
                    [("NOME E SOBRENOME", id.fullName)],
                    [("DATA, LOCAL E UF DE NASCIMENTO", date(id.dateOfBirth) + ", " + id.placeOfBirth)],
                    [("DATA EMISSÃO", date(id.dateOfIssue)), ("VALIDADE", date(id.dateOfExpiry))],
                    [("DOC. IDENTIDADE / ÓRG. EMISSOR / UF", id.rgNumber + " SSP " + id.issuingState)],
                    [("CPF", id.cpf), ("Nº REGISTRO", id.cnhRegistration)],
                    [("CAT. HAB.", id.categories), ("1ª HABILITAÇÃO", date(id.firstLicence))],
                ])
            let signature = DocumentLayout.Zone(x: 4 + dx, y: 44 + dy, width: 30, height: 5)
            drawSignature(in: signature)
            line(x0: signature.x, x1: signature.x + signature.width, y: signature.y + signature.height)
            text(
                "ASSINATURA DO PORTADOR", x: signature.x, baseline: signature.y + signature.height + 1.8, size: 1.2,
                colour: label, bold: false, maxWidth: 30)
            return (face, signature)
        case .cnhBack:
            drawCategoryTable(x: 4 + dx, y: 10 + dy)
            canvas.strokeRoundedRect(
                x: (44 + dx) * s, y: (10 + dy) * s, width: 38 * s, height: 15 * s, radius: 0.8 * s,
                lineWidth: 0.15 * s, colour: label)
            text("OBSERVAÇÕES", x: 45 + dx, baseline: 12.2 + dy, size: 1.4, colour: label, bold: false, maxWidth: 30)
            text(
                random.pick(["EAR", "A", "-", "D", "F"]), x: 45 + dx, baseline: 16 + dy, size: 2.2, colour: ink,
                bold: true, maxWidth: 30)
            fields(
                x: 44 + dx, y: 27 + dy, width: 38, rowHeight: 5.4,
                rows: [
                    [
                        (
                            "LOCAL",
                            id.placeOfBirth.split(separator: "-").first
                                .map { $0.trimmingCharacters(in: .whitespaces) } ?? "BRASÍLIA"
                        )
                    ],
                    [("DATA EMISSÃO", date(id.dateOfIssue))],
                ])
            let signature = DocumentLayout.Zone(x: 44 + dx, y: 39 + dy, width: 36, height: 5)
            drawSignature(in: signature)
            line(x0: signature.x, x1: signature.x + signature.width, y: signature.y + signature.height)
            text(
                "ASSINATURA DO EMISSOR", x: signature.x, baseline: signature.y + signature.height + 1.8, size: 1.2,
                colour: label, bold: false, maxWidth: 36)
            centred(
                "VÁLIDA EM TODO O TERRITÓRIO NACIONAL", x: layout.width / 2 + dx, baseline: 51.6, size: 1.6,
                colour: accent, bold: true)
            return (nil, signature)
        }
    }

    /// Rows of labelled values: small labels in the accent colour, values in ink.
    private mutating func fields(x: Double, y: Double, width: Double, rowHeight: Double, rows: [[(String, String)]]) {
        let labelSize = 1.3, valueSize = 2.0
        for (r, row) in rows.enumerated() {
            let cell = width / Double(row.count)
            for (c, entry) in row.enumerated() {
                let cx = x + Double(c) * cell, top = y + Double(r) * rowHeight
                text(
                    entry.0, x: cx, baseline: top + labelSize, size: labelSize, colour: label, bold: false,
                    maxWidth: cell - 1)
                text(
                    entry.1, x: cx, baseline: top + labelSize + valueSize * 1.2, size: valueSize, colour: ink,
                    bold: true, maxWidth: cell - 1)
            }
        }
    }

    /// The CNH back's table of categories with dates.
    private mutating func drawCategoryTable(x: Double, y: Double) {
        let categories = ["ACC", "A", "A1", "B", "B1", "C", "C1", "D", "D1", "BE", "CE"]
        let rowHeight = 3.3
        let height = Double(categories.count) * rowHeight + 1
        canvas.strokeRoundedRect(
            x: x * s, y: y * s, width: 36 * s, height: height * s, radius: 0.6 * s,
            lineWidth: 0.15 * s, colour: label)
        for (i, category) in categories.enumerated() {
            let baseline = y + Double(i + 1) * rowHeight
            text(category, x: x + 1, baseline: baseline, size: 1.5, colour: label, bold: true, maxWidth: 6)
            let held = identity.categories.contains(category) && category.count == 1
            text(
                held ? BrazilianIdentity.display(identity.firstLicence) : "--/--/----", x: x + 9, baseline: baseline,
                size: 1.5, colour: held ? ink : label, bold: held, maxWidth: 14)
            text(
                held ? BrazilianIdentity.display(identity.dateOfExpiry) : "--/--/----", x: x + 22, baseline: baseline,
                size: 1.5, colour: held ? ink : label, bold: held, maxWidth: 14)
        }
    }

    /// A square of random modules, standing for the QR code of the new models.
    private mutating func drawCodeBlock(x: Double, y: Double, size: Double) {
        let n = 21
        let module = size / Double(n)
        canvas.fillRect(
            x: (x - 1) * s, y: (y - 1) * s, width: (size + 2) * s, height: (size + 2) * s,
            colour: RGBA(r: 250, g: 250, b: 250))
        // The three finder squares (dark ring, light ring, dark centre), random modules elsewhere.
        func finder(_ row: Int, _ col: Int) -> Bool? {
            for (r0, c0) in [(0, 0), (0, n - 7), (n - 7, 0)]
            where (r0..<r0 + 7).contains(row) && (c0..<c0 + 7).contains(col) {
                let r = row - r0, c = col - c0
                return min(r, 6 - r, c, 6 - c) != 1
            }
            return nil
        }
        for row in 0..<n {
            for col in 0..<n {
                let dark = finder(row, col) ?? random.chance(0.5)
                if dark {
                    canvas.fillRect(
                        x: (x + Double(col) * module) * s, y: (y + Double(row) * module) * s,
                        width: module * s + 0.5, height: module * s + 0.5,
                        colour: RGBA(r: 20, g: 20, b: 25))
                }
            }
        }
    }

    private mutating func drawThumbprint(in zone: DocumentLayout.Zone) {
        let c = Point2D(x: (zone.x + zone.width / 2) * s, y: (zone.y + zone.height / 2) * s)
        let colour = RGBA(r: 40, g: 40, b: 70, a: 170)
        var arcs: [[Point2D]] = []
        let rings = random.integer(in: 9...13)
        let tilt = random.uniform(-0.3, 0.3)
        for k in 1...rings {
            let rx = Double(k) * zone.width * 0.035 * s, ry = Double(k) * zone.height * 0.036 * s
            let start = random.uniform(0, 0.8), end = random.uniform(2 * Double.pi - 0.8, 2 * Double.pi)
            arcs.append(
                stride(from: start, through: end, by: 0.1).map { t in
                    let x = rx * cos(t), y = ry * sin(t)
                    return Point2D(x: c.x + x * cos(tilt) - y * sin(tilt), y: c.y + x * sin(tilt) + y * cos(tilt))
                })
        }
        canvas.strokePaths(arcs, lineWidth: 0.25 * s, colour: colour)
    }

    private mutating func drawPortrait(in zone: DocumentLayout.Zone) {
        let x = zone.x * s, y = zone.y * s, w = zone.width * s, h = zone.height * s
        canvas.fillRect(
            x: x, y: y, width: w, height: h,
            colour: DocumentPalette.hsl(
                random.uniform(190, 230), random.uniform(0, 0.2),
                random.uniform(0.75, 0.9)))
        canvas.clip(x: x, y: y, width: w, height: h)
        let skin = random.pick([
            RGBA(r: 241, g: 205, b: 180), RGBA(r: 224, g: 172, b: 138), RGBA(r: 198, g: 140, b: 100),
            RGBA(r: 150, g: 100, b: 70), RGBA(r: 105, g: 70, b: 50),
        ])
        let hair = random.pick([RGBA(r: 30, g: 25, b: 22), RGBA(r: 70, g: 45, b: 30), RGBA(r: 120, g: 85, b: 50)])
        let cloth = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0.1, 0.5), random.uniform(0.15, 0.4))
        let cx = x + w * random.uniform(0.46, 0.54), cy = y + h * random.uniform(0.4, 0.46)
        let headW = w * random.uniform(0.45, 0.55), headH = h * random.uniform(0.42, 0.5)
        canvas.fillEllipse(x: cx - w * 0.62, y: y + h * 0.8, width: w * 1.24, height: h * 0.6, colour: cloth)
        canvas.fillRect(x: cx - headW * 0.2, y: cy + headH * 0.2, width: headW * 0.4, height: h * 0.3, colour: skin)
        canvas.fillEllipse(x: cx - headW / 2, y: cy - headH / 2, width: headW, height: headH, colour: skin)
        canvas.fillEllipse(
            x: cx - headW * 0.53, y: cy - headH * 0.6, width: headW * 1.06,
            height: headH * random.uniform(0.45, 0.6), colour: hair)
        for sign in [-1.0, 1.0] {
            canvas.fillEllipse(
                x: cx + sign * headW * 0.2 - headW * 0.04, y: cy - headH * 0.04, width: headW * 0.08,
                height: headH * 0.06, colour: RGBA(r: 40, g: 30, b: 30))
        }
        canvas.resetClip()
        canvas.clip(x: 0, y: 0, width: layout.width * s, height: layout.height * s, radius: 3.18 * s)
    }

    private mutating func drawSignature(in zone: DocumentLayout.Zone) {
        let signatureInk = random.chance(0.6) ? RGBA(r: 20, g: 30, b: 110) : RGBA(r: 25, g: 25, b: 30)
        let baseline = zone.y + zone.height * random.uniform(0.5, 0.7)
        var x = zone.x + random.uniform(0.5, 3)
        let end = zone.x + zone.width * random.uniform(0.6, 0.95)
        var path: [CairoCanvas.PathElement] = [.move(Point2D(x: x * s, y: baseline * s))]
        while x < end {
            let step = random.uniform(1.5, 4)
            let ny = baseline + random.uniform(-0.4, 0.3) * zone.height
            path.append(
                .curve(
                    Point2D(x: (x + step * 0.3) * s, y: (baseline + random.uniform(-0.5, 0.5) * zone.height) * s),
                    Point2D(x: (x + step * 0.7) * s, y: (ny + random.uniform(-0.4, 0.4) * zone.height) * s),
                    Point2D(x: (x + step) * s, y: ny * s)))
            x += step
        }
        canvas.stroke(path, lineWidth: random.uniform(0.2, 0.35) * s, colour: signatureInk)
    }

    // MARK: MRZ

    /// Draws TD1 MRZ lines in OCR-B at the ICAO pitch and returns their character cells.
    mutating func drawMRZ(_ lines: [String]) -> (boxes: [MRZCharacterBox], pitch: Double, capHeight: Double) {
        let capHeight = DocumentLayout.mrzCapHeight * random.uniform(0.97, 1.03) * s
        let pitch = DocumentLayout.mrzPitch * random.uniform(0.997, 1.003) * s
        guard !lines.isEmpty else { return ([], pitch, capHeight) }
        let family = DocumentRenderer.mrzFontFamily
        let probe = canvas.textExtents("H", family: family, size: 100)
        let advance = canvas.textExtents("<", family: family, size: 100).xAdvance / 100
        let size = capHeight / (probe.height > 0 ? probe.height / 100 : 0.7)
        let offsetX = random.uniform(-0.5, 0.5) * s, offsetY = random.uniform(-0.5, 0.5) * s
        let mrzInk = RGBA(
            r: UInt8(random.integer(in: 10...40)), g: UInt8(random.integer(in: 10...40)),
            b: UInt8(random.integer(in: 15...50)))
        var boxes: [MRZCharacterBox] = []
        for (lineIndex, text) in lines.enumerated() where lineIndex < layout.mrzLineCentresFromBottom.count {
            let centre = layout.height * s - layout.mrzLineCentresFromBottom[lineIndex] * s + offsetY
            let baseline = centre + capHeight / 2
            let left = layout.mrzLeftMargin * s + offsetX
            let inset = (pitch - advance * size) / 2
            for (i, ch) in text.enumerated() {
                let cellX = left + Double(i) * pitch
                canvas.drawText(String(ch), x: cellX + inset, y: baseline, family: family, size: size, colour: mrzInk)
                boxes.append(
                    MRZCharacterBox(
                        line: lineIndex, index: i, character: String(ch), x: cellX,
                        y: baseline - capHeight, width: pitch, height: capHeight))
            }
        }
        return (boxes, pitch, capHeight)
    }

    // MARK: Text

    private func line(x0: Double, x1: Double, y: Double) {
        canvas.strokePath(
            [Point2D(x: x0 * s, y: y * s), Point2D(x: x1 * s, y: y * s)], lineWidth: 0.12 * s,
            colour: label)
    }

    /// Draws `string` at (`x`, `baseline`) mm in DejaVu Sans, shrunk to fit `maxWidth` mm.
    private func text(
        _ string: String, x: Double, baseline: Double, size: Double, colour: RGBA, bold: Bool,
        maxWidth: Double
    ) {
        guard !string.isEmpty else { return }
        let family = DocumentRenderer.textFontFamily
        var px = size * s
        let width = canvas.textWidth(string, family: family, size: px, bold: bold)
        if width > maxWidth * s, width > 0 { px *= maxWidth * s / width }
        canvas.drawText(string, x: x * s, y: baseline * s, family: family, size: px, colour: colour, bold: bold)
    }

    /// Draws `string` centred on `x`, shrunk to fit the card.
    private func centred(_ string: String, x: Double, baseline: Double, size: Double, colour: RGBA, bold: Bool) {
        let family = DocumentRenderer.textFontFamily
        var px = size * s
        let maxWidth = (layout.width - 6) * s
        var width = canvas.textWidth(string, family: family, size: px, bold: bold)
        if width > maxWidth, width > 0 {
            px *= maxWidth / width
            width = maxWidth
        }
        let left = min(max(3 * s, x * s - width / 2), layout.width * s - 3 * s - width)
        canvas.drawText(string, x: left, y: baseline * s, family: family, size: px, colour: colour, bold: bold)
    }
}

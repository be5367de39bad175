internal import CCairo
package import CaptureCore

/// A small drawing surface over Cairo (ARGB32) for rendering synthetic material: filled shapes and
/// text in any installed font (for example fontconfig's "OCR B" from Debian's fonts-ocr-b).
package final class CairoCanvas {
    package let width: Int
    package let height: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// A canvas filled with `background` (a fully transparent colour leaves it transparent).
    package init(width: Int, height: Int, background: RGBA = RGBA(r: 255, g: 255, b: 255)) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        setColour(background)
        cairo_paint(context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Sets the colour of following fills and text.
    package func setColour(_ c: RGBA) {
        cairo_set_source_rgba(context, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
    }

    /// Fills an axis-aligned rectangle.
    package func fillRect(x: Double, y: Double, width: Double, height: Double, colour: RGBA) {
        setColour(colour)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Fills an ellipse inside the given box.
    package func fillEllipse(x: Double, y: Double, width: Double, height: Double, colour: RGBA) {
        setColour(colour)
        cairo_save(context)
        cairo_translate(context, x + width / 2, y + height / 2)
        cairo_scale(context, width / 2, height / 2)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(context)
        cairo_fill(context)
    }

    /// Strokes a polyline.
    package func strokePath(_ points: [Point2D], lineWidth: Double, colour: RGBA, closed: Bool = false) {
        guard let first = points.first else { return }
        setColour(colour)
        cairo_set_line_width(context, lineWidth)
        cairo_move_to(context, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(context, p.x, p.y) }
        if closed { cairo_close_path(context) }
        cairo_stroke(context)
    }

    /// Strokes several polylines with Cairo's fast antialiasing (fine background patterns: many thin,
    /// overlapping lines, where the default rasteriser is slow).
    package func strokePaths(_ lines: [[Point2D]], lineWidth: Double, colour: RGBA) {
        setColour(colour)
        cairo_set_line_width(context, lineWidth)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_FAST)
        cairo_new_path(context)
        for points in lines {
            guard let first = points.first else { continue }
            cairo_move_to(context, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(context, p.x, p.y) }
        }
        cairo_stroke(context)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    }

    /// Adds the outline of `text` in the font chosen by ``selectFont(family:size:bold:)`` to the
    /// current path (nothing is drawn until ``fillOutlines(ink:weight:paper:)``), its baseline
    /// starting at (`x`, `baseline`) and sheared by `shear` (x shifts by `-shear` per pixel above the
    /// baseline: positive leans right).
    package func addTextOutline(_ text: String, x: Double, baseline: Double, shear: Double) {
        cairo_save(context)
        var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: -shear, yy: 1, x0: x + shear * baseline, y0: baseline)
        cairo_transform(context, &matrix)
        cairo_move_to(context, 0, 0)
        cairo_text_path(context, text)
        cairo_restore(context)
    }

    /// Fills the outlines added by ``addTextOutline(_:x:baseline:shear:)`` with `ink` and
    /// varies their stroke weight: a `weight` > 0 strokes the outlines `2 * weight` pixels wide in
    /// `ink` (bolder), a `weight` < 0 strokes them `-2 * weight` wide in `paper` (thinner). Clears
    /// the path.
    package func fillOutlines(ink: RGBA, weight: Double, paper: RGBA) {
        setColour(ink)
        cairo_fill_preserve(context)
        if weight >= 0 {
            cairo_set_line_width(context, max(0.01, 2 * weight))
        } else {
            setColour(paper)
            cairo_set_line_width(context, -2 * weight)
        }
        cairo_stroke(context)
    }

    /// Draws `text` with its baseline starting at (`x`, `y`).
    /// - Parameters:
    ///   - family: a fontconfig family name, e.g. "OCR B" or "DejaVu Sans".
    ///   - size: the font size in pixels (em height).
    ///   - letterSpacing: extra advance added after every character, in pixels; when non-nil the
    ///     text is laid out one character at a time with a fixed advance of `fixedAdvance` if given.
    package func drawText(
        _ text: String, x: Double, y: Double, family: String, size: Double, colour: RGBA,
        bold: Bool = false, fixedAdvance: Double? = nil
    ) {
        setColour(colour)
        selectFont(family: family, size: size, bold: bold)
        if let advance = fixedAdvance {
            for (i, ch) in text.enumerated() {
                cairo_move_to(context, x + Double(i) * advance, y)
                cairo_show_text(context, String(ch))
            }
        } else {
            cairo_move_to(context, x, y)
            cairo_show_text(context, text)
        }
    }

    /// Draws `text` with its baseline starting at (`x`, `y`), its glyphs widened by `widthScale`
    /// (below 1: condensed), leaning right by `shear` (x shifts by `shear` per pixel above the
    /// baseline) and their strokes thickened by `weight` pixels on each side (a heavier print).
    package func drawText(
        _ text: String, x: Double, y: Double, family: String, size: Double, colour: RGBA, bold: Bool,
        widthScale: Double, shear: Double, weight: Double
    ) {
        selectFont(family: family, size: size, bold: bold)
        cairo_new_path(context)
        cairo_save(context)
        var matrix = cairo_matrix_t(xx: widthScale, yx: 0, xy: -shear, yy: 1, x0: x, y0: y)
        cairo_transform(context, &matrix)
        cairo_move_to(context, 0, 0)
        cairo_text_path(context, text)
        cairo_restore(context)
        setColour(colour)
        if weight > 0 {
            cairo_fill_preserve(context)
            cairo_set_line_width(context, 2 * weight)
            cairo_stroke(context)
        } else {
            cairo_fill(context)
        }
    }

    /// The advance width of `text` in the given font, in pixels.
    package func textWidth(_ text: String, family: String, size: Double, bold: Bool = false) -> Double {
        selectFont(family: family, size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Ink and advance metrics of `text` in the given font, in pixels (y up is negative, as in Cairo).
    package func textExtents(_ text: String, family: String, size: Double, bold: Bool = false) -> TextExtents {
        selectFont(family: family, size: size, bold: bold)
        var e = cairo_text_extents_t()
        cairo_text_extents(context, text, &e)
        return TextExtents(
            xBearing: e.x_bearing, yBearing: e.y_bearing, width: e.width, height: e.height,
            xAdvance: e.x_advance)
    }

    /// Draws `text` with its baseline starting at (`x`, `y`), turned by `angle` radians (clockwise on
    /// screen) about that point.
    package func drawText(
        _ text: String, x: Double, y: Double, angle: Double, family: String, size: Double, colour: RGBA,
        bold: Bool = false
    ) {
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_rotate(context, angle)
        drawText(text, x: 0, y: 0, family: family, size: size, colour: colour, bold: bold)
        cairo_restore(context)
    }

    /// Fills a rectangle with rounded corners.
    package func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double, colour: RGBA) {
        setColour(colour)
        roundedRectPath(x: x, y: y, width: width, height: height, radius: radius)
        cairo_fill(context)
    }

    /// Strokes the outline of a rectangle with rounded corners.
    package func strokeRoundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double, lineWidth: Double, colour: RGBA
    ) {
        setColour(colour)
        cairo_set_line_width(context, lineWidth)
        roundedRectPath(x: x, y: y, width: width, height: height, radius: radius)
        cairo_stroke(context)
    }

    /// Fills a rectangle with a linear gradient running from `start` to `end` through `stops`
    /// (offset 0...1, colour).
    package func fillRectGradient(
        x: Double, y: Double, width: Double, height: Double, start: Point2D, end: Point2D, stops: [(Double, RGBA)]
    ) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, c) in stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, offset, Double(c.r) / 255, Double(c.g) / 255,
                Double(c.b) / 255, Double(c.a) / 255)
        }
        cairo_set_source(context, pattern)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Fills a circle of `radius` around `centre` with a radial gradient from `inner` at the centre to
    /// `outer` at the rim.
    package func fillRadialGradient(centre: Point2D, radius: Double, inner: RGBA, outer: RGBA) {
        guard let pattern = cairo_pattern_create_radial(centre.x, centre.y, 0, centre.x, centre.y, radius) else {
            return
        }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, c) in [(0.0, inner), (1.0, outer)] {
            cairo_pattern_add_color_stop_rgba(
                pattern, offset, Double(c.r) / 255, Double(c.g) / 255,
                Double(c.b) / 255, Double(c.a) / 255)
        }
        cairo_set_source(context, pattern)
        cairo_arc(context, centre.x, centre.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    /// Fills a closed shape made of straight and cubic Bézier segments.
    package func fill(_ path: [PathElement], colour: RGBA) {
        setColour(colour)
        addPath(path)
        cairo_fill(context)
    }

    /// Strokes a shape made of straight and cubic Bézier segments with round caps and joins.
    package func stroke(_ path: [PathElement], lineWidth: Double, colour: RGBA) {
        setColour(colour)
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        addPath(path)
        cairo_stroke(context)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    }

    /// Restricts following drawing to a rectangle (with rounded corners when `radius` > 0) until
    /// ``resetClip()``.
    package func clip(x: Double, y: Double, width: Double, height: Double, radius: Double = 0) {
        roundedRectPath(x: x, y: y, width: width, height: height, radius: radius)
        cairo_clip(context)
    }

    /// Removes any clip.
    package func resetClip() { cairo_reset_clip(context) }

    /// One element of a path for ``fill(_:colour:)`` and ``stroke(_:lineWidth:colour:)``.
    package enum PathElement: Sendable {
        case move(Point2D)
        case line(Point2D)
        case curve(Point2D, Point2D, Point2D)
        case close
    }

    /// Text metrics in pixels (Cairo's `cairo_text_extents_t`).
    package struct TextExtents: Sendable, Equatable {
        /// From the origin to the left of the ink.
        package var xBearing: Double
        /// From the baseline to the top of the ink (negative: above the baseline).
        package var yBearing: Double
        package var width: Double
        package var height: Double
        /// How far the origin moves after the text.
        package var xAdvance: Double
    }

    /// Chooses the font of following text: a fontconfig family name, a size in pixels, regular or bold.
    /// The face is the process-wide one of ``CairoFontFaces`` (matched at one fixed size), so the text
    /// is drawn the same whatever this process drew before.
    package func selectFont(family: String, size: Double, bold: Bool = false) {
        cairo_set_font_face(context, CairoFontFaces.face(family: family, bold: bold))
        cairo_set_font_size(context, size)
    }

    private func addPath(_ path: [PathElement]) {
        cairo_new_path(context)
        for element in path {
            switch element {
            case .move(let p): cairo_move_to(context, p.x, p.y)
            case .line(let p): cairo_line_to(context, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(context)
            }
        }
    }

    private func roundedRectPath(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_path(context)
        let r = max(0, min(radius, min(width, height) / 2))
        guard r > 0 else {
            cairo_rectangle(context, x, y, width, height)
            return
        }
        let pi = Double.pi
        cairo_arc(context, x + width - r, y + r, r, -pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, pi / 2)
        cairo_arc(context, x + r, y + height - r, r, pi / 2, pi)
        cairo_arc(context, x + r, y + r, r, pi, 3 * pi / 2)
        cairo_close_path(context)
    }

    /// The canvas as straight-alpha RGBA.
    package func image() -> RGBAImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = RGBAImage(width: width, height: height, fill: RGBA(r: 0, g: 0, b: 0, a: 0))
        guard let data = cairo_image_surface_get_data(surface) else { return out }
        let w = width
        let h = height
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = data.advanced(by: y * stride)
                var d = y * w * 4
                for x in 0..<w {
                    // ARGB32 is native-endian premultiplied: bytes B, G, R, A on little-endian machines.
                    let p = row.advanced(by: x * 4)
                    let a = Int(p[3])
                    if a == 255 {
                        dst[d] = p[2]
                        dst[d + 1] = p[1]
                        dst[d + 2] = p[0]
                        dst[d + 3] = 255
                    } else if a > 0 {
                        dst[d] = UInt8(min(255, (Int(p[2]) * 255 + a / 2) / a))
                        dst[d + 1] = UInt8(min(255, (Int(p[1]) * 255 + a / 2) / a))
                        dst[d + 2] = UInt8(min(255, (Int(p[0]) * 255 + a / 2) / a))
                        dst[d + 3] = UInt8(a)
                    }
                    d += 4
                }
            }
        }
        return out
    }
}

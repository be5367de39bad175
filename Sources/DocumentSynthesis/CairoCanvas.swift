import CCairo
import CaptureCore

/// A small drawing surface over Cairo (ARGB32) for rendering synthetic material: filled shapes and
/// text in any installed font (for example fontconfig's "OCR B" from Debian's fonts-ocr-b).
package final class CairoCanvas {
    package let width: Int
    package let height: Int
    private let surface: OpaquePointer
    package let context: OpaquePointer

    /// A canvas filled with `background`.
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
        cairo_select_font_face(context, family, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
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

    /// The advance width of `text` in the given font, in pixels.
    package func textWidth(_ text: String, family: String, size: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(context, family, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// The canvas as straight-alpha RGBA.
    package func image() -> RGBAImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return RGBAImage(width: width, height: height) }
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                // ARGB32 is native-endian premultiplied: bytes B, G, R, A on little-endian machines.
                let p = data.advanced(by: y * stride + x * 4)
                let b = Int(p[0]), g = Int(p[1]), r = Int(p[2]), a = Int(p[3])
                let i = (y * width + x) * 4
                if a == 0 {
                    out.pixels[i] = 0; out.pixels[i + 1] = 0; out.pixels[i + 2] = 0; out.pixels[i + 3] = 0
                } else {
                    out.pixels[i] = UInt8(min(255, r * 255 / a))
                    out.pixels[i + 1] = UInt8(min(255, g * 255 / a))
                    out.pixels[i + 2] = UInt8(min(255, b * 255 / a))
                    out.pixels[i + 3] = UInt8(a)
                }
            }
        }
        return out
    }
}

internal import CCairo
import CaptureCore

/// The Cairo font faces synthetic text is drawn in, one per fontconfig family and weight, each
/// matched by fontconfig once, at ``matchingPixelSize``, and kept for the life of the process.
///
/// Cairo matches a family name given to `cairo_select_font_face` through fontconfig when that face is
/// first used, at the pixel size of that use, and keeps the match while any cached font still refers
/// to the face. Fontconfig's rules depend on the size (Debian's `20-unhint-small-dejavu-sans.conf`
/// turns hinting off below 7.5 px for DejaVu Sans), so the printed text of a document came out hinted
/// or unhinted depending on what the process had drawn first: a frame composed after a tiny-print
/// scene differed from the same frame composed alone, and what an engine saw in it with it. Matched
/// here at one fixed size, every drawing is independent of what was drawn before it or beside it on
/// another thread (until fontconfig itself reloads its configuration, which it does only when its
/// configuration or font folders change on disk).
enum CairoFontFaces {
    /// The pixel size faces are matched at: ordinary print, above every size-dependent rule.
    static let matchingPixelSize = 32.0

    private struct Key: Hashable {
        var family: String
        var bold: Bool
    }

    /// A font face owned by the table (never destroyed). Cairo's font faces are reference-counted
    /// behind Cairo's own locks and may be used from any thread.
    private struct Face: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private static let faces = Locked<[Key: Face]>([:])

    /// The face of `family` (a fontconfig family name, e.g. "OCR B"), regular or bold, already
    /// matched at ``matchingPixelSize``. Valid for the life of the process; do not destroy it.
    static func face(family: String, bold: Bool) -> OpaquePointer {
        let key = Key(family: family, bold: bold)
        return faces.withLock { faces in
            if let face = faces[key] { return face.pointer }
            let face: OpaquePointer = cairo_toy_font_face_create(
                family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            match(face)
            faces[key] = Face(pointer: face)
            return face
        }
    }

    /// Makes Cairo match `face` now, at ``matchingPixelSize`` and with the font options an image
    /// surface gives its text, by creating (and dropping) one scaled font of it.
    private static func match(_ face: OpaquePointer) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let options = cairo_font_options_create()
        defer {
            cairo_font_options_destroy(options)
            cairo_surface_destroy(surface)
        }
        cairo_surface_get_font_options(surface, options)
        var size = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&size, matchingPixelSize, matchingPixelSize)
        cairo_matrix_init_identity(&identity)
        cairo_scaled_font_destroy(cairo_scaled_font_create(face, &size, &identity, options))
    }
}

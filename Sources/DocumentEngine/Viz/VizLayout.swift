package import Foundation

/// Where the printed fields of one document design sit, as data (`Resources/Viz/viz-layouts.json`).
///
/// Each field has a cell on the rectified document, in millimetres from its upper-left corner: the
/// caption is printed at the top of the cell (or before the value on the same line, as AAMVA fronts
/// print `4d DLN`), the value below it. The caption words are kept per language so that the reader
/// can tell a caption from a value and strip a caption read on the value's line. Adding a country
/// is adding a layout to the file, not code.
package struct VizLayout: Sendable, Equatable, Codable {
    /// One field's cell.
    package struct FieldZone: Sendable, Equatable, Codable {
        /// Which field.
        package var field: VizField
        /// The cell (caption and value) in millimetres.
        package var zone: Zone
        /// Caption words by ISO 639-2 language code (`eng`, `fra`, ...), and `label` for a field
        /// number such as AAMVA's `4d`.
        package var captions: [String: [String]]
        /// Lines the value may take (address: 2). Default 1.
        package var lines: Int?

        /// The value's line count (at least 1).
        package var maximumLines: Int { max(1, lines ?? 1) }

        /// Every caption word in every language, longest first (stripped before shorter ones).
        package var captionWords: [String] {
            captions.values.flatMap { $0 }.sorted { $0.count > $1.count }
        }
    }

    /// A rectangle in millimetres (JSON: `[x, y, width, height]`).
    package struct Zone: Sendable, Equatable, Hashable, Codable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double

        package init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        package init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            x = try c.decode(Double.self)
            y = try c.decode(Double.self)
            width = try c.decode(Double.self)
            height = try c.decode(Double.self)
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(x)
            try c.encode(y)
            try c.encode(width)
            try c.encode(height)
        }
    }

    /// Where a field's caption is printed.
    package enum CaptionPlacement: String, Sendable, Equatable, Codable {
        /// On a line of its own at the top of the cell, the value below (ICAO data pages and cards).
        case above
        /// Before the value on the same line, in smaller type (AAMVA fronts: `4d DLN 123456789`).
        case inline
    }

    /// Order of day, month and year in all-digit dates.
    package enum DateOrder: String, Sendable, Equatable, Codable {
        /// `12.08.1974`, `12/08/1974` (and ISO `1974-08-12`, recognised by its four-digit start).
        case dayMonthYear = "dmy"
        /// `08/12/1974` (United States).
        case monthDayYear = "mdy"
    }

    /// Stable name (`icao-td3`, `icao-td1-front`, `aamva-front`).
    package var id: String
    /// The ICAO size class of the side (its rectification size and MRZ geometry).
    package var documentLayout: DocumentLayout.Kind
    /// Languages of the captions printed, first the main one (also the OCR languages).
    package var languages: [String]
    /// How all-digit dates are ordered.
    package var dateOrder: DateOrder
    /// Where captions are printed (JSON `captionPlacement`; `above` when absent).
    package var captionPlacement: CaptionPlacement?
    /// The field cells.
    package var fields: [FieldZone]

    /// The cell of `field`, if the layout prints it.
    package func zone(of field: VizField) -> FieldZone? { fields.first { $0.field == field } }
}

/// The layouts shipped in `Resources/Viz/viz-layouts.json` (a sub-folder, outside the resource manifest).
package struct VizLayoutCatalogue: Sendable, Equatable, Codable {
    /// Every layout, in file order.
    package var layouts: [VizLayout]

    /// The layout named `id`.
    package func layout(id: String) -> VizLayout? { layouts.first { $0.id == id } }

    /// The first layout for `kind` (the ICAO generic one where there are several).
    package func layout(for kind: DocumentLayout.Kind) -> VizLayout? { layouts.first { $0.documentLayout == kind } }

    /// Parses a catalogue; every layout must have fields inside its document.
    package init(json data: Data) throws(VizLayoutError) {
        let decoded: VizLayoutCatalogue
        do {
            decoded = try JSONDecoder().decode(VizLayoutCatalogue.self, from: data)
        } catch {
            throw .malformed(String(describing: error))
        }
        for layout in decoded.layouts {
            let size = DocumentLayout.of(layout.documentLayout)
            for cell in layout.fields {
                let z = cell.zone
                guard z.x >= 0, z.y >= 0, z.width > 0, z.height > 0, z.x + z.width <= size.width + 0.01,
                    z.y + z.height <= size.height + 0.01
                else { throw .zoneOutsideDocument(layout: layout.id, field: cell.field.rawValue) }
            }
        }
        self = decoded
    }

    private init(layouts: [VizLayout]) { self.layouts = layouts }

    /// The catalogue bundled with the engine.
    package static func bundled() throws(VizLayoutError) -> VizLayoutCatalogue {
        guard
            let url = Bundle.module.url(
                forResource: "viz-layouts", withExtension: "json", subdirectory: "Resources/Viz"),
            let data = try? Data(contentsOf: url)
        else { throw .missingResource }
        return try VizLayoutCatalogue(json: data)
    }
}

/// Why the layout catalogue could not be loaded.
package enum VizLayoutError: Error, Equatable, CustomStringConvertible {
    /// `viz-layouts.json` is not in the engine's bundle.
    case missingResource
    /// The JSON does not decode.
    case malformed(String)
    /// A field cell lies outside its document.
    case zoneOutsideDocument(layout: String, field: String)

    package var description: String {
        switch self {
        case .missingResource: return "the VIZ layout catalogue (viz-layouts.json) is missing from the bundle"
        case let .malformed(detail): return "the VIZ layout catalogue is malformed: \(detail)"
        case let .zoneOutsideDocument(layout, field):
            return "VIZ layout \(layout): the zone of \(field) lies outside the document"
        }
    }
}

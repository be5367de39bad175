package import CaptureCore
package import DocumentEngine

extension VizResult {
    /// Each field's box in a frame where the document's outline is `documentQuad` (upper-left
    /// first, clockwise): the box in millimetres on the rectified document carried through the
    /// outline's perspective. Empty when `layouts` lacks the layout read or the outline is degenerate.
    package func fieldQuadrilaterals(
        documentQuad: Quadrilateral2D, layouts: VizLayoutCatalogue
    ) -> [(field: Field, quad: Quadrilateral2D)] {
        guard let layout = layouts.layout(id: self.layout) else { return [] }
        let size = DocumentLayout.of(layout.documentLayout)
        guard
            let map = Homography(
                from: Quadrilateral2D(x: 0, y: 0, width: size.width, height: size.height), to: documentQuad)
        else { return [] }
        return fields.map { value in
            let b = value.box
            let quad = Quadrilateral2D(
                upperLeft: map.apply(Point2D(x: b.x, y: b.y)),
                upperRight: map.apply(Point2D(x: b.x + b.width, y: b.y)),
                lowerRight: map.apply(Point2D(x: b.x + b.width, y: b.y + b.height)),
                lowerLeft: map.apply(Point2D(x: b.x, y: b.y + b.height)))
            return (value.field, quad)
        }
    }
}

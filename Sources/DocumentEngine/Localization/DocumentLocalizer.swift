package import CaptureCore
import Foundation

/// Finds an ID document (ID-1 card, ID-2/ID-3 page, visa) in a frame as a quadrilateral.
///
/// 1. The region of interest is box-downscaled to about ``workingSize`` pixels on its long side,
///    smoothed, and its Sobel gradients computed. Without an MRZ to anchor on, a colour frame's
///    colour-difference gradients join them where stronger (``edges(of:usingColour:)``); with one,
///    only when the outline of the luma's edges fits the MRZ less than well (``colourAgreement``).
/// 2. ``EdgeLineDetector`` finds the dominant straight edges (orientation-restricted Hough).
/// 3. Pairs of roughly parallel edges are combined into quadrilaterals; each is scored by how much
///    of its perimeter is an edge of consistent polarity there (perimeter coverage), with priors on
///    size and on the aspect ratio of ICAO documents. Inner rectangles (portrait, MRZ band) lose to
///    the document because coverage is weighted by perimeter length. Without an MRZ, the winner is
///    also taken for a card's portrait, and the card's sides are searched for where the ID-1 front's
///    layout puts them around it (``cardAroundPortrait(_:edges:)``). With a read MRZ (an
///    ``DocumentAnchor``), each edge is first sorted into the side it could be (below the last line,
///    beyond the lines' ends, well above the first line), only those combinations are scored, and
///    the score is weighted by how well the outline puts the MRZ where the layout has it. When no
///    outline of the strongest edges fits well, faint bottom and side edges are searched for near
///    where the MRZ puts them (``withPredictedEdges(_:anchor:)``). The top
///    edge, far from the MRZ, is judged by where the side edges and the MRZ lines predict it, and
///    a faint top is searched for near that prediction (``completedTops(_:edges:anchor:)``). The
///    whole outline the MRZ implies competes too, with less edge asked of its sides
///    (``predictedCandidate(_:anchor:)``).
/// 4. The winner's sides are refined in the full-resolution image: sub-pixel edge positions along
///    each side's normal, a robust line fit per side, corners at the intersections. With an MRZ, a
///    top that is a band's lower edge well below the predicted top is raised to the prediction
///    (``raisedTop(_:anchor:)``).
///
/// Corners may lie outside the region when the document is only partly in view.
package struct DocumentLocalizer: Sendable {
    /// Long side of the downscaled working image.
    package var workingSize = 480
    /// Smallest accepted perimeter coverage (0...1) for every side.
    package var minimumSideCoverage = 0.45

    package init() {}

    /// A found document.
    package struct Result: Sendable, Equatable {
        /// Corners in frame pixels, ordered clockwise on screen starting with the upper-left corner
        /// of the side chosen as "top" (a long side; see ``DocumentLocalizer``).
        package var quad: Quadrilateral2D
        /// Mean perimeter coverage of the four sides (0...1): a confidence.
        package var coverage: Double
        /// Coverage of each side, top, right, bottom, left.
        package var sideCoverage: [Double]
        /// Whether the document's long sides run more vertically than horizontally in the frame.
        package var isVertical: Bool
        /// Whether the outline was chosen to fit a read MRZ (which then also fixed which way is up).
        package var isAnchored: Bool
    }

    /// Locates the document inside `roi` of `image`; nil when nothing document-like is found.
    /// With an `anchor` (a read MRZ), only outlines that fit it are considered, and the MRZ decides
    /// which side is the bottom.
    package func locate(in image: GrayImage, roi: PixelRect, anchor: DocumentAnchor? = nil) -> Result? {
        locate(in: ReducedFrame(image, region: roi), anchor: anchor)
    }

    /// ``locate(in:roi:anchor:)`` on the region of `frame`, whose reduced copies other searches of
    /// the same frame may share.
    package func locate(in frame: ReducedFrame, anchor: DocumentAnchor? = nil) -> Result? {
        let region = frame.region
        guard region.width >= 32, region.height >= 32 else { return nil }
        let edges = self.edges(
            of: frame, usingColour: anchor == nil,
            maximumLines: anchor == nil ? Self.freeSearchLines : Self.anchoredSearchLines)
        let refinement = Refinement(
            image: frame.image, scale: Double(edges.factor),
            offset: Point2D(x: Double(region.x), y: Double(region.y)))
        let found =
            if let anchor {
                anchoredOutline(edges, anchor: anchor, frame: frame, refinement: refinement)
            } else {
                freeOutline(edges, refinement: refinement)
            }
        return found.map { result(of: $0, anchor: anchor) }
    }

    /// An outline as searched on the reduced edges (``Scored``, which keeps the sides' coverage and
    /// which side the MRZ put at the bottom) and its corners refined in frame coordinates.
    typealias Found = (coarse: Scored, refined: Quadrilateral2D)

    /// How an outline found on the reduced edges goes back to the frame: its corners are scaled and
    /// offset to frame coordinates, then refined at full resolution (``EdgeRefiner``).
    struct Refinement {
        /// The full-resolution frame.
        let image: GrayImage
        /// Frame pixels per pixel of the reduced edges.
        let scale: Double
        /// Where the searched region starts in the frame.
        let offset: Point2D

        func refined(_ coarse: Scored) -> Quadrilateral2D {
            let quad = coarse.quad.mapped { p in
                Point2D(x: (p.x + 0.5) * scale - 0.5, y: (p.y + 0.5) * scale - 0.5) + offset
            }
            return EdgeRefiner.refine(quad, polarities: coarse.polarities, in: image, searchRadius: 2 * scale + 3)
                ?? quad
        }
    }

    /// The outline found without an MRZ: the frame's best quadrilateral, or the card around a
    /// portrait found inside it when that scores better, expanded outward and refined.
    func freeOutline(_ edges: Edges, refinement: Refinement) -> Found? {
        guard var free = bestQuad(edges) else { return nil }
        var searched = edges
        if let card = cardAroundPortrait(free, edges: edges), card.score > free.score {
            free = card
            searched = edges.adding(card.lines)
        }
        let expanded = expandedOutward(free, edges: searched)
        return (expanded, refinement.refined(expanded))
    }

    /// The result for a found outline, its corners in reading order: when the MRZ decided which
    /// side is the bottom, that side becomes side 2 (and a top the MRZ puts higher is raised, see
    /// ``raisedTop(_:anchor:)``); otherwise the outline's own shape decides (``ordered(_:)``).
    func result(of found: Found, anchor: DocumentAnchor?) -> Result {
        let (coarse, refined) = found
        let ordered: (quad: Quadrilateral2D, isVertical: Bool)
        if let bottom = coarse.bottomSide {
            // The MRZ decided: side `bottom` becomes side 2 (lower-right → lower-left).
            let c = refined.corners
            var quad = Quadrilateral2D(corners: [
                c[(bottom + 2) % 4], c[(bottom + 3) % 4], c[bottom], c[(bottom + 1) % 4],
            ])
            if let anchor, let raised = Self.raisedTop(quad, anchor: anchor) { quad = raised }
            let top = quad.upperRight - quad.upperLeft
            ordered = (quad, abs(top.y) > abs(top.x))
        } else {
            ordered = Self.ordered(refined)
        }
        return Result(
            quad: ordered.quad, coverage: coarse.sideCoverage.reduce(0, +) / 4,
            sideCoverage: coarse.sideCoverage, isVertical: ordered.isVertical,
            isAnchored: coarse.bottomSide != nil)
    }

    /// The area of an outline found without fitting the read MRZ, over the area of the outline the
    /// MRZ implies (``DocumentAnchor/predictedOutline()``), for it to be believed: about ±18% in
    /// size. On `capkit eval`'s generated frames, this range turned away a background outline around
    /// a glare-washed card (hard-000080 at seed 1000), which 0.5...2 still let in, and lost no frame
    /// that the free outline had been right on.
    static let freeAreaRatio = 0.7...1.4

    /// The layout agreement (``DocumentAnchor/layoutAgreement(of:bottom:)``) above which an
    /// outline of the frame's strongest edges is kept without searching for faint ones near the
    /// predicted sides (``withPredictedEdges(_:anchor:)``). On `capkit eval`'s generated frames,
    /// 0.6, 0.8 and searching always localise the same frames; most frames fit above 0.6 and skip
    /// the search's cost.
    static let confidentAgreement = 0.6

    /// The layout agreement below which the best outline fitted to a read MRZ is no fit at all: the
    /// MRZ sits nowhere near where that outline's layout puts it (moiré stripes or a background
    /// edge taken for two sides). No outline is then reported, and the scanner reports the one the
    /// MRZ implies (a free outline of the same edges would be the same wrong one). Decided on the
    /// tuning family (1,370 anchored frames of every line, seeds 7 and 5000): the outlines located
    /// within 2% fitted at 0.035 and above, three mislocated ones at 0.0000, 0.0005 and 0.021.
    static let minimumAnchoredAgreement = 0.01

    /// The layout agreement below which an outline fitted to a read MRZ on the luma's edges is
    /// searched for again with the colour differences' edges joined in (``edges(of:usingColour:)``).
    /// Over `capkit eval`'s 1200 frames (seeds 7, 1000, 2000 and 3000), the colour edges in every
    /// anchored search localise four frames more and lose none, all four with the luma outline's
    /// agreement under 0.8 (0.0–0.79), but add 2.8 ms to every 1080p frame of `capkit bench`. Below
    /// 0.85 the same four are gained, and 3 of the bench's 20 frames pay for a second search (about
    /// 5 ms each, 0.8 ms per frame on average); on one of them the colour outline fits at 0.98
    /// where the luma one fitted at 0.81.
    static let colourAgreement = 0.85

    /// How many of the transform's strongest lines an outline fitted to a read MRZ is made of: the
    /// anchored search only combines lines placed like the document's sides around the MRZ, and
    /// searches for faint ones near where the MRZ puts them.
    static let anchoredSearchLines = 36
    /// How many lines the free search (no MRZ: card fronts) combines. On a busy background (papers
    /// with ruled lines, strokes across the frame) a card's side can be crowded out of the 36
    /// strongest. With 48, 720p fronts (`capkit synth --kinds td1Front --seed 4242 --count 150`) are
    /// localised 0.927 phone-like and 0.860 hard (from 0.913 and 0.833: three and five gained, one of
    /// each lost to a background outline that now outscores the card), 40 phone-like fronts at 1080p
    /// 0.925 (from 0.850), and `capkit eval`'s 1200 frames one more, losing none. 60 lines added one
    /// hard front more for twice the search's time.
    static let freeSearchLines = 48

    /// Outlines that fit a read MRZ kept for refinement and the final judgement.
    static let anchoredCandidates = 4
}

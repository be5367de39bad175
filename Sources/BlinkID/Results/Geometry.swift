import CaptureCore

/// A point in the upright input image, in whole pixels.
public struct Point: Sendable, Equatable, Hashable, Codable {
    /// X-coordinate (to the right).
    public var x: Int32
    /// Y-coordinate (down).
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    init(_ p: Point2D) {
        x = Int32(clamping: Int(p.x.rounded()))
        y = Int32(clamping: Int(p.y.rounded()))
    }
}

/// A four-sided polygon: the document's corners in its own reading order.
public struct Quadrilateral: Sendable, Equatable, Hashable, Codable {
    public var upperLeft: Point
    public var upperRight: Point
    public var lowerRight: Point
    public var lowerLeft: Point

    public init(upperLeft: Point, upperRight: Point, lowerRight: Point, lowerLeft: Point) {
        self.upperLeft = upperLeft
        self.upperRight = upperRight
        self.lowerRight = lowerRight
        self.lowerLeft = lowerLeft
    }

    init(_ q: Quadrilateral2D) {
        self.init(
            upperLeft: Point(q.upperLeft), upperRight: Point(q.upperRight),
            lowerRight: Point(q.lowerRight), lowerLeft: Point(q.lowerLeft))
    }
}

/// How the document lies in the frame.
public enum CardOrientation: Sendable, Equatable, Hashable, Codable {
    /// Its long side runs more horizontally than vertically.
    case horizontal
    /// Its long side runs more vertically than horizontally.
    case vertical
    /// Not known (no document).
    case notAvailable
}

/// Where the document is and how it lies.
public struct DocumentLocation: Sendable, Equatable, Hashable, Codable {
    /// The document's corners in the upright input image.
    public var location: Quadrilateral
    /// Its orientation.
    public var orientation: CardOrientation

    public init(location: Quadrilateral, orientation: CardOrientation) {
        self.location = location
        self.orientation = orientation
    }
}

/// One 8-connected region of set pixels in a binary mask.
public struct ConnectedComponent: Sendable, Equatable {
    /// Bounding box (inclusive-exclusive).
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int
    /// Number of pixels.
    public var area: Int
    /// Sums of coordinates (for the centroid).
    public var sumX: Int
    public var sumY: Int

    public var width: Int { maxX - minX }
    public var height: Int { maxY - minY }
    public var centroid: Point2D { Point2D(x: Double(sumX) / Double(area) + 0.5, y: Double(sumY) / Double(area) + 0.5) }
    /// The centre of the bounding box.
    public var boxCentre: Point2D { Point2D(x: Double(minX + maxX) / 2, y: Double(minY + maxY) / 2) }
}

/// Labels the 8-connected components of a binary mask (`true` = set) with a two-pass union-find.
public enum ConnectedComponents {
    /// The components of `mask` (`width * height`, row-major), in no particular order.
    /// Components smaller than `minimumArea` pixels are dropped.
    public static func label(_ mask: [Bool], width: Int, height: Int, minimumArea: Int = 1) -> [ConnectedComponent] {
        precondition(mask.count == width * height)
        var labels = [Int32](repeating: 0, count: mask.count)
        var parent: [Int32] = [0]
        func find(_ a: Int32) -> Int32 {
            var a = a
            while parent[Int(a)] != a {
                parent[Int(a)] = parent[Int(parent[Int(a)])]
                a = parent[Int(a)]
            }
            return a
        }
        func union(_ a: Int32, _ b: Int32) -> Int32 {
            let ra = find(a), rb = find(b)
            if ra == rb { return ra }
            if ra < rb { parent[Int(rb)] = ra; return ra }
            parent[Int(ra)] = rb
            return rb
        }
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                var label: Int32 = 0
                // Neighbours already visited: W, NW, N, NE.
                let neighbours: [(Int, Int)] = [(-1, 0), (-1, -1), (0, -1), (1, -1)]
                for (dx, dy) in neighbours {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < width else { continue }
                    let l = labels[ny * width + nx]
                    if l == 0 { continue }
                    label = label == 0 ? l : union(label, l)
                }
                if label == 0 {
                    label = Int32(parent.count)
                    parent.append(label)
                }
                labels[y * width + x] = label
            }
        }
        var index = [Int32: Int]()
        var components: [ConnectedComponent] = []
        for y in 0..<height {
            for x in 0..<width {
                let l = labels[y * width + x]
                if l == 0 { continue }
                let root = find(l)
                if let i = index[root] {
                    components[i].minX = min(components[i].minX, x)
                    components[i].maxX = max(components[i].maxX, x + 1)
                    components[i].minY = min(components[i].minY, y)
                    components[i].maxY = max(components[i].maxY, y + 1)
                    components[i].area += 1
                    components[i].sumX += x
                    components[i].sumY += y
                } else {
                    index[root] = components.count
                    components.append(ConnectedComponent(minX: x, minY: y, maxX: x + 1, maxY: y + 1,
                                                         area: 1, sumX: x, sumY: y))
                }
            }
        }
        return components.filter { $0.area >= minimumArea }
    }
}

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
        @inline(__always) func find(_ a: Int32) -> Int32 {
            var a = a
            while parent[Int(a)] != a {
                parent[Int(a)] = parent[Int(parent[Int(a)])]
                a = parent[Int(a)]
            }
            return a
        }
        @inline(__always) func union(_ a: Int32, _ b: Int32) -> Int32 {
            let ra = find(a), rb = find(b)
            if ra == rb { return ra }
            if ra < rb {
                parent[Int(rb)] = ra
                return ra
            }
            parent[Int(ra)] = rb
            return rb
        }
        mask.withUnsafeBufferPointer { m in
            labels.withUnsafeMutableBufferPointer { l in
                for y in 0..<height {
                    let row = y * width, up = row - width
                    for x in 0..<width where m[row + x] {
                        // Neighbours already visited: W, NW, N, NE.
                        var label: Int32 = 0
                        if x > 0, l[row + x - 1] != 0 { label = l[row + x - 1] }
                        if y > 0 {
                            for nx in max(0, x - 1)...min(width - 1, x + 1) {
                                let n = l[up + nx]
                                if n != 0 { label = label == 0 ? n : union(label, n) }
                            }
                        }
                        if label == 0 {
                            label = Int32(parent.count)
                            parent.append(label)
                        }
                        l[row + x] = label
                    }
                }
            }
        }
        // Second pass: consecutive component indices, statistics in flat arrays.
        var index = [Int32](repeating: -1, count: parent.count)
        var components: [ConnectedComponent] = []
        labels.withUnsafeBufferPointer { l in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width {
                    let v = l[row + x]
                    if v == 0 { continue }
                    let root = Int(find(v))
                    var i = index[root]
                    if i < 0 {
                        i = Int32(components.count)
                        index[root] = i
                        components.append(ConnectedComponent(minX: x, minY: y, maxX: x + 1, maxY: y + 1,
                                                             area: 0, sumX: 0, sumY: 0))
                    }
                    let k = Int(i)
                    if x < components[k].minX { components[k].minX = x }
                    if x + 1 > components[k].maxX { components[k].maxX = x + 1 }
                    components[k].maxY = y + 1
                    components[k].area += 1
                    components[k].sumX += x
                    components[k].sumY += y
                }
            }
        }
        return minimumArea <= 1 ? components : components.filter { $0.area >= minimumArea }
    }
}

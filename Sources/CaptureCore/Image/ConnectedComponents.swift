/// One 8-connected region of set pixels in a binary mask.
package struct ConnectedComponent: Sendable, Equatable {
    /// Bounding box (inclusive-exclusive).
    package var minX: Int
    package var minY: Int
    package var maxX: Int
    package var maxY: Int
    /// Number of pixels.
    package var area: Int
    /// Sums of coordinates (for the centroid).
    package var sumX: Int
    package var sumY: Int

    package var width: Int { maxX - minX }
    package var height: Int { maxY - minY }
    package var centroid: Point2D {
        Point2D(x: Double(sumX) / Double(area) + 0.5, y: Double(sumY) / Double(area) + 0.5)
    }
    /// The centre of the bounding box.
    package var boxCentre: Point2D { Point2D(x: Double(minX + maxX) / 2, y: Double(minY + maxY) / 2) }
}

/// Labels the 8-connected components of a binary mask with union-find over its horizontal runs.
package enum ConnectedComponents {
    /// The components of `mask` (`width * height`, row-major), in no particular order.
    /// Components smaller than `minimumArea` pixels are dropped.
    package static func label(_ mask: [Bool], width: Int, height: Int, minimumArea: Int = 1) -> [ConnectedComponent] {
        precondition(mask.count == width * height)
        return label(PixelRuns(mask: mask, width: width, height: height), minimumArea: minimumArea)
    }

    /// The components of the runs' mask, in the raster order of their first pixel.
    /// Components smaller than `minimumArea` pixels are dropped.
    package static func label(_ runs: PixelRuns, minimumArea: Int = 1) -> [ConnectedComponent] {
        let n = runs.count
        guard n > 0 else { return [] }
        var components: [ConnectedComponent] = []
        // parent: union-find forest over runs (a root is the lowest run index of its tree);
        // index: each root's component number, -1 until its first run is met in raster order.
        let parent = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let index = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer {
            parent.deallocate()
            index.deallocate()
        }
        for i in 0..<n {
            parent[i] = Int32(truncatingIfNeeded: i)
            index[i] = -1
        }
        @inline(__always) func find(_ a: Int32) -> Int32 {
            var a = a
            while parent[Int(a)] != a {
                parent[Int(a)] = parent[Int(parent[Int(a)])]
                a = parent[Int(a)]
            }
            return a
        }
        runs.rowStarts.withUnsafeBufferPointer { rows in
            runs.starts.withUnsafeBufferPointer { starts in
                runs.ends.withUnsafeBufferPointer { ends in
                    // Runs touch (8-connected) runs of the row above that overlap them or end
                    // or start one column beside them.
                    let rowCount = rows.count - 1
                    if rowCount >= 2 {
                        for y in 1..<rowCount {
                            var j = Int(rows[y - 1])
                            let aboveEnd = Int(rows[y])
                            for i in Int(rows[y])..<Int(rows[y + 1]) {
                                let s = starts[i], e = ends[i]
                                while j < aboveEnd, ends[j] < s { j += 1 }
                                var k = j
                                while k < aboveEnd, starts[k] <= e {
                                    let ra = find(Int32(truncatingIfNeeded: i)), rb = find(Int32(truncatingIfNeeded: k))
                                    if ra < rb {
                                        parent[Int(rb)] = ra
                                    } else if rb < ra {
                                        parent[Int(ra)] = rb
                                    }
                                    k += 1
                                }
                            }
                        }
                    }
                    // Statistics, numbering components as their first run is met.
                    for y in 0..<rowCount {
                        for i in Int(rows[y])..<Int(rows[y + 1]) {
                            let root = Int(find(Int32(truncatingIfNeeded: i)))
                            let s = Int(starts[i]), e = Int(ends[i]), length = e - s
                            var c = Int(index[root])
                            if c < 0 {
                                c = components.count
                                index[root] = Int32(truncatingIfNeeded: c)
                                components.append(
                                    ConnectedComponent(
                                        minX: s, minY: y, maxX: e, maxY: y + 1,
                                        area: 0, sumX: 0, sumY: 0))
                            }
                            components.withUnsafeMutableBufferPointer { all in
                                if s < all[c].minX { all[c].minX = s }
                                if e > all[c].maxX { all[c].maxX = e }
                                all[c].maxY = y + 1
                                all[c].area += length
                                // Sum of the columns s ..< e.
                                all[c].sumX += (s + e - 1) * length / 2
                                all[c].sumY += y * length
                            }
                        }
                    }
                }
            }
        }
        return minimumArea <= 1 ? components : components.filter { $0.area >= minimumArea }
    }
}

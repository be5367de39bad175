package import CaptureCore
import Foundation

/// Finds the area of a frame that looks like a stacked barcode (PDF417): a block of strong edges
/// that are all parallel, and its orientation, so that the reader can turn it upright and enlarge
/// it before handing it to zxing-cpp (whose detector gives up on symbols turned by more than a few
/// degrees, or with modules under two pixels).
///
/// Method: central-difference gradients on every second pixel; per square cell, the edge energy
/// (sum of gradient magnitudes) and the coherence of the edge directions (length of the mean
/// doubled-angle vector); cells that are both energetic (at least ``relativeEnergy`` of the
/// strongest coherent cell) and coherent (≥ ``minimumCoherence``) are joined into 8-connected
/// groups; the group with the most energy is the symbol. Its orientation is the energy-weighted
/// mean doubled angle; its extent the cells' corners projected on the symbol's axes. Text (edges in
/// all directions) and lone card edges (little energy per cell) do not qualify. O(pixels / 4).
package struct BarcodeRegionFinder: Sendable {
    /// A found region.
    package struct Region: Sendable, Equatable {
        /// The region as an oriented rectangle in image pixels: upper-left, upper-right, lower-right,
        /// lower-left, with the first side running along the symbol's rows (across its bars).
        package var quad: Quadrilateral2D
        /// Direction of the rows (across the bars), radians in the image (y down).
        package var angle: Double
        /// Cells in the group, and their mean coherence (0...1).
        package var cellCount: Int
        package var coherence: Double
    }

    /// Cell side, pixels.
    package var cellSize = 24
    /// Smallest gradient magnitude counted as an edge (0-255 scale per pixel step of 2).
    package var minimumMagnitude = 22.0
    /// Smallest direction coherence of a barcode cell.
    package var minimumCoherence = 0.5
    /// Smallest energy of a barcode cell relative to the most energetic coherent cell.
    package var relativeEnergy = 0.25

    package init() {}

    /// The most barcode-like region inside `rect` of `image`, nil when no group of at least four cells qualifies.
    package func find(in image: GrayImage, within rect: PixelRect? = nil) -> Region? {
        let area = (rect ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            .clipped(width: image.width, height: image.height)
        let cs = cellSize
        let cols = area.width / cs, rows = area.height / cs
        guard cols >= 2, rows >= 2, image.width >= 3, image.height >= 3 else { return nil }
        var energy = [Double](repeating: 0, count: cols * rows)
        var sumCos = [Double](repeating: 0, count: cols * rows), sumSin = sumCos
        let w = image.width, threshold = minimumMagnitude * minimumMagnitude
        image.pixels.withUnsafeBufferPointer { p in
            for cy in 0..<rows {
                for cx in 0..<cols {
                    var e = 0.0, c = 0.0, s = 0.0
                    let x0 = max(1, area.x + cx * cs), y0 = max(1, area.y + cy * cs)
                    let x1 = min(w - 1, x0 + cs), y1 = min(image.height - 1, y0 + cs)
                    var y = y0
                    while y < y1 {
                        var x = x0
                        let row = y * w
                        while x < x1 {
                            let gx = Double(Int(p[row + x + 1]) - Int(p[row + x - 1]))
                            let gy = Double(Int(p[row + x + w]) - Int(p[row + x - w]))
                            let m2 = gx * gx + gy * gy
                            if m2 >= threshold {
                                let m = m2.squareRoot()
                                e += m
                                c += (gx * gx - gy * gy) / m
                                s += 2 * gx * gy / m
                            }
                            x += 2
                        }
                        y += 2
                    }
                    let i = cy * cols + cx
                    energy[i] = e
                    sumCos[i] = c
                    sumSin[i] = s
                }
            }
        }
        func coherence(_ i: Int) -> Double {
            energy[i] > 0 ? (sumCos[i] * sumCos[i] + sumSin[i] * sumSin[i]).squareRoot() / energy[i] : 0
        }
        let strongest = (0..<energy.count).filter { coherence($0) >= minimumCoherence }.map { energy[$0] }.max() ?? 0
        guard strongest > 0 else { return nil }
        let candidate = (0..<energy.count).map {
            energy[$0] >= relativeEnergy * strongest && coherence($0) >= minimumCoherence
        }

        // 8-connected groups; keep the most energetic.
        var label = [Int](repeating: -1, count: candidate.count)
        var best: [Int] = [], bestEnergy = 0.0
        for start in 0..<candidate.count where candidate[start] && label[start] < 0 {
            var stack = [start], members: [Int] = [], total = 0.0
            label[start] = start
            while let i = stack.popLast() {
                members.append(i)
                total += energy[i]
                let cx = i % cols, cy = i / cols
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = cx + dx, ny = cy + dy
                        guard nx >= 0, ny >= 0, nx < cols, ny < rows else { continue }
                        let j = ny * cols + nx
                        if candidate[j], label[j] < 0 {
                            label[j] = start
                            stack.append(j)
                        }
                    }
                }
            }
            if total > bestEnergy {
                bestEnergy = total
                best = members
            }
        }
        guard best.count >= 4 else { return nil }
        let c = best.reduce(0.0) { $0 + sumCos[$1] }, s = best.reduce(0.0) { $0 + sumSin[$1] }
        let angle = atan2(s, c) / 2
        let u = Point2D(x: cos(angle), y: sin(angle)), v = Point2D(x: -sin(angle), y: cos(angle))
        var uMin = Double.infinity, uMax = -Double.infinity, vMin = Double.infinity, vMax = -Double.infinity
        for i in best {
            let x0 = Double(area.x + (i % cols) * cs), y0 = Double(area.y + (i / cols) * cs)
            for (x, y) in [(x0, y0), (x0 + Double(cs), y0), (x0, y0 + Double(cs)), (x0 + Double(cs), y0 + Double(cs))] {
                let pu = x * u.x + y * u.y, pv = x * v.x + y * v.y
                uMin = min(uMin, pu); uMax = max(uMax, pu); vMin = min(vMin, pv); vMax = max(vMax, pv)
            }
        }
        // A margin of one cell plus 6% of the extent: the symbol's corners stick out of the cells'
        // rectangle under perspective, and the decoder wants a quiet zone.
        let uMargin = Double(cs) + 0.06 * (uMax - uMin), vMargin = Double(cs) + 0.06 * (vMax - vMin)
        uMin -= uMargin; uMax += uMargin; vMin -= vMargin; vMax += vMargin
        func point(_ pu: Double, _ pv: Double) -> Point2D { u * pu + v * pv }
        let quad = Quadrilateral2D(corners: [
            point(uMin, vMin), point(uMax, vMin), point(uMax, vMax), point(uMin, vMax),
        ])
        let meanCoherence = best.reduce(0.0) { $0 + coherence($1) } / Double(best.count)
        return Region(quad: quad, angle: angle, cellCount: best.count, coherence: meanCoherence)
    }
}

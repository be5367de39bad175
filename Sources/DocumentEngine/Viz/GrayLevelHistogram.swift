import CaptureCore

/// How many pixels of an image (or of a rectangle of it) have each gray level, and the levels below
/// which a given share of them lies: the ink and paper levels the VIZ reader stretches and
/// thresholds by.
struct GrayLevelHistogram {
    /// Pixels per gray level 0...255.
    private(set) var counts = [Int](repeating: 0, count: 256)
    /// Pixels counted.
    private(set) var total = 0

    /// The histogram of `rect` of `image` (clipped to the image), or of the whole image.
    init(_ image: GrayImage, rect: PixelRect? = nil) {
        let r = (rect ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            .clipped(width: image.width, height: image.height)
        for y in r.y..<(r.y + r.height) {
            let row = y * image.width
            for x in r.x..<(r.x + r.width) { counts[Int(image.pixels[row + x])] += 1 }
        }
        total = r.width * r.height
    }

    /// The first level at which more than `share` of the pixels have been counted, from black up;
    /// 255 when none.
    func percentile(_ share: Double) -> Int {
        let target = Int(Double(total) * share)
        var sum = 0
        for (level, count) in counts.enumerated() {
            sum += count
            if sum > target { return level }
        }
        return 255
    }
}

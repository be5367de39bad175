import CaptureCore

/// A small, explicit scene for the OCR tests: a rendered card pasted upright (straight alpha) onto
/// a plain dark desk. Much cheaper than ``SceneComposer`` in a debug build, so the suite stays fast;
/// the composer's tiers are measured by `capkit eval-classify`.
enum CardOnDesk {
    static func frame(card: RGBAImage, width: Int, height: Int, left: Int, top: Int) -> RGBAImage {
        var frame = RGBAImage(width: width, height: height, fill: RGBA(r: 52, g: 58, b: 70))
        for y in 0..<card.height where top + y >= 0 && top + y < height {
            for x in 0..<card.width where left + x >= 0 && left + x < width {
                let c = card[x, y]
                if c.a > 0 { frame.blend(x: left + x, y: top + y, colour: c) }
            }
        }
        return frame
    }
}

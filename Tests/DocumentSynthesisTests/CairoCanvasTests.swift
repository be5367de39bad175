import CaptureCore
import Testing

@testable import DocumentSynthesis

/// What the drawing surface of the synthetic material draws.
@Suite struct CairoCanvasTests {
    /// Text in a family is drawn the same whatever size the process drew that family at first. Cairo
    /// matches a family through fontconfig at the size of its first use and keeps that match, and
    /// fontconfig turns hinting off for DejaVu Sans under 7.5 px: a frame composed after a tiny-print
    /// scene came out unlike the same frame composed alone. (Two spellings of the family that only
    /// this test uses, so both are new to the process; the tiny canvas keeps its face in use.)
    @Test func textIsDrawnTheSameWhateverTheFamilyWasFirstDrawnAt() {
        let ink = RGBA(r: 20, g: 20, b: 20)
        func word(in family: String) -> RGBAImage {
            let canvas = CairoCanvas(width: 200, height: 40)
            canvas.drawText("MACDONALD 1933", x: 4, y: 28, family: family, size: 20, colour: ink)
            return canvas.image()
        }
        let tiny = CairoCanvas(width: 40, height: 10)
        tiny.drawText("TINY", x: 1, y: 8, family: "dejavu sans", size: 5, colour: ink)
        let afterTinyPrint = word(in: "dejavu sans")
        let alone = word(in: "DEJAVU SANS")
        withExtendedLifetime(tiny) {
            let differing = zip(afterTinyPrint.pixels, alone.pixels).count { $0 != $1 }
            #expect(differing == 0, "\(differing) channel values differ")
            let blank = CairoCanvas(width: 200, height: 40).image()
            let inked = zip(alone.pixels, blank.pixels).count { $0 != $1 }
            #expect(inked > 500)
        }
    }
}

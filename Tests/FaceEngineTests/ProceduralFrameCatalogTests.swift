import CaptureCore
import Foundation
import Testing

@testable import FaceEngine

@Suite struct ProceduralFrameCatalogTests {
    @Test func skusAreUniqueStableAndEveryFrameHasRealDimensions() {
        let frames = ProceduralFrameCatalog.frames
        #expect(Set(frames.map(\.sku)).count == frames.count)
        // SKUs are a contract with the server's catalog and saved user choices: they never change.
        #expect(
            frames.map(\.sku) == [
                "FBX-RND-001", "FBX-RND-002", "FBX-REC-003", "FBX-AVI-004", "FBX-CAT-005",
                "FBX-BRW-006", "FBX-OVL-007", "FBX-SQR-008", "FBX-WAY-009", "FBX-HEX-010",
            ])
        for frame in frames { #expect(frame.hasPlausibleDimensions, "\(frame.sku)") }
        #expect(Set(frames.map(\.shape)).count >= 6)
        #expect(Set(frames.map(\.finish)) == Set(FrameFinish.allCases))
        #expect(Set(frames.map(\.frameColor)).count == frames.count)
    }

    @Test func aFrameLooksUpByItsSkuAndUnknownSkusGiveNil() {
        #expect(ProceduralFrameCatalog.frame(sku: "FBX-AVI-004")?.shape == .aviator)
        #expect(ProceduralFrameCatalog.frame(sku: "NOPE") == nil)
    }

    @Test func framesRoundTripThroughJSONWithHexColours() throws {
        let data = try JSONEncoder().encode(ProceduralFrameCatalog.frames)
        #expect(String(decoding: data, as: UTF8.self).contains("\"#1C1C1EFF\""))
        #expect(try JSONDecoder().decode([EyewearFrame].self, from: data) == ProceduralFrameCatalog.frames)
        #expect(EyewearColor(hex: "#12345") == nil)
        #expect(EyewearColor(hex: "ABCDEF")?.alpha == 255)
    }

    @Test func paintedTexturesHaveOpaqueRimsAndSeeThroughLenses() {
        let frame = ProceduralFrameCatalog.frames[0]
        let texture = EyewearAsset.painted(frame, pixelsPerMillimetre: 2).front
        let level = texture.levels[0]
        func alpha(atMillimetre x: Double, _ y: Double) -> UInt8 {
            let i = Int((x - texture.origin.x) * level.pixelsPerMillimetre)
            let j = Int((y - texture.origin.y) * level.pixelsPerMillimetre)
            return level.pixels[(j * level.width + i) * 4 + 3]
        }
        let lensCentre = frame.lensCentreDistance / 2
        // The lens centre is mostly transparent; the rim at the lens's outer edge is opaque.
        #expect(alpha(atMillimetre: lensCentre, 0) < 80)
        #expect(alpha(atMillimetre: lensCentre + frame.lensWidth / 2 - frame.rimWidth / 2, 0) > 200)
        #expect(abs(texture.widthMillimetres - (frame.totalWidth + 2)) < 1)
    }
}

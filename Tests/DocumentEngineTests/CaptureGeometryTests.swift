import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

/// Tilt from the corners when the camera's focal length is not known, and the placement rules for
/// documents that overfill the frame.
@Suite struct CaptureGeometryTests {
    /// The corners of a `width` x `height` mm rectangle seen by a pinhole camera with a horizontal
    /// field of view of `fieldOfView` degrees, tilted by `tilt` degrees about an in-plane axis at
    /// `axis` degrees, spanning about `fraction` of a 1280 x 720 frame's width.
    static func corners(
        width: Double, height: Double, fieldOfView: Double, tilt: Double, axis: Double, fraction: Double = 0.55
    ) -> Quadrilateral2D {
        let fw = 1280.0, fh = 720.0
        let focal = fw / 2 / tan(fieldOfView * Double.pi / 360)
        let t = tilt * Double.pi / 180, a = axis * Double.pi / 180
        let (ux, uy, ct, st) = (cos(a), sin(a), cos(t), sin(t))
        let r = [
            ct + ux * ux * (1 - ct), ux * uy * (1 - ct), uy * st,
            uy * ux * (1 - ct), ct + uy * uy * (1 - ct), -ux * st,
            -uy * st, ux * st, ct,
        ]
        let distance = focal * width / (fraction * fw)
        func project(_ u: Double, _ v: Double) -> Point2D {
            let x = r[0] * u + r[1] * v, y = r[3] * u + r[4] * v, z = r[6] * u + r[7] * v + distance
            return Point2D(x: focal * x / z + fw / 2, y: focal * y / z + fh / 2)
        }
        return Quadrilateral2D(
            upperLeft: project(-width / 2, -height / 2), upperRight: project(width / 2, -height / 2),
            lowerRight: project(width / 2, height / 2), lowerLeft: project(-width / 2, height / 2))
    }

    @Test(arguments: [40.0, 55, 70, 85])
    func theTiltOfADocumentOfKnownAspectIsRightWhateverTheFieldOfView(fieldOfView: Double) throws {
        let aspect = 85.6 / 53.98
        for tilt in stride(from: 5.0, through: 50, by: 15) {
            // Seen nearly face on, the corners say little about the focal length: the assumed one
            // pulls, and a few degrees of error there are far from the 35° limit.
            let tolerance = tilt < 15 ? 3.0 : 1.0
            for axis in [10.0, 50, 100] {
                let quad = Self.corners(width: 85.6, height: 53.98, fieldOfView: fieldOfView, tilt: tilt, axis: axis)
                let known = try #require(
                    PlaneGeometry(quad: quad, frameWidth: 1280, frameHeight: 720, knownAspectRatio: aspect))
                #expect(abs(known.tiltDegrees - tilt) < tolerance, "fov \(fieldOfView) tilt \(tilt) axis \(axis)")
                // The quad's first side may be the short one.
                let turned = Quadrilateral2D(corners: [
                    quad.corners[1], quad.corners[2], quad.corners[3], quad.corners[0],
                ])
                let sideways = try #require(
                    PlaneGeometry(quad: turned, frameWidth: 1280, frameHeight: 720, knownAspectRatio: aspect))
                #expect(abs(sideways.tiltDegrees - tilt) < tolerance)
            }
        }
    }

    @Test func aLongLensMisleadsTheAssumedFocalLengthButNotTheKnownAspect() throws {
        // Given a card tilted 42° seen through a 40° lens (a 2x zoom), diagonal axis
        let quad = Self.corners(width: 85.6, height: 53.98, fieldOfView: 40, tilt: 42, axis: 50)
        let assumed = try #require(PlaneGeometry(quad: quad, frameWidth: 1280, frameHeight: 720))
        let known = try #require(
            PlaneGeometry(quad: quad, frameWidth: 1280, frameHeight: 720, knownAspectRatio: 85.6 / 53.98))
        // Then the assumed focal length reads it under the 35° limit, the known aspect does not
        #expect(assumed.tiltDegrees < 35)
        #expect(abs(known.tiltDegrees - 42) < 1)
        #expect(
            PlacementStatus.assess(
                quad: quad, roi: PixelRect(x: 0, y: 0, width: 1280, height: 720),
                pixelsPerMillimetre: 8, tiltDegrees: known.tiltDegrees) == .angleTooSteep)
    }

    @Test func aDocumentWhoseMRZImpliesItOverfillsTheFrameIsTooClose() {
        let roi = PixelRect(x: 0, y: 0, width: 1280, height: 720)
        // Wider than the frame (cut on the right only), taller than it, or covering over 80% of it.
        #expect(PlacementStatus.overfills(Quadrilateral2D(x: 10, y: 300, width: 1400, height: 300), roi: roi))
        #expect(PlacementStatus.overfills(Quadrilateral2D(x: 300, y: -40, width: 500, height: 780), roi: roi))
        #expect(PlacementStatus.overfills(Quadrilateral2D(x: 40, y: 30, width: 1200, height: 660), roi: roi))
        // Cut by one border but not overfilling; well inside; as wide as the frame within 1% of its diagonal.
        #expect(!PlacementStatus.overfills(Quadrilateral2D(x: 900, y: 200, width: 600, height: 420), roi: roi))
        #expect(!PlacementStatus.overfills(Quadrilateral2D(x: 200, y: 150, width: 800, height: 450), roi: roi))
        #expect(!PlacementStatus.overfills(Quadrilateral2D(x: -5, y: 300, width: 1290, height: 200), roi: roi))
        // The part found inside the frame looks cut; the MRZ says the document overfills it.
        let part = Quadrilateral2D(x: 2, y: 100, width: 500, height: 400)
        #expect(
            PlacementStatus.assess(
                quad: part, roi: roi, pixelsPerMillimetre: 10, tiltDegrees: 5, continuesPastBorder: true)
                == .partiallyVisible)
        #expect(
            PlacementStatus.assess(
                quad: part, roi: roi, pixelsPerMillimetre: 10, tiltDegrees: 5, continuesPastBorder: true,
                overfilled: true) == .tooClose)
    }

    @Test func aDocumentThatOverfillsTheFrameIsTooCloseCutOrNot() {
        let roi = PixelRect(x: 0, y: 0, width: 1280, height: 720)
        func status(_ quad: Quadrilateral2D) -> PlacementStatus {
            PlacementStatus.assess(quad: quad, roi: roi, pixelsPerMillimetre: 10, tiltDegrees: 5)
        }
        // Past the left and right borders.
        #expect(status(Quadrilateral2D(x: -80, y: 100, width: 1440, height: 500)) == .tooClose)
        // Past the top and bottom borders.
        #expect(status(Quadrilateral2D(x: 200, y: -60, width: 800, height: 840)) == .tooClose)
        // Inside but covering more than 80% of the frame.
        #expect(status(Quadrilateral2D(x: 20, y: 15, width: 1240, height: 690)) == .tooClose)
        // Cut on one side only and small: partially visible.
        #expect(status(Quadrilateral2D(x: -100, y: 200, width: 500, height: 300)) == .partiallyVisible)
        // Cut on one side and covering more than 80%: too close.
        #expect(status(Quadrilateral2D(x: -200, y: 10, width: 1400, height: 700)) == .tooClose)
        // Well placed.
        #expect(status(Quadrilateral2D(x: 200, y: 150, width: 800, height: 450)) == .good)
    }

    @Test func anOutlineOnTheBorderIsCutWhenItsShapeOrItsMRZSaySo() {
        let roi = PixelRect(x: 0, y: 0, width: 1280, height: 720)
        let td3 = DocumentLayout.of(.td3)
        // A TD3 page (125 x 88 mm) at 5 px/mm whose left corners sit 2 px from the border.
        let whole = Quadrilateral2D(x: 2, y: 200, width: 625, height: 440)
        // The same page cut by the left border: the part inside, 400 px wide.
        let cut = Quadrilateral2D(x: 2, y: 200, width: 400, height: 440)
        func continues(_ quad: Quadrilateral2D, layout: DocumentLayout?, predicted: Quadrilateral2D? = nil) -> Bool {
            DocumentScanner.continuesPastBorder(
                quad, roi: roi, layout: layout, aspect: DocumentScanner.apparentAspect(quad), predicted: predicted)
        }
        // A whole page of its layout's shape whose MRZ puts it where it is: near the edge, not cut.
        #expect(!continues(whole, layout: td3, predicted: whole))
        // Its shape is not the layout's: cut.
        #expect(continues(cut, layout: td3))
        // The MRZ puts its left side 200 px beyond the border: cut, whatever the outline's shape.
        #expect(continues(whole, layout: td3, predicted: Quadrilateral2D(x: -200, y: 200, width: 625, height: 440)))
        // No MRZ read: nothing says where the document ends, so a touching outline counts as cut.
        #expect(continues(whole, layout: nil))
        // Not touching the border (20 px away): never cut.
        #expect(!continues(Quadrilateral2D(x: 20, y: 200, width: 400, height: 440), layout: td3))

        func status(_ quad: Quadrilateral2D, continues: Bool) -> PlacementStatus {
            PlacementStatus.assess(
                quad: quad, roi: roi, pixelsPerMillimetre: 5, tiltDegrees: 5, continuesPastBorder: continues)
        }
        #expect(status(whole, continues: false) == .tooCloseToEdge)
        #expect(status(cut, continues: true) == .partiallyVisible)
        // The edge rule's margin is 1.9% of the shorter side (13.68 px of 720): a corner 13.5 px from
        // the border is too close, one 14 px away (under 2%, within the outline's precision) is not.
        let nearLeft = Quadrilateral2D(x: 13.5, y: 200, width: 625, height: 440)
        #expect(status(nearLeft, continues: false) == .tooCloseToEdge)
        let justClear = Quadrilateral2D(x: 14, y: 200, width: 625, height: 440)
        #expect(status(justClear, continues: false) == .good)
    }
}

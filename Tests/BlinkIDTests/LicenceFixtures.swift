import CaptureCore
import DocumentEngine
import DocumentSynthesis

@testable import BlinkID

/// Generated card sides for the barcode step: licence fronts and backs (``LicenceBackSceneGenerator``)
/// and an ID-1 back that carries both an MRZ and a PDF417 symbol whose AAMVA file repeats (or, when
/// tampered, contradicts) the MRZ's fields. Everything is seeded; no real person's data.
enum LicenceFixtures {
    /// A clean 1280x720 frame of an ID-1 front without MRZ (a licence front).
    static func front(seed: UInt64) throws -> InputImage {
        let composer = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720, kinds: [.td1Front])
        return InputImage(image: try composer.compose(seed: seed).image)
    }

    /// A frame of a licence back with its generated AAMVA payload.
    static func back(
        seed: UInt64, tier: SceneTier = .clean
    ) throws -> (image: InputImage, payload: GeneratedAAMVAPayload) {
        let composer = try SceneComposer(tier: tier, frameWidth: 1280, frameHeight: 720)
        let scene = try LicenceBackSceneGenerator(composer: composer).scene(seed: seed)
        return (InputImage(image: scene.scene.image), scene.payload)
    }

    /// How the barcode of ``mrzAndBarcodeBack(seed:tampered:)`` departs from the MRZ.
    enum Tampering {
        case none
        /// Another date of birth and document number in the barcode.
        case dateOfBirthAndNumber
        /// The symbol decodes but its AAMVA directory declares a subfile length 40 bytes short:
        /// the payload is read anyway, with a warning.
        case corruptDirectory
        /// The symbol decodes to a payload that is no AAMVA file (a boarding pass): the barcode is
        /// seen, not read.
        case notAAMVA
    }

    /// A TD1 back (MRZ at the bottom) with a PDF417 symbol over its upper part, photographed cleanly.
    static func mrzAndBarcodeBack(
        seed: UInt64, tampering: Tampering
    ) throws -> (image: InputImage, identity: SyntheticIdentity) {
        let composer = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720)
        var identity: SyntheticIdentity?
        var failure: BarcodeError?
        let scene = try composer.compose(seed: seed, kind: .td1Back) {
            (scale, id, random) throws(SceneCompositionError) -> RenderedDocument in
            var document: RenderedDocument
            do throws(MRZCompositionError) {
                document = try DocumentRenderer(pixelsPerMillimetre: scale)
                    .render(.td1Back, identity: id, using: &random)
            } catch {
                throw .documentRendering(error)
            }
            identity = id
            do throws(BarcodeError) {
                let matrix = try PDF417Encoder(margin: 0, errorCorrectionLevel: 4)
                    .encode(bytes: aamvaFile(for: id, tampering: tampering))
                draw(matrix, on: &document.image, pixelsPerMillimetre: scale)
            } catch {
                failure = error
            }
            return document
        }
        if let failure { throw failure }
        guard let identity else { throw BarcodeError.encodingFailed(reason: "the renderer was not called") }
        return (InputImage(image: scene.image), identity)
    }

    /// Draws `matrix` (one pixel per module, four per row) 74 mm wide at most 24 mm high from
    /// (6 mm, 3 mm), on a white quiet zone.
    static func draw(_ matrix: GrayImage, on image: inout RGBAImage, pixelsPerMillimetre s: Double) {
        let left = 6.0, top = 3.0, width = 74.0
        let unitX = width / Double(matrix.width)
        let unitY = min(unitX, 24.0 / Double(matrix.height))
        let height = unitY * Double(matrix.height)
        let x0 = Int(((left - 1.5) * s).rounded()), x1 = Int(((left + width + 1.5) * s).rounded())
        let y0 = Int(((top - 1) * s).rounded()), y1 = Int(((top + height + 1) * s).rounded())
        for y in max(0, y0)..<min(image.height, y1) {
            for x in max(0, x0)..<min(image.width, x1) {
                let mx = Int(((Double(x) + 0.5) / s - left) / unitX)
                let my = Int(((Double(y) + 0.5) / s - top) / unitY)
                let dark =
                    mx >= 0 && my >= 0 && mx < matrix.width && my < matrix.height
                    && matrix.pixels[my * matrix.width + mx] == 0
                image[x, y] = dark ? RGBA(r: 20, g: 20, b: 28) : RGBA(r: 250, g: 250, b: 248)
            }
        }
    }

    /// A version 10 AAMVA file (Virginia's issuer number) with the identity's names, number, dates and sex.
    static func aamvaFile(for id: SyntheticIdentity, tampering: Tampering) -> [UInt8] {
        if tampering == .notAAMVA { return Array("M1SAMPLE/PASSENGER    E1234567 LHRJFKBA 0117 123Y012A0001 100".utf8) }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func date(_ d: SyntheticIdentity.CalendarDate) -> String { two(d.month) + two(d.day) + String(d.year) }
        var birth = id.dateOfBirth
        var number = id.documentNumber
        if tampering == .dateOfBirthAndNumber {
            birth.day = birth.day == 1 ? 2 : birth.day - 1
            number = String(number.reversed()) + "7"
        }
        let given = id.givenNames.split(separator: " ").map(String.init)
        let sex = id.sex == .male ? "1" : id.sex == .female ? "2" : "9"
        let elements = [
            "DCAD", "DCBNONE", "DCDNONE", "DBA" + date(id.dateOfExpiry), "DCS" + id.surname,
            "DAC" + (given.first ?? "NONE"),
            "DAD" + (given.count > 1 ? given.dropFirst().joined(separator: ",") : "NONE"),
            "DBD01012020", "DBB" + date(birth), "DBC" + sex, "DAYBRO", "DAU070 in", "DAG1 MAIN ST",
            "DAIRICHMOND", "DAJVA", "DAK232690000", "DAQ" + number, "DCF0123456789", "DCGUSA", "DDEN", "DDFN", "DDGN",
        ]
        let body = Array("DL".utf8) + Array(elements.joined(separator: "\n").utf8) + [0x0D]
        var header = Array("@\n\u{1E}\rANSI 636000100001".utf8)
        func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }
        let declaredLength = tampering == .corruptDirectory ? body.count - 40 : body.count
        header += Array(("DL" + four(header.count + 10) + four(declaredLength)).utf8)
        return header + body
    }
}

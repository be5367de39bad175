import CaptureCore
import DocumentEngine
import Foundation

/// Renders fictitious Brazilian identity cards (RG and its successor the CIN) and driving licences
/// (CNH), fronts and backs, as ID-1 cards, modelled loosely on the public specimen designs:
/// a tinted card with guilloche-like wave and rosette patterns, "REPÚBLICA FEDERATIVA DO BRASIL"
/// and the document title in the header, labelled fields (NOME, FILIAÇÃO, NATURALIDADE, DATA DE
/// NASCIMENTO, CPF, Nº REGISTRO, VALIDADE, CAT. HAB., 1ª HABILITAÇÃO, OBSERVAÇÕES, LOCAL, DATA
/// EMISSÃO ...), a portrait box and signature lines, and on the CIN back a TD1 MRZ of `BRA`
/// written by ``MRZComposer``. Every name and number comes from ``BrazilianIdentity`` (made up).
///
/// Positions are randomised by a few millimetres and colours within each document's usual hue
/// (RG greenish-grey, CNH green-yellow, CIN blue-green), so that a classifier cannot key on exact
/// pixels. Everything random comes from the generator passed in.
package struct BrazilianDocumentRenderer: Sendable {
    /// Output scale (pixels per millimetre).
    package var pixelsPerMillimetre: Double

    package init(pixelsPerMillimetre: Double = 10) {
        self.pixelsPerMillimetre = max(1, pixelsPerMillimetre)
    }

    /// Renders `side` for `identity`; `withMRZ` (RG back only) draws the CIN back with its MRZ.
    package func render(
        _ side: BrazilianDocumentSide, identity: BrazilianIdentity, withMRZ: Bool, using random: inout SeededGenerator
    ) throws(MRZCompositionError) -> RenderedDocument {
        let kind = side.layoutKind(withMRZ: withMRZ && side == .rgBack)
        let layout = DocumentLayout.of(kind)
        var mrzIdentity = Self.mrzIdentity(identity, using: &random)
        var lines: [String] = []
        if kind == .td1Back {
            lines = try MRZComposer.lines(for: mrzIdentity, format: .td1)
        } else {
            mrzIdentity.documentCode = "ID"
        }
        var painter = BrazilianCardPainter(
            side: side, layout: layout, scale: pixelsPerMillimetre,
            identity: identity, isCIN: kind == .td1Back, random: random.fork(2))
        painter.drawBackground()
        painter.drawHeader()
        let zones = painter.drawBody()
        let mrz = painter.drawMRZ(lines)
        let s = pixelsPerMillimetre
        func quad(_ zone: DocumentLayout.Zone?) -> Quadrilateral2D? {
            zone.map { Quadrilateral2D(x: $0.x * s, y: $0.y * s, width: $0.width * s, height: $0.height * s) }
        }
        return RenderedDocument(
            image: painter.canvas.image(), kind: kind, pixelsPerMillimetre: s, identity: mrzIdentity,
            mrzFormat: lines.isEmpty ? nil : .td1, mrzLines: lines, characterBoxes: mrz.boxes, mrzPitch: mrz.pitch,
            mrzCapHeight: mrz.capHeight, face: quad(zones.face), signature: quad(zones.signature))
    }

    /// The identity the CIN's MRZ is written from: document code `ID`, issuer and nationality `BRA`,
    /// a 9-character document number and the CPF's digits as optional data.
    static func mrzIdentity(_ identity: BrazilianIdentity, using random: inout SeededGenerator) -> SyntheticIdentity {
        let letters = Array("ABCDEFGHJKLMNPRSTUVWXYZ")
        let number =
            String((0..<2).map { _ in random.pick(letters) })
            + (0..<7).map { _ in String(random.integer(in: 0...9)) }.joined()
        return SyntheticIdentity(
            documentCode: "ID", issuingState: "BRA", nationality: "BRA", surname: identity.surnames,
            givenNames: identity.givenNames, documentNumber: number, dateOfBirth: identity.dateOfBirth,
            sex: identity.sex, dateOfExpiry: identity.dateOfExpiry,
            optionalData: identity.cpf.filter(\.isNumber))
    }
}

import Foundation
import Testing

@testable import Fortface

struct PDFStructureCheckTests {
    private func failure(_ text: String) -> PDFStructureCheck.Failure? {
        do throws(PDFStructureCheck.Failure) {
            try PDFStructureCheck.validate(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aWholePDFPasses() throws {
        try PDFStructureCheck.validate(FortfaceFixtures.pdf())
    }

    @Test func aFileWithoutEndOfFileMarkerIsTruncated() {
        let pdf = String(decoding: FortfaceFixtures.pdf(), as: UTF8.self)
        #expect(failure(pdf.replacingOccurrences(of: "%%EOF", with: "")) == .missingEndOfFile)
    }

    @Test func anUnknownVersionHasNoHeader() {
        let pdf = String(decoding: FortfaceFixtures.pdf(), as: UTF8.self)
        #expect(failure(pdf.replacingOccurrences(of: "%PDF-1.4", with: "%PDF-9.9")) == .missingHeader)
    }

    @Test func aStartxrefPastTheTableIsOutOfRange() {
        let pdf = String(decoding: FortfaceFixtures.pdf(), as: UTF8.self)
        let lines = pdf.components(separatedBy: "\n")
        guard let at = lines.firstIndex(of: "startxref") else { Issue.record("fixture"); return }
        var broken = lines
        broken[at + 1] = "99999999"
        #expect(failure(broken.joined(separator: "\n")) == .startXrefOutOfRange)
    }

    @Test func anEntryPointingAtTheWrongPlaceIsCaught() {
        let pdf = String(decoding: FortfaceFixtures.pdf(), as: UTF8.self)
        // Object 2's entry is moved onto object 1's offset.
        let entries = pdf.components(separatedBy: "\r\n").filter { $0.hasSuffix(" 00000 n") }
        let broken = pdf.replacingOccurrences(of: entries[1], with: entries[0])
        #expect(failure(broken) == .xrefEntryNotAnObject(object: 2))
    }

    @Test func aTrailerWithoutRootIsRefused() {
        let pdf = String(decoding: FortfaceFixtures.pdf(), as: UTF8.self)
        #expect(failure(pdf.replacingOccurrences(of: "/Root 1 0 R", with: "/Info 1 0 R")) == .missingTrailerRoot)
    }

    @Test func aCrossReferenceStreamIsAccepted() {
        let body = "%PDF-1.5\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
        let xref = body.utf8.count
        let pdf =
            body + "2 0 obj\n<< /Type /XRef /Root 1 0 R /Size 3 /W [1 2 1] >>\nstream\n\nendstream\nendobj\n"
            + "startxref\n\(xref + 0)\n%%EOF\n"
        // startxref points at object 2, which starts right after object 1.
        #expect(failure(pdf) == nil)
    }
}

package import DocumentEngine

/// What a machine-readable zone says about the document that carries it.
///
/// The layout (lines x characters) and the document code decide the kind; ICAO 9303 fixes where
/// each layout is printed, which gives the side: a TD1 MRZ is on the back of an ID-1 card, TD2,
/// TD3 and visa MRZs are on the data page (reported as the front). A TD1 card issued by Brazil
/// (`BRA`) is the new Carteira de Identidade Nacional, the successor of the RG, so it is an RG back.
package enum MRZDocumentKind {
    /// The kind and side of a document whose MRZ has `format`, `documentCode` and `issuingCountry`
    /// (fillers removed); nil when the code does not belong to the layout (for example a TD3 MRZ
    /// whose code is not a passport's).
    package static func kind(
        format: MRZFormat, documentCode: String, issuingCountry: String
    )
        -> (kind: DocumentKind, side: DocumentSideKind)?
    {
        let code = documentCode.first
        switch format {
        case .td3:
            return code == "P" ? (.passport, .front) : nil
        case .mrvA, .mrvB:
            return code == "V" ? (.visa, .front) : nil
        case .td1:
            guard let code, "IAC".contains(code) else { return nil }
            return issuingCountry == "BRA" ? (.rg, .back) : (.idCard, .back)
        case .td2:
            if code == "P" { return (.passport, .front) }
            guard let code, "IAC".contains(code) else { return nil }
            return (.idCard, .front)
        }
    }

    /// The confidence of a classification from an MRZ reading: 0.5 for a zone whose layout was
    /// recognised, plus up to 0.45 in proportion to the check digits that agree, plus up to 0.05
    /// for the recogniser's mean character confidence. Every check passing gives at least 0.95; a
    /// reading without any agreeing check stays at or below 0.55, under
    /// ``DocumentClassifier/minimumConfidence``.
    package static func confidence(checks: MRZChecks?, meanCharacterConfidence: Float) -> Double {
        var score = 0.5 + 0.05 * Double(min(1, max(0, meanCharacterConfidence)))
        if let checks {
            let defined =
                [checks.documentNumber, checks.dateOfBirth, checks.dateOfExpiry]
                + [checks.personalNumber, checks.composite].compactMap { $0 }
            let passed = defined.filter { $0 }.count
            score += 0.45 * Double(passed) / Double(defined.count)
        }
        return score
    }
}

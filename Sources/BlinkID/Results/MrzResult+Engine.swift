package import DocumentEngine

extension MrzResult {
    /// The public form of the engine's parsed MRZ; `rawLines` are the lines exactly as recognised
    /// (before the resolver and the parser's repairs), the record's own input when nil;
    /// `confidences` one value per character of those lines (ignored unless shaped like them);
    /// `verified` the engine's own judgement when it has one (``FrameAnalysis/mrzVerified``), else
    /// ``MRZVerification`` decides from the lines and confidences given.
    package init(_ record: MRZRecord, rawLines: [String]? = nil, confidences: [[Float]] = [], verified: Bool? = nil) {
        let lines = rawLines ?? record.rawLines
        let shaped = confidences.count == lines.count && zip(confidences, lines).allSatisfy { $0.count == $1.count }
        self.init(
            rawLines: lines, correctedLines: record.correctedLines,
            documentType: MrzDocumentType(record.format), documentCode: record.documentCode,
            issuingCountry: record.issuingCountry, documentNumber: record.documentNumber,
            dateOfBirth: record.dateOfBirth.map(DateResult.init),
            dateOfExpiry: record.dateOfExpiry.map(DateResult.init),
            sex: record.sex, nationality: record.nationality, primaryName: record.primaryName,
            secondaryName: record.secondaryName, optionalData1: record.optionalData1,
            optionalData2: record.optionalData2,
            checks: MrzChecks(
                documentNumber: record.checks.documentNumber, dateOfBirth: record.checks.dateOfBirth,
                dateOfExpiry: record.checks.dateOfExpiry, personalNumber: record.checks.personalNumber,
                composite: record.checks.composite),
            characterConfidences: shaped ? confidences : [],
            isVerified: verified
                ?? (shaped
                    ? MRZVerification.isVerified(record, lines: lines, confidences: confidences)
                    : record.allChecksPassed))
    }
}

extension MrzDocumentType {
    init(_ format: MRZFormat) {
        switch format {
        case .td1: self = .td1
        case .td2: self = .td2
        case .td3: self = .td3
        case .mrvA: self = .mrvA
        case .mrvB: self = .mrvB
        }
    }
}

extension DateResult {
    init(_ date: MRZDate) {
        self.init(day: date.day, month: date.month, year: date.year, originalString: date.raw)
    }
}

extension DetectionStatus {
    /// The guide's status for the engine's placement.
    init(_ placement: PlacementStatus) {
        switch placement {
        case .notFound: self = .failed
        case .good: self = .success
        case .tooFar: self = .cameraTooFar
        case .tooClose: self = .cameraTooClose
        case .angleTooSteep: self = .cameraAngleTooSteep
        case .tooCloseToEdge: self = .documentTooCloseToCameraEdge
        case .partiallyVisible: self = .documentPartiallyVisible
        }
    }
}

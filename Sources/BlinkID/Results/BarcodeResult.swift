/// The PDF417 barcode read from the back of a card, and its AAMVA fields.
///
/// A barcode is returned once zxing-cpp's error correction accepted it: its bytes are then exactly
/// what the issuer wrote, and ``rawData`` always holds them. The AAMVA fields are parsed from them
/// leniently, as issuers really write them (wrong subfile offsets and lengths, CR LF separators,
/// Latin-1 names, ...): whatever departs from the standard is listed in ``warnings``, and a value
/// that does not parse leaves its field empty (its raw element stays in ``AamvaResult/elements``).
public struct BarcodeResult: Sendable, Equatable {
    /// Something that was off in the payload, which was read anyway.
    public struct Warning: Sendable, Equatable, Hashable {
        /// A stable name of what was off, e.g. `subfileOffset`, `carriageReturnSeparators`,
        /// `latin1Text`, `invalidValue`, `noDocumentSubfile`.
        public let code: String
        /// The element it concerns (e.g. `DBB`), when it concerns one.
        public let element: String?
        /// What was off and what was done about it, in a sentence. Never contains values.
        public let message: String
    }

    /// The decoded bytes of the symbol.
    public let rawData: [UInt8]
    /// The decoded bytes as text (UTF-8, invalid sequences replaced).
    public let stringData: String
    /// The AAMVA DL/ID fields, nil for a payload that is not an AAMVA file or holds no DL/ID element.
    public let aamva: AamvaResult?
    /// What was off in the payload (empty for a textbook AAMVA file), in the order found.
    public let warnings: [Warning]

    init(rawData: [UInt8], stringData: String, aamva: AamvaResult?, warnings: [Warning] = []) {
        self.rawData = rawData
        self.stringData = stringData
        self.aamva = aamva
        self.warnings = warnings
    }
}

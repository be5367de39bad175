/// The PDF417 barcode read from the back of a card, and its AAMVA fields.
///
/// A barcode is only returned once zxing-cpp's error correction accepted it and, for an AAMVA
/// file (a payload starting with "@"), once its header, subfile directory and elements parsed;
/// a payload that fails those checks is rejected, never returned.
public struct BarcodeResult: Sendable, Equatable {
    /// The decoded bytes of the symbol.
    public let rawData: [UInt8]
    /// The decoded bytes as text (UTF-8, invalid sequences replaced).
    public let stringData: String
    /// The AAMVA DL/ID fields, nil for a payload that is not an AAMVA file.
    public let aamva: AamvaResult?

    init(rawData: [UInt8], stringData: String, aamva: AamvaResult?) {
        self.rawData = rawData
        self.stringData = stringData
        self.aamva = aamva
    }
}

public import CaptureCore

/// The final result of a scanning session (`BlinkIDSession.getResult()`).
public struct BlinkIDScanningResult: Sendable {
    /// The machine-readable zone, if one was read with all check digits agreeing.
    public let mrz: MrzResult?
    /// The PDF417 barcode of a North American card's back, if one was read and validated.
    public let barcode: BarcodeResult?
    /// The printed fields of the first side whose visual zone was read (a data page, a card front).
    public var viz: VizResult? { vizResults.first }
    /// The visual zone of every side read, in scanning order (one per side, read once).
    public let vizResults: [VizResult]
    /// Whether the fields carried by more than one source (MRZ, barcode, visual zone) agree.
    public let dataMatchResult: DataMatchResult
    /// The rectified image of the first side scanned.
    public let firstDocumentImage: RGBAImage?
    /// The rectified image of the second side (two-sided documents).
    public let secondDocumentImage: RGBAImage?
    /// The portrait region of the layout (TD1 front, TD3/TD2 data page).
    public let faceImage: RGBAImage?
    /// The signature region, where the layout defines one.
    public let signatureImage: RGBAImage?
    /// What was extracted.
    public let resultCompleteness: ResultCompleteness
}

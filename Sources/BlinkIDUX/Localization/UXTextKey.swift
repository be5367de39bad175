/// Every text the BlinkIDUX screens show or announce, as a typed key into the module's
/// `Localizable.xcstrings` catalogue (English, Portuguese and Spanish).
///
/// The raw value is the catalogue key. A Linux test checks that every case has a translated value in
/// every language of the catalogue and that the catalogue holds no key without a case.
public enum UXTextKey: String, Sendable, CaseIterable {
    case scanFront = "instruction.scanFront"
    case scanBack = "instruction.scanBack"
    case scanBarcode = "instruction.scanBarcode"
    case flipDocument = "instruction.flipDocument"
    case moveFarther = "instruction.moveFarther"
    case moveCloser = "instruction.moveCloser"
    case moveFromEdge = "instruction.moveFromEdge"
    case keepParallel = "instruction.keepParallel"
    case keepStill = "instruction.keepStill"
    case removeReflection = "instruction.removeReflection"
    case keepFullyVisible = "instruction.keepFullyVisible"
    case documentScanned = "instruction.documentScanned"
    case frontScannedAnnouncement = "announcement.frontScanned"
    case documentScannedAnnouncement = "announcement.documentScanned"
    case cancelButton = "button.cancel"
    case torchButton = "button.torch"
    case torchTurnOnHint = "hint.torchTurnOn"
    case torchTurnOffHint = "hint.torchTurnOff"
    case helpButton = "button.help"
    case helpTitle = "help.title"
    case helpMessage = "help.message"
    case timeoutAlertTitle = "alert.timeoutTitle"
    case timeoutAlertMessage = "alert.timeoutMessage"
    case retryButton = "button.retry"
    case noInternetTitle = "noInternet.title"
    case noInternetMessage = "noInternet.message"

    /// The instruction that answers a UI event.
    public init(instructionFor event: UIEvent) {
        switch event {
        case .requestDocumentSide(.front): self = .scanFront
        case .requestDocumentSide(.back): self = .scanBack
        case .requestDocumentSide(.barcode): self = .scanBarcode
        case .wrongSide: self = .flipDocument
        case .tooClose: self = .moveFarther
        case .tooFar: self = .moveCloser
        case .tooCloseToEdge: self = .moveFromEdge
        case .tilt: self = .keepParallel
        case .blur: self = .keepStill
        case .glare: self = .removeReflection
        case .notFullyVisible, .occlusion: self = .keepFullyVisible
        }
    }

    /// The flashlight button's hint, which says what tapping it will do in its current state.
    public static func torchHint(isTorchOn: Bool) -> UXTextKey {
        isTorchOn ? .torchTurnOffHint : .torchTurnOnHint
    }
}

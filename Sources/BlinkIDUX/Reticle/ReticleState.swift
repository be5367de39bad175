/// What the reticle (the frame the user aims the document into) shows.
public enum ReticleState: Sendable, Hashable {
    /// Asking for the front side.
    case front
    /// Asking for the back side.
    case back
    /// Asking for the barcode.
    case barcode
    /// Guidance about the current frames (the event's instruction), for example "Move closer".
    case error(UIEvent)
    /// The first side is done: the flip animation, "Flip the document".
    case flip
    /// The whole document is scanned.
    case success

    /// The text shown with this state.
    public var instruction: UXTextKey {
        switch self {
        case .front: return .scanFront
        case .back: return .scanBack
        case .barcode: return .scanBarcode
        case let .error(event): return UXTextKey(instructionFor: event)
        case .flip: return .flipDocument
        case .success: return .documentScanned
        }
    }

    /// Which state may replace which before its minimum display time is over: a state may be cut
    /// short only by one of higher priority. Success, then flip, then guidance (by event priority),
    /// then the side prompts.
    public var priority: Int {
        switch self {
        case .success: return 1_000
        case .flip: return 500
        case let .error(event): return 100 + event.priority
        case .front, .back, .barcode: return 0
        }
    }
}

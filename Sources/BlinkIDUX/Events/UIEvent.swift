/// What the user should be told about the scan, derived from the engine's per-frame results by
/// `UIEventTranslator`.
///
/// Events arrive in batches through an ``EventStream``; a batch is ordered by ``priority``, highest
/// first, so a consumer that shows one message shows `batch.first`. Checking with `contains` in the
/// guide's order gives the same answer, because the priorities follow that order.
public enum UIEvent: Sendable, Hashable {
    /// The scan has moved to `side`: ask the user to show it (`.back` after the front is scanned,
    /// `.front` after a restart).
    case requestDocumentSide(side: DocumentSide)
    /// The side shown is not the one requested (for example an ID card's MRZ side shown first).
    case wrongSide
    /// The camera is too close to the document.
    case tooClose
    /// The camera is too far from the document.
    case tooFar
    /// The document touches or nearly touches the frame's edge.
    case tooCloseToEdge
    /// The camera looks at the document at too steep an angle.
    case tilt
    /// The document is blurred (motion or focus).
    case blur
    /// A reflection covers part of the document.
    case glare
    /// Part of the document is outside the frame.
    case notFullyVisible
    /// The document is in view and sharp, but its machine-readable zone stays unreadable over several
    /// frames: something (a finger, a sticker) is probably covering it.
    case occlusion

    /// The event's rank when several apply to the same frame: the higher, the more important.
    ///
    /// Side requests come first (they change what the user must do), then the guide's order.
    public var priority: Int {
        switch self {
        case .requestDocumentSide: return 100
        case .wrongSide: return 90
        case .tooClose: return 80
        case .tooFar: return 70
        case .tooCloseToEdge: return 60
        case .tilt: return 50
        case .blur: return 40
        case .glare: return 30
        case .notFullyVisible: return 20
        case .occlusion: return 10
        }
    }
}

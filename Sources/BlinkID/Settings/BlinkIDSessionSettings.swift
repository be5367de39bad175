/// Where a session's frames come from, which decides how readings are combined.
public enum InputImageSource: Sendable, Equatable {
    /// A live camera or video: the MRZ is declared read only when several frames agree
    /// (per-character voting across frames).
    case video
    /// Single photos: each frame stands alone.
    case photo
}

/// Whether a two-sided document must be scanned on both sides.
public enum ScanningMode: Sendable, Equatable {
    /// Both sides where the document has two (ID-1 cards: the front, then the MRZ on the back).
    case automatic
    /// Whatever side is shown first is enough (for example only the MRZ side of an ID card).
    case single
}

/// Settings of one scanning session.
public struct BlinkIDSessionSettings: Sendable, Equatable {
    /// Where frames come from. Default `.video`.
    public var inputImageSource: InputImageSource
    /// One or both sides. Default `.automatic`.
    public var scanningMode: ScanningMode
    /// In video mode, how many frames must agree exactly on the MRZ before it counts as read.
    /// Default 2.
    public var minimumAgreeingFrames: Int
    /// Whether to crop the face and signature images where the layout defines them. Default `true`.
    public var returnImages: Bool
    /// Whether an MRZ whose check digits do not all agree may complete the scan, clearly flagged
    /// (``MrzResult/isVerified`` false, ``MrzResult/checks`` saying which failed), instead of nothing.
    /// A photo's MRZ is then taken as read when it parses; in video, once
    /// ``unverifiedAfterFrames`` frames have been read without a verified vote. Default `false`:
    /// only verified MRZs count. Never trust an unverified MRZ's fields without another source.
    public var allowUnverifiedResults: Bool
    /// In video with ``allowUnverifiedResults``, how many frames of the MRZ are read before the
    /// best unverified vote is accepted. Default 10.
    public var unverifiedAfterFrames: Int

    public init(
        inputImageSource: InputImageSource = .video,
        scanningMode: ScanningMode = .automatic,
        minimumAgreeingFrames: Int = 2,
        returnImages: Bool = true,
        allowUnverifiedResults: Bool = false,
        unverifiedAfterFrames: Int = 10
    ) {
        self.inputImageSource = inputImageSource
        self.scanningMode = scanningMode
        self.minimumAgreeingFrames = max(1, minimumAgreeingFrames)
        self.returnImages = returnImages
        self.allowUnverifiedResults = allowUnverifiedResults
        self.unverifiedAfterFrames = max(1, unverifiedAfterFrames)
    }
}

/// The texts a session shows (customisation). On Linux the `capkit capture` command prints them on
/// standard error; on Apple platforms the capture screen shows them.
public struct FortfaceTexts: Sendable, Equatable {
    /// Shown while the camera looks for the document.
    public var captureInstruction: String
    /// The back button's title.
    public var backButton: String
    /// Shown while the captured document is being prepared.
    public var processing: String
    /// Title of the upload screen.
    public var uploadTitle: String

    /// Texts with the SDK's defaults for any not given.
    public init(
        captureInstruction: String = "Place the document inside the frame and hold still",
        backButton: String = "Back",
        processing: String = "Processing…",
        uploadTitle: String = "Choose the document file"
    ) {
        self.captureInstruction = captureInstruction
        self.backButton = backButton
        self.processing = processing
        self.uploadTitle = uploadTitle
    }
}

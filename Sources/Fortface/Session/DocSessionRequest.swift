/// What the app asked for when it started a session.
package struct DocSessionRequest: Sendable, Equatable {
    /// Capture with the camera, or upload a file.
    package enum Mode: Sendable, Equatable {
        /// Camera capture; `geolocation` when the deprecated `getGeolocation: true` form was used.
        case camera(geolocation: Bool)
        /// Upload; `photoGallery` is the guide's `openPhotoGalery`.
        case upload(photoGallery: Bool)

        /// Whether this is an upload.
        package var isUpload: Bool {
            if case .upload = self { return true }
            return false
        }
    }

    package var sessionId: String
    /// The session key PEM exactly as received.
    package var sessionKey: String
    package var documentTypes: [DocumentTypeEnum]
    package var previousDocType: DocumentTypeEnum?
    package var mode: Mode

    package init(
        sessionId: String, sessionKey: String, documentTypes: [DocumentTypeEnum],
        previousDocType: DocumentTypeEnum?, mode: Mode
    ) {
        self.sessionId = sessionId
        self.sessionKey = sessionKey
        self.documentTypes = documentTypes
        self.previousDocType = previousDocType
        self.mode = mode
    }

    /// The side being captured: the back whenever the first side's type is given (the guide: nil
    /// for the first side, the API's answer for the second).
    package var side: String {
        previousDocType == nil ? "front" : "back"
    }
}

import FortfaceWire

extension SessionDetailsModel {
    /// The details for a refused session key: `{"error":"invalidSessionKey","reason":...,"message":...}`.
    /// `reason` is `mangledNewlines`, `malformed`, `notSubjectPublicKeyInfo`, `notRSA` or `tooSmall`.
    init(sessionKeyError error: SessionKeyError) {
        let reason: String
        switch error {
        case .mangledNewlines: reason = "mangledNewlines"
        case .malformed: reason = "malformed"
        case .notSubjectPublicKeyInfo: reason = "notSubjectPublicKeyInfo"
        case .notRSA: reason = "notRSA"
        case .tooSmall: reason = "tooSmall"
        }
        self.init(error: .invalidSessionKey, message: error.description, reason: reason)
    }
}

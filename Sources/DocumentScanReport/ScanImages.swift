package import BlinkID
package import CaptureCore
import Foundation

/// The crops a scan keeps (document sides, face, signature), for answers that ask for them.
package struct ScanImages: Sendable {
    package var firstDocument: RGBAImage?
    package var secondDocument: RGBAImage?
    package var face: RGBAImage?
    package var signature: RGBAImage?

    /// The crops of a session's result.
    package init(_ result: BlinkIDScanningResult) {
        firstDocument = result.firstDocumentImage
        secondDocument = result.secondDocumentImage
        face = result.faceImage
        signature = result.signatureImage
    }

    /// The crops as base64 JPEG (quality 85); a crop that is absent or fails to encode is null.
    package struct JSON: Encodable, Sendable {
        package var firstDocument, secondDocument, face, signature: String?

        package func encode(to encoder: any Encoder) throws {
            enum K: String, CodingKey { case firstDocument, secondDocument, face, signature }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(firstDocument, forKey: .firstDocument)  // explicit nulls: the keys are always there
            try c.encode(secondDocument, forKey: .secondDocument)
            try c.encode(face, forKey: .face)
            try c.encode(signature, forKey: .signature)
        }
    }

    /// The JSON form.
    package var json: JSON {
        func encoded(_ image: RGBAImage?) -> String? {
            guard let image, let data = try? ImageCodec.encodeJPEG(image, quality: 85) else { return nil }
            return data.base64EncodedString()
        }
        return JSON(
            firstDocument: encoded(firstDocument), secondDocument: encoded(secondDocument), face: encoded(face),
            signature: encoded(signature))
    }
}

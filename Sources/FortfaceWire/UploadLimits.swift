/// Size limits shared by the Fortface SDK and the API (`notes/security.md` §3.3).
package enum UploadLimits {
    /// The guide's "4MB", written down exactly: 4 × 1024 × 1024 bytes. A file of exactly this size is
    /// accepted; one byte more is `fileSizeTooBig`, on the device before sealing and on the server after opening.
    package static let maximumFileBytes = 4_194_304
    /// The largest request body `POST /v1/documents` buffers (6 MiB): a 4 MiB image is 5,592,408
    /// base64 characters, plus the wrapped key and the metadata.
    package static let maximumDocumentRequestBytes = 6 * 1024 * 1024
}

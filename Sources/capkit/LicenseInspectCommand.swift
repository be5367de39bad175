import ArgumentParser
import CaptureCore
import Foundation

/// `capkit license inspect`: prints a licence key's header and claims and whether it verifies.
struct LicenseInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a licence key's claims and check its signature against the development key.",
        discussion: """
            Prints JSON with the header, the claims (dates in ISO 8601), whether the signature \
            verifies against the development key dev-2026 (SDKs accept such a licence only with \
            allowsDevelopmentLicenses), and whether the licence is within its validity window now. \
            Exit status 1 when the signature does not verify. The key itself is never printed.
            """
    )

    @Argument(help: ArgumentHelp("The licence key, or - to read it from standard input.", valueName: "token|-"))
    var token: String

    /// What `inspect` prints.
    struct Report: Encodable {
        var header: CompactJWS.Header
        var claims: LicenseClaims?
        var signatureValid: Bool
        /// `valid`, `expired`, `notYetValid`, or `unknown` when the claims do not decode.
        var validity: String
        /// Why the signature or claims were refused, if they were.
        var problem: String?
    }

    func run() throws {
        let text: String
        if token == "-" {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            text = String(decoding: input, as: UTF8.self)
        } else {
            text = token
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let jws: CompactJWS
        do {
            jws = try CompactJWS.parse(trimmed, maxLength: LicenseVerifier.maxKeyLength)
        } catch {
            throw CommandFailure("Not a licence key: \(error)")
        }
        let claims = try? jws.decodePayload(as: LicenseClaims.self)
        var report = Report(header: jws.header, claims: claims, signatureValid: false, validity: "unknown")
        do {
            _ = try LicenseKeyring.development.verify(
                trimmed, expectedType: LicenseClaims.tokenType,
                maxLength: LicenseVerifier.maxKeyLength)
            report.signatureValid = true
        } catch {
            report.problem = error.description
        }
        if let claims {
            let now = Date()
            report.validity = now < claims.nbf ? "notYetValid" : now >= claims.exp ? "expired" : "valid"
        } else if report.problem == nil {
            report.problem = "The payload does not hold licence claims."
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
        if !report.signatureValid { throw ExitCode(1) }
    }
}

import ArgumentParser
import CaptureCore
import Foundation

/// `capkit license keygen`: writes a new Ed25519 private key and prints its public key.
struct LicenseKeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate an Ed25519 signing key.",
        discussion: """
            Writes the raw private key as one line of base64url to --out (mode 600) and prints the \
            public key and kid, which go into the SDK's keyring. Refuses to overwrite a file unless \
            --force is given.
            """
    )

    @Option(help: ArgumentHelp("Key id the key will sign as.", valueName: "kid"))
    var kid: String

    @Option(help: ArgumentHelp("File to write the private key to.", valueName: "file"))
    var out: String

    @Flag(help: "Overwrite --out if it exists.")
    var force = false

    func validate() throws {
        guard !kid.isEmpty, kid.utf8.count <= 64 else { throw ValidationError("--kid must be 1 to 64 characters.") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: out)
        if FileManager.default.fileExists(atPath: url.path) {
            guard force else {
                throw CommandFailure("\(out) exists; pass --force to overwrite it (the old key is lost).")
            }
            try FileManager.default.removeItem(at: url)
        }
        let key = DevelopmentSigningKey.generate()
        let contents = Data(DevelopmentSigningKey.fileContents(of: key).utf8)
        guard
            FileManager.default.createFile(
                atPath: url.path, contents: contents,
                attributes: [.posixPermissions: 0o600])
        else {
            throw CommandFailure("Could not write \(out); check that its folder exists and is writable.")
        }
        print("kid: \(kid)")
        print("public key (base64url): \(DevelopmentSigningKey.publicKeyText(of: key))")
    }
}

import ArgumentParser
import CaptureCore
import Foundation

/// `capkit license issue`: signs a licence key and prints it.
struct LicenseIssueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Issue a licence key (printed on stdout).",
        discussion: """
            Example: capkit license issue --subject acme --product blinkid --app com.acme.app \
            --platform linux,ios --days 30
            """
    )

    @OptionGroup var signing: SigningKeyOptions

    @Option(help: ArgumentHelp("The licensee's id (claim sub).", valueName: "id"))
    var subject: String

    @Option(
        help: ArgumentHelp(
            "Bundle or package ids the licence covers, comma-separated; * for any.",
            valueName: "id[,id]"))
    var app: String = "*"

    @Option(help: ArgumentHelp("Product: blinkid, fortface or fbx.", valueName: "product"))
    var product: String

    @Option(
        help: ArgumentHelp(
            "Platforms, comma-separated (linux, ios, android, macos).",
            valueName: "platform[,platform]"))
    var platform: String = "linux,ios,android"

    @Option(help: ArgumentHelp("Licensed features, comma-separated.", valueName: "feature[,feature]"))
    var features: String = "mrz,barcode"

    @Option(help: "Days the licence stays valid, from now.")
    var days: Int = 365

    @Option(name: .customLong("max-sdk"), help: ArgumentHelp("Highest SDK version covered.", valueName: "version"))
    var maxSdk: String = "1.99.99"

    @Flag(name: .customLong("online-required"), help: "Require the SDK to confirm the licence online.")
    var onlineRequired = false

    private static let products: Set<String> = ["blinkid", "fortface", "fbx"]
    private static let platforms: Set<String> = ["linux", "ios", "android", "macos"]

    func validate() throws {
        guard !subject.isEmpty else { throw ValidationError("--subject must not be empty.") }
        guard Self.products.contains(product) else {
            throw ValidationError("--product must be one of \(Self.products.sorted().joined(separator: ", ")).")
        }
        guard !Self.list(app).isEmpty else { throw ValidationError("--app needs at least one id (or *).") }
        let platforms = Self.list(platform)
        guard !platforms.isEmpty, platforms.allSatisfy(Self.platforms.contains) else {
            throw ValidationError("--platform takes \(Self.platforms.sorted().joined(separator: ", ")).")
        }
        guard !Self.list(features).isEmpty else { throw ValidationError("--features needs at least one feature.") }
        guard (1...3650).contains(days) else { throw ValidationError("--days must be between 1 and 3650.") }
        guard SemanticVersion(maxSdk) != nil else {
            throw ValidationError("--max-sdk must be a semantic version such as 1.99.99.")
        }
    }

    func run() throws {
        let key = try DevelopmentSigningKey.load(from: URL(fileURLWithPath: signing.keyPath))
        let now = Date()
        let claims = LicenseClaims(
            sub: subject, jti: UUID().uuidString.lowercased(), aud: Self.list(app), prod: product,
            plat: Self.list(platform), feat: Self.list(features), iat: now, nbf: now,
            exp: now.addingTimeInterval(TimeInterval(days) * 86_400), maxSdk: maxSdk,
            online: onlineRequired ? LicenseClaims.OnlineCheck(required: true) : nil)
        print(try CompactJWS.sign(claims, typ: LicenseClaims.tokenType, kid: signing.kid, key: key))
    }

    /// The non-empty, trimmed items of a comma-separated list.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

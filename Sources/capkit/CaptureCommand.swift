import ArgumentParser
import Fortface
import Foundation

/// `capkit capture`: the whole Fortface flow as an app and its backend run it, against a Fortface API.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract:
            "Run the Fortface flow: device token, handshake, capture or upload, sealed payload, the API's answer.",
        discussion: """
            The command plays both the app (the Fortface SDK) and its backend (the handshake and the \
            submission with the customer API key). The device is provisioned on first use through the \
            server's admin route (credentials in $XDG_CONFIG_HOME/capturekit/fortface/device.json, mode 0600). \
            With --data-dir, the API key, app id and admin token are read from the development customer \
            a fresh `capkit serve` writes there; with --secret, give the API key (and CAPTUREKIT_ADMIN_TOKEN \
            to provision). Cancel and timeout payloads go to /v1/metrics. Exit status 1 unless every side \
            was accepted. See docs/fortface-sdk.md.
            """)

    @Option(help: "The Fortface API's base URL, for example http://127.0.0.1:8080.")
    var server: String

    @Option(help: "A PDF, JPEG or PNG file to upload (give it twice with --both-sides: front, then back).")
    var upload: [String] = []

    @Option(help: "The camera: /dev/videoN, a video file, an image or a folder of images.")
    var camera: String?

    @Flag(help: "Print the API's JSON answers as they are (one line per side); SDK errors as their JSON.")
    var json = false

    @Flag(name: .customLong("both-sides"), help: "Capture the front, then the back with the front's type.")
    var bothSides = false

    @Option(name: .customLong("data-dir"), help: "The data directory of a local server: its development customer.")
    var dataDirectory: String?

    @Option(help: "The customer API key (instead of --data-dir).")
    var secret: String?

    @Option(help: "The app id registered for the customer (default: the development customer's).")
    var app: String?

    @Option(name: .customLong("device-file"), help: "Where the device credentials are kept.")
    var deviceFile: String?

    @Option(help: "Seconds before a session times out.")
    var timeout = 20

    @Flag(
        name: .customLong("debug-mode"),
        help: "FortfaceSDK.start(isDebugMode: true): report, never refuse, the integrity signals.")
    var debugMode = false

    func validate() throws {
        guard (upload.isEmpty) != (camera == nil) else {
            throw ValidationError("Give exactly one of --upload FILE or --camera SOURCE.")
        }
        guard (dataDirectory == nil) != (secret == nil) else {
            throw ValidationError("Give exactly one of --data-dir DIR or --secret S.")
        }
        if !upload.isEmpty {
            guard upload.count == (bothSides ? 2 : 1) else {
                throw ValidationError(
                    bothSides
                        ? "--both-sides with --upload needs two files: --upload FRONT --upload BACK."
                        : "Give one --upload file (two with --both-sides).")
            }
        }
        guard timeout >= 1 else { throw ValidationError("--timeout must be at least 1 second.") }
        guard URL(string: server)?.scheme?.hasPrefix("http") == true else {
            throw ValidationError("--server must be an http or https URL.")
        }
    }

    func run() async throws {
        let credentials = try CaptureCredentials.resolve(dataDirectory: dataDirectory, secret: secret, app: app)
        let source: FortfaceCaptureFlow.Source
        if let camera {
            do {
                source = .camera(try FrameSourceCamera(path: camera))
            } catch {
                throw CommandFailure("\(error)")
            }
        } else {
            source = .upload(upload)
        }
        guard let baseURL = URL(string: server) else { throw ValidationError("--server is not a URL.") }
        var flow = FortfaceCaptureFlow(
            api: FortfaceAPIClient(baseURL: baseURL), apiKey: credentials.apiKey, appId: credentials.appId,
            adminToken: credentials.adminToken,
            store: deviceFile.map { DeviceCredentialStore(file: URL(fileURLWithPath: $0)) } ?? DeviceCredentialStore(),
            source: source)
        flow.bothSides = bothSides
        flow.isDebugMode = debugMode
        flow.deployment = credentials.environment
        flow.sessionConfiguration.customization = FortfaceCustomization(timeoutSeconds: timeout)
        if camera != nil {
            FileHandle.standardError.write(
                Data("\(flow.sessionConfiguration.customization.texts.captureInstruction)\n".utf8))
        }
        let results: [FortfaceCaptureFlow.SideResult]
        do {
            results = try await flow.run { message in
                FileHandle.standardError.write(Data("\(message)\n".utf8))
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let report = CaptureReport(results: results)
        print(json ? report.json : report.text)
        if !report.allAccepted { throw ExitCode(1) }
    }
}

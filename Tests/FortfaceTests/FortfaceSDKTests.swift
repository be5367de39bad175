import CaptureKitTesting
import FortfaceWire
import Foundation
import Testing

@testable import Fortface

struct FortfaceSDKTests {
    struct FixedSignals: IntegritySignalsProvider {
        var signals = IntegritySignals()
        func currentSignals() -> IntegritySignals { signals }
    }

    struct FixedCredentials: DeviceAttestationProvider {
        let credentials: DeviceCredentials
        func deviceCredentials() throws(FortfaceException) -> DeviceCredentials { credentials }
    }

    private func environment(signals: IntegritySignals = IntegritySignals()) throws -> DeviceRequestEnvironment {
        DeviceRequestEnvironment(
            integrity: FixedSignals(signals: signals),
            attestation: FixedCredentials(credentials: try FortfaceFixtures.credentials()),
            now: { FortfaceFixtures.now })
    }

    private var verifier: DeviceTokenVerifier {
        DeviceTokenVerifier(deviceAuthority: FortfaceFixtures.authority.keyring)
    }

    @Test func everyCallGivesAFreshTokenThatTheServerVerifies() throws {
        let environment = try environment()
        let first = try FortfaceSDK.start(isDebugMode: false, environment: environment)
        let second = try FortfaceSDK.start(isDebugMode: false, environment: environment)
        #expect(first != second)
        let a = try verifier.verify(first, now: FortfaceFixtures.now)
        let b = try verifier.verify(second, now: FortfaceFixtures.now)
        #expect(a.jti != b.jti)
        #expect(a.app == FortfaceFixtures.app)
        #expect(a.exp == a.iat + 300)
        #expect(a.plat == "linux-sim")
        #expect(a.sdk == FortfaceSDK.getVersion())
        #expect(!a.dbg)
        #expect(a.att.kind == "simulated")
    }

    @Test func anUnsuitableDeviceThrowsTheGuidesMessageOutsideDebugMode() throws {
        let environment = try environment(signals: IntegritySignals(debuggerAttached: true))
        #expect(throws: FortfaceException.unsuitableDevice) {
            try FortfaceSDK.start(isDebugMode: false, environment: environment)
        }
        do {
            _ = try FortfaceSDK.start(isDebugMode: false, environment: environment)
        } catch {
            #expect(error.message == "There is something wrong!")
        }
    }

    @Test(arguments: [
        IntegritySignals(preloadInjection: true), IntegritySignals(jailbroken: true),
        IntegritySignals(emulator: true), IntegritySignals(hookingDetected: true),
    ])
    func everySignalMakesTheDeviceUnsuitable(signals: IntegritySignals) throws {
        #expect(throws: FortfaceException.unsuitableDevice) {
            try FortfaceSDK.start(isDebugMode: false, environment: try environment(signals: signals))
        }
    }

    @Test func debugModeReportsTheSignalsInsteadOfThrowing() throws {
        let environment = try environment(signals: IntegritySignals(debuggerAttached: true))
        let token = try FortfaceSDK.start(isDebugMode: true, environment: environment)
        let claims = try verifier.verify(token, now: FortfaceFixtures.now)
        #expect(claims.dbg)
        #expect(claims.sig.debuggerAttached)
    }

    @Test func aDeviceWithoutCredentialsIsNotProvisioned() throws {
        let folder = try TemporaryFolder()
        let environment = DeviceRequestEnvironment(
            integrity: FixedSignals(), attestation: DeviceCredentialStore(file: folder.child("device.json")))
        #expect {
            try FortfaceSDK.start(isDebugMode: true, environment: environment)
        } throws: { error in
            (error as? FortfaceException)?.reason == .deviceNotProvisioned
        }
    }

    @Test func theVersionIsASemanticVersion() {
        let parts = FortfaceSDK.getVersion().split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }
}

struct DeviceCredentialStoreTests {
    @Test func credentialsAreSavedOwnerOnlyAndLoadBack() throws {
        let folder = try TemporaryFolder()
        let store = DeviceCredentialStore(file: folder.child("fortface/device.json"))
        let credentials = try FortfaceFixtures.credentials()
        try store.save(credentials)
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let loaded = try store.deviceCredentials()
        #expect(loaded.kid == credentials.kid)
        #expect(DeviceCredentialStore.endorsedApp(of: loaded) == FortfaceFixtures.app)
    }

    @Test func aFileOthersMayReadIsRefused() throws {
        let folder = try TemporaryFolder()
        let store = DeviceCredentialStore(file: folder.child("device.json"))
        try store.save(try FortfaceFixtures.credentials())
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        #expect {
            try store.deviceCredentials()
        } throws: { error in
            (error as? FortfaceException)?.reason == .deviceNotProvisioned
        }
    }

    @Test func theDefaultFileFollowsXDGConfigHome() {
        #expect(
            DeviceCredentialStore.defaultFile(environment: ["XDG_CONFIG_HOME": "/x/cfg"]).path
                == "/x/cfg/capturekit/fortface/device.json")
        #expect(
            DeviceCredentialStore.defaultFile(environment: ["HOME": "/home/a"]).path
                == "/home/a/.config/capturekit/fortface/device.json")
    }
}

struct LinuxIntegrityProbeTests {
    @Test func aTracerPidMeansADebugger() {
        #expect(LinuxIntegrityProbe.tracerPid(inStatus: "Name:\tcapkit\nTracerPid:\t4242\nUid:\t0") == 4242)
        #expect(LinuxIntegrityProbe.tracerPid(inStatus: "TracerPid:\t0\n") == 0)
        #expect(LinuxIntegrityProbe.tracerPid(inStatus: "Name:\tx\n") == nil)
    }

    @Test func preloadingIsInjection() {
        #expect(LinuxIntegrityProbe.preloadInjection(environment: ["LD_PRELOAD": "/tmp/hook.so"], preloadFile: ""))
        #expect(LinuxIntegrityProbe.preloadInjection(environment: ["LD_AUDIT": "a.so"], preloadFile: ""))
        #expect(LinuxIntegrityProbe.preloadInjection(environment: [:], preloadFile: "# comment\n/lib/x.so\n"))
        #expect(!LinuxIntegrityProbe.preloadInjection(environment: ["LD_PRELOAD": " "], preloadFile: "# only\n"))
    }

    @Test func aMappedFridaAgentIsHooking() {
        let clean = "7f0000-7f1000 r-xp 00000000 08:01 1234 /usr/lib/x86_64-linux-gnu/libc.so.6\n"
        let hooked = clean + "7f2000-7f3000 r-xp 00000000 08:01 99 /tmp/frida-agent-64.so\n"
        #expect(!LinuxIntegrityProbe.hookingLibraryMapped(maps: clean))
        #expect(LinuxIntegrityProbe.hookingLibraryMapped(maps: hooked))
    }

    @Test func thisTestProcessIsReadFromProc() {
        // The files exist on Linux; whether a tracer is attached depends on how the tests run.
        var probe = LinuxIntegrityProbe()
        probe.environment = { [:] }
        probe.preloadPath = "/nonexistent"
        let signals = probe.currentSignals()
        #expect(!signals.preloadInjection && !signals.jailbroken && !signals.emulator)
    }
}

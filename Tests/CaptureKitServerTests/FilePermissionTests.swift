import Foundation
import Testing

@testable import CaptureKitServer

@Suite("Data directory permissions", .timeLimit(.minutes(1)))
struct FilePermissionTests {
    /// The modes of the data directory and the SQLite files after a start and a write.
    private func modes(of fixture: ServerFixture) async throws -> [String: mode_t] {
        let store = fixture.environment.store
        try await store.start()
        try await store.insertCustomer(CustomerRecord(id: "cus_modes", name: "Modes", status: .active, createdAt: 1))
        let configuration = fixture.environment.configuration
        var modes: [String: mode_t] = [:]
        modes["data"] = FilePermissions.mode(ofPath: configuration.dataDirectory)
        for (name, path) in zip(
            ["sqlite", "wal", "shm"], FilePermissions.sqliteFiles(database: configuration.sqlitePath).prefix(3))
        {
            modes[name] = FilePermissions.mode(ofPath: path)
        }
        try await store.shutdown()
        return modes
    }

    @Test("a new data folder is 0700 and the database, its -wal and -shm are 0600 under umask 022")
    func newFilesAreOwnerOnly() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let modes = try await modes(of: fixture)
        #expect(modes == ["data": 0o700, "sqlite": 0o600, "wal": 0o600, "shm": 0o600])
    }

    @Test("a start repairs a readable data folder and database left by an older version")
    func existingFilesAreRepaired() async throws {
        let directory = NSTemporaryDirectory() + "capkit-modes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"
        try FileManager.default.createDirectory(
            atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        for suffix in ["", "-wal", "-shm"] {
            #expect(
                FileManager.default.createFile(
                    atPath: data + "/capturekit.sqlite" + suffix, contents: Data(),
                    attributes: [.posixPermissions: 0o644]))
        }
        let secret = data + "/admin-token"
        #expect(
            FileManager.default.createFile(
                atPath: secret, contents: Data("an-old-admin-token-0123456789\n".utf8),
                attributes: [.posixPermissions: 0o644]))
        let fixture = try ServerFixture { $0.dataDirectory = data }
        defer { fixture.remove() }
        #expect(FilePermissions.mode(ofPath: secret) == 0o600)
        let modes = try await modes(of: fixture)
        #expect(modes == ["data": 0o700, "sqlite": 0o600, "wal": 0o600, "shm": 0o600])
    }
}

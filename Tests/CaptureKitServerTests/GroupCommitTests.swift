import CaptureKitTesting
import Foundation
import Logging
import SQLKit
import Testing

@testable import CaptureKitServer

/// SQLite group commit: transactions queued while the writer is busy share one commit, each keeps
/// its own answer, and one that throws is undone without touching the others.
@Suite("SQLite group commit", .timeLimit(.minutes(1)))
struct GroupCommitTests {
    /// A started driver on a fresh file with one table `t(id TEXT PRIMARY KEY)`.
    private func makeDriver(in folder: TemporaryFolder, checkpointInterval: Int = 256) async throws -> SQLiteDriver {
        let driver = SQLiteDriver(
            path: folder.child("group.sqlite").path, checkpointInterval: checkpointInterval,
            logger: Logger(label: "group-commit-test")
        )
        try await driver.start()
        try await driver.transaction { database in
            try await database.raw("CREATE TABLE t (id TEXT PRIMARY KEY)").run()
        }
        return driver
    }

    private func ids(_ driver: SQLiteDriver) async throws -> [String] {
        try await driver.read { database in
            try await database.raw("SELECT id FROM t ORDER BY id").all().map {
                try $0.decode(column: "id", as: String.self)
            }
        }
    }

    /// Holds the writer inside a transaction until `release` opens, after signalling `entered`.
    private func holdWriter(_ driver: SQLiteDriver, entered: AsyncGate, release: AsyncGate) -> Task<Void, any Error> {
        Task {
            try await driver.transaction { database in
                try await database.raw("INSERT INTO t (id) VALUES ('holder')").run()
                entered.open()
                try await release.wait()
            }
        }
    }

    /// A started driver whose writer is held inside a transaction (inserting `holder`) until
    /// `release` opens; `holder` is that transaction's task.
    private func writerHeld(
        in folder: TemporaryFolder
    ) async throws -> (driver: SQLiteDriver, release: AsyncGate, holder: Task<Void, any Error>) {
        let driver = try await makeDriver(in: folder)
        let entered = AsyncGate()
        let release = AsyncGate()
        let holder = holdWriter(driver, entered: entered, release: release)
        try await entered.wait()
        return (driver, release, holder)
    }

    /// Queues `count` single-insert transactions named `m00`, `m01`, … (the ones in `failing` throw after
    /// inserting) and waits until all are queued.
    private func queueInserts(
        _ driver: SQLiteDriver, count: Int, failing: Set<Int> = []
    ) async -> [Task<String, any Error>] {
        let alreadyQueued = driver.pendingTransactionCount
        let tasks = (0..<count).map { index in
            Task {
                try await driver.transaction { database -> String in
                    let id = String(format: "m%02d", index)
                    try await database.raw("INSERT INTO t (id) VALUES (\(bind: id))").run()
                    if failing.contains(index) { throw MemberFailure(index: index) }
                    return id
                }
            }
        }
        while driver.pendingTransactionCount < alreadyQueued + count { await Task.yield() }
        return tasks
    }

    private struct MemberFailure: Error, Equatable { let index: Int }

    @Test("transactions queued behind a busy writer commit together, each with its own answer")
    func queuedTransactionsShareOneCommit() async throws {
        let folder = try TemporaryFolder()
        let (driver, release, holder) = try await writerHeld(in: folder)
        let before = driver.commitStatistics

        let members = await queueInserts(driver, count: 10)
        release.open()
        try await holder.value
        var answers: [String] = []
        for member in members { answers.append(try await member.value) }

        #expect(answers == (0..<10).map { String(format: "m%02d", $0) })
        let after = driver.commitStatistics
        // The holder's commit, then one commit for the ten queued behind it.
        #expect(after.commits - before.commits == 2)
        #expect(after.transactions - before.transactions == 11)
        #expect(try await ids(driver) == ["holder"] + answers)
        try await driver.shutdown()
    }

    @Test("a member that throws is rolled back alone; the rest of its batch commits")
    func failingMemberIsUndoneAlone() async throws {
        let folder = try TemporaryFolder()
        let (driver, release, holder) = try await writerHeld(in: folder)

        let members = await queueInserts(driver, count: 5, failing: [1, 3])
        release.open()
        try await holder.value
        for (index, member) in members.enumerated() {
            if index == 1 || index == 3 {
                await #expect(throws: MemberFailure(index: index)) { try await member.value }
            } else {
                #expect(try await member.value == String(format: "m%02d", index))
            }
        }
        #expect(try await ids(driver) == ["holder", "m00", "m02", "m04"])
        try await driver.shutdown()
    }

    @Test("a member that breaks a constraint fails with the database error; the others commit")
    func constraintViolationStaysInItsMember() async throws {
        let folder = try TemporaryFolder()
        let (driver, release, holder) = try await writerHeld(in: folder)

        let duplicate = Task {
            try await driver.transaction { database in
                try await database.raw("INSERT INTO t (id) VALUES ('holder')").run()
            }
        }
        while driver.pendingTransactionCount < 1 { await Task.yield() }
        let members = await queueInserts(driver, count: 3)
        release.open()
        try await holder.value
        await #expect(throws: (any Error).self) { try await duplicate.value }
        for member in members { _ = try await member.value }
        #expect(try await ids(driver) == ["holder", "m00", "m01", "m02"])
        try await driver.shutdown()
    }

    @Test("after shutdown a transaction fails with notStarted instead of waiting")
    func transactionAfterShutdownFails() async throws {
        let folder = try TemporaryFolder()
        let driver = try await makeDriver(in: folder)
        try await driver.shutdown()
        await #expect(throws: StoreError.notStarted) {
            try await driver.transaction { database in
                try await database.raw("INSERT INTO t (id) VALUES ('late')").run()
            }
        }
    }

    @Test("the writer never checkpoints in a commit; a background checkpoint copies the WAL back")
    func checkpointsRunBesideTheWriter() async throws {
        let folder = try TemporaryFolder()
        let driver = try await makeDriver(in: folder, checkpointInterval: 4)
        let writerSetting = try await driver.transaction { database in
            try await database.raw("PRAGMA wal_autocheckpoint").first()?.decode(
                column: "wal_autocheckpoint", as: Int.self)
        }
        #expect(writerSetting == 0)
        // The table's creation was the first committed transaction; three more reach the interval.
        for index in 0..<3 {
            try await driver.transaction { database in
                try await database.raw("INSERT INTO t (id) VALUES (\(bind: String(format: "c%02d", index)))").run()
            }
        }
        await driver.checkpointsSettled()
        let statistics = driver.checkpointStatistics
        #expect(statistics.completed == 1)
        #expect(statistics.checkpointedFrames > 0)
        #expect(statistics.checkpointedFrames <= statistics.walFrames)
        try await driver.shutdown()

        let reopened = SQLiteDriver(path: folder.child("group.sqlite").path, logger: Logger(label: "reopen"))
        try await reopened.start()
        #expect(try await ids(reopened) == ["c00", "c01", "c02"])
        try await reopened.shutdown()
    }
}

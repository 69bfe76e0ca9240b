import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import KanbanLog
import Testing

@Suite("PostgresLogStore's conditional writes", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct PostgresConditionalWriteTests {
    /// Boards A and B with an event each (positions 1 and 2), an answer "taken" on A; returns the events' bytes.
    private func seed(_ store: PostgresLogStore) throws -> (a1: [UInt8], b1: [UInt8]) {
        let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
        let (a1, b1) = (LogStoreConformance.eventBytes(board: a, 1), LogStoreConformance.eventBytes(board: b, 2))
        try store.write { writer in
            _ = try writer.claimLog()
            try writer.append([BoardAppend(board: a, expectedHead: 0, events: [(1, a1)]), BoardAppend(board: b, expectedHead: 0, events: [(2, b1)])])
            try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: LogStoreConformance.answerTime, bytes: [1])])
            try writer.advanceLog(from: 0, to: 2)
        }
        return (a1, b1)
    }

    @Test("where the log ends as expected, the write is one statement in a transaction of its own: kept whole, and the connection's last statement is that write, not a COMMIT")
    func keptInOneStatement() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            let (_, b1) = try seed(store)
            let pid = try #require(try store.query("SELECT pg_backend_pid()").first?.decode(Int32.self))
            let before = store.statementsWritten
            let a2 = LogStoreConformance.eventBytes(board: a, 3)
            try store.write(ifLogEndsAt: 2, lastEvent: b1) { writer in
                try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(3, a2)])])
                try writer.remember([KeptAnswer(board: a, actor: "ana", key: "new", time: LogStoreConformance.answerTime, bytes: [2])])
                try writer.advanceLog(from: 2, to: 3, recording: AuditRoot(size: 3, root: Array(repeating: 5, count: 32)))
                try writer.purgeAnswersWithWrite(board: a, rememberedBefore: Timestamp(millisecondsSinceEpoch: 0), limit: 10)
            }
            #expect(store.statementsWritten - before == 1)
            let other = try PostgresLogStore(url: url)
            let last = try #require(try other.query("SELECT query FROM pg_stat_activity WHERE pid = \(pid)").first?.decode(String.self))
            #expect(last.hasPrefix("WITH kanban_turn") && last.contains("kanban_gate"), "\(last)")
            #expect(try store.read { try $0.heads() } == [a: 2, b: 1])
            #expect(try store.read { try $0.lastPosition() } == 3)
            #expect(try store.read { try $0.forEachStoredCollecting(after: 2) } == [a2])
            #expect(try store.read { try $0.rememberedAnswers(board: a, keys: [("ana", "new")], notBefore: Timestamp(millisecondsSinceEpoch: 0)) } == [[2]])
            #expect(try store.read { try $0.recordedRoot(atOrBefore: 3) } == AuditRoot(size: 3, root: Array(repeating: 5, count: 32)))
        }
    }

    @Test("where the log moved on, or holds another event at the expected end, the write keeps nothing and says the position after that end is stale")
    func refusedWhereTheLogMovedOn() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            let (a1, b1) = try seed(store)
            let write = { (end: UInt64, last: [UInt8]) in
                try store.write(ifLogEndsAt: end, lastEvent: last) { writer in
                    try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(end + 1, LogStoreConformance.eventBytes(board: a, Int(end) + 1))])])
                    try writer.advanceLog(from: end, to: end + 1)
                }
            }
            #expect(throws: LogConflict(stalePosition: 2)) { try write(1, a1) }
            // As long as the log, another event there: a failover replaced it.
            #expect(throws: LogConflict(stalePosition: 3)) { try write(2, a1) }
            #expect(try store.read { try $0.lastPosition() } == 2)
            #expect(try store.read { try $0.heads() }[a] == 1)
            try write(2, b1)
            #expect(try store.read { try $0.lastPosition() } == 3)
        }
    }

    @Test("a conflict found once the gate held (a key answered already) fails the whole statement: none of its events, answers or head is kept")
    func conflictAfterTheGateKeepsNothing() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            let (_, b1) = try seed(store)
            let time = LogStoreConformance.answerTime
            do {
                try store.write(ifLogEndsAt: 2, lastEvent: b1) { writer in
                    try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(3, LogStoreConformance.eventBytes(board: a, 3))])])
                    try writer.remember([KeptAnswer(board: a, actor: "ana", key: "free", time: time, bytes: [2]), KeptAnswer(board: a, actor: "ana", key: "taken", time: time, bytes: [3])])
                    try writer.advanceLog(from: 2, to: 3)
                }
                Issue.record("the write was kept")
            } catch let conflict as LogConflict {
                #expect(conflict.answered != nil, "\(conflict)")
            }
            #expect(try store.read { try $0.lastPosition() } == 2)
            #expect(try store.read { try $0.heads() }[a] == 1)
            let answers = try store.read { try $0.rememberedAnswers(board: a, keys: [("ana", "free"), ("ana", "taken")], notBefore: Timestamp(millisecondsSinceEpoch: 0)) }
            #expect(answers == [nil, [1]])
            // The connection goes on: the next write is kept.
            try store.write(ifLogEndsAt: 2, lastEvent: b1) { writer in try writer.advanceLog(from: 2, to: 2) }
        }
    }

    @Test("a write that reads, or needs a statement of its own (a new board's row), goes as a transaction whose first statement is the gate as a claim: kept where the log ends as expected, nothing kept where it moved on")
    func beginsUnderTheGate() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (_, b1) = try seed(store)
            let fresh = BoardID(Identifier(high: 7, low: 7))
            let newBoard = { (end: UInt64, last: [UInt8]) in
                try store.write(ifLogEndsAt: end, lastEvent: last) { writer in
                    #expect(try writer.lastPosition() == 2)
                    try writer.append([BoardAppend(board: fresh, expectedHead: 0, events: [(3, LogStoreConformance.eventBytes(board: fresh, 3))])])
                    try writer.advanceLog(from: 2, to: 3)
                }
            }
            #expect(throws: LogConflict(stalePosition: 2)) { try newBoard(1, b1) }
            #expect(try store.read { try $0.lastPosition() } == 2)
            try newBoard(2, b1)
            #expect(try store.read { try $0.lastPosition() } == 3)
            #expect(try store.read { try $0.heads() }[fresh] == 1)
            // The connection ended the transaction: a write under the claim goes on it.
            #expect(try store.write { try $0.claimLog() } == 3)
        }
    }

    @Test("a conditional write that waits behind a claim locks the log's head before any board: the claim's holder appends to the same board without a deadlock, and the conditional write finds the log moved on")
    func headLockedFirst() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (store, holder) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            let (_, b1) = try seed(store)
            let outcome = Locked<Result<Void, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let held = try holder.write { writer -> [UInt8] in
                _ = try writer.claimLog()
                let connection = (writer as! PostgresLogTransaction).connection
                Thread {
                    let result = Result {
                        try store.write(ifLogEndsAt: 2, lastEvent: b1) { writer in
                            try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(3, LogStoreConformance.eventBytes(board: a, 3))])])
                            try writer.advanceLog(from: 2, to: 3)
                        }
                    }
                    outcome.withLock { $0 = result }
                    finished.signal()
                }.start()
                let deadline = Date() + 10
                let waiting: PostgresQuery = """
                    SELECT 1 FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
                    """
                while try connection.query(waiting).isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                // Past PostgreSQL's deadlock_timeout (1 s), were the board locked first.
                Thread.sleep(forTimeInterval: 0.2)
                let bytes = LogStoreConformance.eventBytes(board: a, 3)
                try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(3, bytes)])])
                try writer.advanceLog(from: 2, to: 3)
                return bytes
            }
            #expect(finished.wait(timeout: .now() + 10) == .success)
            #expect(throws: LogConflict(stalePosition: 3)) { try outcome.value?.get() }
            #expect(try store.read { try $0.forEachStoredCollecting(after: 2) } == [held])
        }
    }
}

extension LogReading {
    /// The stored bytes of every event after `position`, in order.
    fileprivate func forEachStoredCollecting(after position: UInt64) throws -> [[UInt8]] {
        var all: [[UInt8]] = []
        try forEachStored(after: position) { _, bytes in
            all.append(Array(bytes))
            return true
        }
        return all
    }
}

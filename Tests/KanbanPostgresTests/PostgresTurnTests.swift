import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import KanbanLog
import Testing

@Suite("PostgresLogStore's writes in turn", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct PostgresTurnTests {
    /// The advisory locks held in the store's database.
    private static func turnsHeld(_ store: PostgresLogStore) throws -> Int64 {
        try store.query("""
            SELECT count(*)::int8 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()
            """).first?.decode(Int64.self) ?? 0
    }

    /// A log of one event on board A; returns its bytes.
    private static func seed(_ store: PostgresLogStore) throws -> [UInt8] {
        let a = LogStoreConformance.boardA
        let first = LogStoreConformance.eventBytes(board: a, 1)
        try store.write { writer in
            _ = try writer.claimLog()
            try writer.append(board: a, expectedHead: 0, [(1, first)])
            try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: LogStoreConformance.answerTime, bytes: [1])])
            try writer.advanceLog(from: 0, to: 1)
        }
        return first
    }

    @Test("a write in turn is two statements, its claim and its write, without BEGIN or COMMIT; the write gives the turn back")
    func twoStatements() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            _ = try Self.seed(store)
            let before = store.statementsWritten
            try store.writeInTurn { writer in
                let claim = try writer.claimLog(after: 1, limit: 10)
                #expect(claim.position == 1)
                try writer.append(board: a, expectedHead: 1, [(2, LogStoreConformance.eventBytes(board: a, 2))])
                try writer.advanceLog(from: 1, to: 2)
            }
            #expect(store.statementsWritten - before == 2)
            #expect(try Self.turnsHeld(store) == 0)
            #expect(try store.read { try $0.lastPosition() } == 2)
        }
    }

    @Test("a second writer's turn waits for the first's write, then its claim brings that write's events")
    func turnsInOrder() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (first, second) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            _ = try Self.seed(first)
            let bytes = LogStoreConformance.eventBytes(board: a, 2)
            let claimed = Locked<Result<ClaimedLog, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            try first.writeInTurn { writer in
                _ = try writer.claimLog(after: 1, limit: 10)
                Thread {
                    let result = Result { try second.writeInTurn { try $0.claimLog(after: 1, limit: 10) } }
                    claimed.withLock { $0 = result }
                    finished.signal()
                }.start()
                // The second waits for the turn while the first holds it.
                #expect(finished.wait(timeout: .now() + 0.5) == .timedOut)
                try writer.append(board: a, expectedHead: 1, [(2, bytes)])
                try writer.advanceLog(from: 1, to: 2)
            }
            #expect(finished.wait(timeout: .now() + 10) == .success)
            let claim = try #require(try claimed.value?.get())
            #expect(claim.position == 2)
            #expect(claim.entries.map(\.bytes).last == bytes)
            // The second's write claimed only (no write to give the turn back with): given back at its end.
            #expect(try Self.turnsHeld(first) == 0)
        }
    }

    @Test("a write in turn that fails (a key answered already), or that needs a transaction (a new board), gives the turn back; nothing of the failed one is kept")
    func turnGivenBack() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            _ = try Self.seed(store)
            #expect(throws: LogConflict.self) {
                try store.writeInTurn { writer in
                    _ = try writer.claimLog(after: 1, limit: 10)
                    try writer.append(board: a, expectedHead: 1, [(2, LogStoreConformance.eventBytes(board: a, 2))])
                    try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: LogStoreConformance.answerTime, bytes: [2])])
                    try writer.advanceLog(from: 1, to: 2)
                }
            }
            #expect(try Self.turnsHeld(store) == 0)
            #expect(try store.read { try $0.lastPosition() } == 1)
            let fresh = BoardID(Identifier(high: 9, low: 9))
            try store.writeInTurn { writer in
                _ = try writer.claimLog(after: 1, limit: 10)
                try writer.append([BoardAppend(board: fresh, expectedHead: 0, events: [(2, LogStoreConformance.eventBytes(board: fresh, 2))])])
                try writer.advanceLog(from: 1, to: 2)
            }
            #expect(try Self.turnsHeld(store) == 0)
            #expect(try store.read { try $0.heads() }[fresh] == 1)
            // A write in turn sends nothing before its claim.
            #expect(throws: PostgresStoreError.self) { try store.writeInTurn { _ = try $0.lastPosition() } }
        }
    }

    @Test("a conditional write while another writer holds the turn finds its gate shut and keeps nothing; the turn's write goes in; a conditional write after it takes and gives back the turn")
    func conditionalWriterWaitsItsTurn() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (inTurn, conditional) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            let first = try Self.seed(inTurn)
            let mine = LogStoreConformance.eventBytes(board: a, 2)
            try inTurn.writeInTurn { writer in
                _ = try writer.claimLog(after: 1, limit: 10)
                #expect(throws: LogConflict(stalePosition: 2)) {
                    try conditional.write(ifLogEndsAt: 1, lastEvent: first) { other in
                        try other.append([BoardAppend(board: a, expectedHead: 1, events: [(2, LogStoreConformance.eventBytes(board: a, 2))])])
                        try other.advanceLog(from: 1, to: 2)
                    }
                }
                // The same for one that needs a transaction (it reads first).
                #expect(throws: LogConflict(stalePosition: 2)) {
                    try conditional.write(ifLogEndsAt: 1, lastEvent: first) { other in _ = try other.lastPosition() }
                }
                try writer.append(board: a, expectedHead: 1, [(2, mine)])
                try writer.advanceLog(from: 1, to: 2)
            }
            #expect(try Self.turnsHeld(inTurn) == 0)
            #expect(try inTurn.read { try $0.lastPosition() } == 2)
            // With the turn free, a conditional write goes in, and leaves no turn held, whether
            // it is one statement or a transaction.
            try conditional.write(ifLogEndsAt: 2, lastEvent: mine) { other in try other.advanceLog(from: 2, to: 2) }
            #expect(try Self.turnsHeld(inTurn) == 0)
            try conditional.write(ifLogEndsAt: 2, lastEvent: mine) { other in
                #expect(try other.lastPosition() == 2)
                try other.advanceLog(from: 2, to: 2)
            }
            #expect(try Self.turnsHeld(inTurn) == 0)
        }
    }
}

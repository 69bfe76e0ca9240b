import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import KanbanLog
import Testing

@Suite("PostgresLogStore", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct PostgresLogStoreTests {
    @Test("passes the LogStore conformance checks", arguments: LogStoreConformance.Check.allCases)
    func conformance(_ check: LogStoreConformance.Check) async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try check.run(on: PostgresLogStore(url: url))
        }
    }

    @Test("two stores on one database, appending at the same head from two threads: exactly one wins each round", arguments: [false, true])
    func concurrentWriters(distinctPositions: Bool) async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try LogStoreConformance.concurrentWriters(
                PostgresLogStore(url: url), PostgresLogStore(url: url), rounds: 30, distinctPositions: distinctPositions
            )
        }
    }

    @Test("two stores on one database racing to remember the same key, with an append and a mutation: exactly one wins each round")
    func concurrentAnswers() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try LogStoreConformance.concurrentAnswers(PostgresLogStore(url: url), PostgresLogStore(url: url), rounds: 30)
        }
    }

    @Test("a claim reads the log's last event by one probe of the position index, on a table never analyzed, and returns its bytes")
    func claimProbesOneEvent() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let board = LogStoreConformance.boardA
            let events = (1...3_000).map { (position: UInt64($0), bytes: LogStoreConformance.eventBytes(board: board, $0)) }
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: board, expectedHead: 0, events)
                try writer.advanceLog(from: 0, to: 3_000)
            }
            let plan = try store.query(PostgresQuery(unsafeSQL: "EXPLAIN " + PostgresLogTransaction.claimWithLastEvent))
                .map { try $0.decode(String.self) }.joined(separator: "\n")
            // A join was planned as a merge over the whole index: 11.6 ms a claim at 30,000 events.
            #expect(plan.contains("Index Scan using events_position") && plan.contains("Index Cond") && !plan.contains("Join"), "\(plan)")
            let claimed = try store.write { try $0.claimLogWithLastEvent() }
            #expect(claimed.position == 3_000 && claimed.lastEvent == events.last?.bytes)
        }
    }

    @Test("a claim brings what a cache lacks in its one statement: the events of the writer it waited for, from the cache's last, at most a page, and the backdated ranges after it")
    func claimBringsTheCatchUp() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            // Each event's bytes, made once (an event's id is random).
            let made = [(a, 1), (a, 2), (b, 1), (b, 2)].map { LogStoreConformance.eventBytes(board: $0.0, $0.1) }
            let bytes = { (board: BoardID, n: Int) in made[(board == a ? 0 : 2) + n - 1] }
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: a, expectedHead: 0, [(1, bytes(a, 1)), (2, bytes(a, 2))])
                try writer.advanceLog(from: 0, to: 2)
            }
            // Another writer holds the claim and appends; the claim waits for it, then sees its events.
            let other = try PostgresLogStore(url: url)
            let claimed = Locked<Result<ClaimedLog, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            try other.write { holder in
                _ = try holder.claimLog()
                try holder.append(board: b, expectedHead: 0, [(3, bytes(b, 1)), (4, bytes(b, 2))])
                try holder.recordBackdated(BackdatedRange(board: b, positions: 3...4))
                try holder.advanceLog(from: 2, to: 4)
                Thread {
                    let result = Result {
                        try store.write { writer in
                            let transaction = try #require(writer as? PostgresLogTransaction)
                            let before = transaction.statementsSent
                            let claim = try writer.claimLog(after: 2, limit: 10)
                            #expect(transaction.statementsSent - before == 1)
                            return claim
                        }
                    }
                    claimed.withLock { $0 = result }
                    finished.signal()
                }.start()
                Thread.sleep(forTimeInterval: 0.3)
            }
            #expect(finished.wait(timeout: .now() + 10) == .success)
            let claim = try #require(try claimed.value?.get())
            #expect(claim.position == 4)
            #expect(claim.entries.map(\.position) == [2, 3, 4])
            #expect(claim.entries.map(\.bytes) == [bytes(a, 2), bytes(b, 1), bytes(b, 2)])
            #expect(claim.lastEvent == bytes(b, 2))
            #expect(claim.reachesPosition)
            #expect(claim.backdated == [BackdatedRange(board: b, positions: 3...4)])
            // A page: the first two from an empty cache, not reaching the end; a cache at the end: nothing to bring.
            let page = try store.write { try $0.claimLog(after: 0, limit: 2) }
            #expect(page.entries.map(\.position) == [1, 2] && !page.reachesPosition && page.lastEvent == nil)
            let current = try store.write { try $0.claimLog(after: 4, limit: 10) }
            #expect(current.entries.isEmpty && current.reachesPosition && current.lastEvent == bytes(b, 2) && current.backdated.isEmpty)
        }
    }

    @Test("what a write sends after it decides — events, answers, the head with its root, the purge — goes as one statement, one round trip")
    func writeAfterDecidingIsOneStatement() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            let bytes = { (board: BoardID, n: Int) in LogStoreConformance.eventBytes(board: board, n) }
            let time = LogStoreConformance.answerTime
            // Boards that exist, an answer old enough to purge.
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append([BoardAppend(board: a, expectedHead: 0, events: [(1, bytes(a, 1))]), BoardAppend(board: b, expectedHead: 0, events: [(2, bytes(b, 1))])])
                try writer.remember([KeptAnswer(board: a, actor: "ana", key: "old", time: Timestamp(millisecondsSinceEpoch: 1), bytes: [9])])
                try writer.advanceLog(from: 0, to: 2)
            }
            let sent = try store.write { writer in
                let transaction = try #require(writer as? PostgresLogTransaction)
                #expect(try writer.claimLog() == 2)
                let before = transaction.statementsSent
                try writer.append([BoardAppend(board: a, expectedHead: 1, events: [(3, bytes(a, 2))]), BoardAppend(board: b, expectedHead: 1, events: [(4, bytes(b, 2))])])
                try writer.remember([KeptAnswer(board: a, actor: "ana", key: "k1", time: time, bytes: [1]), KeptAnswer(board: a, actor: "bo", key: "k1", time: time, bytes: [2])])
                try writer.advanceLog(from: 2, to: 4, recording: AuditRoot(size: 4, root: Array(repeating: 7, count: 32)))
                try writer.purgeAnswersWithWrite(board: a, rememberedBefore: Timestamp(millisecondsSinceEpoch: 2), limit: 10)
                try transaction.flush()
                return transaction.statementsSent - before
            }
            #expect(sent == 1)
            #expect(try store.read { try $0.heads() } == [a: 2, b: 2])
            #expect(try store.read { try $0.lastPosition() } == 4)
            let answers = try store.read { try $0.rememberedAnswers(board: a, keys: [("ana", "k1"), ("bo", "k1"), ("ana", "old")], notBefore: Timestamp(millisecondsSinceEpoch: 0)) }
            #expect(answers == [[1], [2], nil])
            #expect(try store.read { try $0.recordedRoot(atOrBefore: 4) } == AuditRoot(size: 4, root: Array(repeating: 7, count: 32)))
        }
    }

    @Test("a conflict inside a merged write is the one its statement would have thrown alone, the first in order, and the write keeps nothing")
    func conflictInMergedWrite() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            let bytes = { (n: Int) in LogStoreConformance.eventBytes(board: a, n) }
            let time = LogStoreConformance.answerTime
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: a, expectedHead: 0, [(1, bytes(1))])
                try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: time, bytes: [1])])
                try writer.advanceLog(from: 0, to: 1)
            }
            // The answer's key is taken: that conflict, naming it, though the append and the head went well.
            #expect(throws: LogConflict(answered: AnswerKey(board: a, actor: "ana", key: "taken"))) {
                try store.write { writer in
                    _ = try writer.claimLog()
                    try writer.append(board: a, expectedHead: 1, [(2, bytes(2))])
                    try writer.remember([KeptAnswer(board: a, actor: "ana", key: "free", time: time, bytes: [2]), KeptAnswer(board: a, actor: "ana", key: "taken", time: time, bytes: [3])])
                    try writer.advanceLog(from: 1, to: 2)
                }
            }
            // The head moved, and a key is taken: the append's conflict, sent first.
            #expect(throws: LogConflict(movedHeads: [a: 1])) {
                try store.write { writer in
                    try writer.append(board: a, expectedHead: 0, [(2, bytes(2))])
                    try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: time, bytes: [3])])
                }
            }
            // The log's head is not where the write claimed it: the advance's conflict.
            #expect(throws: LogConflict(stalePosition: 6)) {
                try store.write { writer in
                    try writer.append(board: a, expectedHead: 1, [(2, bytes(2))])
                    try writer.advanceLog(from: 5, to: 6)
                }
            }
            #expect(try store.read { try $0.heads() } == [a: 1])
            #expect(try store.read { try $0.lastPosition() } == 1)
            let answers = try store.read { try $0.rememberedAnswers(board: a, keys: [("ana", "free"), ("ana", "taken")], notBefore: Timestamp(millisecondsSinceEpoch: 0)) }
            #expect(answers == [nil, [1]])
        }
    }

    @Test("an append over several boards goes in as one statement: every board's events, or, when one board's head moved, nothing of any")
    func appendOverBoards() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            let bytes = { (board: BoardID, n: Int) in LogStoreConformance.eventBytes(board: board, n) }
            try store.write { writer in
                try writer.append([
                    BoardAppend(board: a, expectedHead: 0, events: [(1, bytes(a, 1)), (3, bytes(a, 2))]),
                    BoardAppend(board: b, expectedHead: 0, events: [(2, bytes(b, 1))]),
                ])
            }
            #expect(try store.read { try $0.heads() } == [a: 2, b: 1])
            #expect(throws: LogConflict(movedHeads: [b: 1])) {
                try store.write { writer in
                    try writer.append([
                        BoardAppend(board: a, expectedHead: 2, events: [(4, bytes(a, 3))]),
                        BoardAppend(board: b, expectedHead: 0, events: [(5, bytes(b, 2))]),
                    ])
                }
            }
            #expect(try store.read { try $0.heads() } == [a: 2, b: 1])
            let stored = try store.read { reader in
                var entries: [LogEntry] = []
                try reader.forEach(after: 0) { entries.append($0); return true }
                return entries.map { "\($0.position):\($0.seq)" }
            }
            #expect(stored == ["1:1", "2:1", "3:2"])
        }
    }

    @Test("answers are kept by board: the same actor and key on another board is another answer")
    func answersByBoard() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            try store.write { try $0.remember(answer: [1], board: a, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
            try store.write { try $0.remember(answer: [2], board: b, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
            #expect(try store.read { try $0.rememberedAnswer(board: a, actor: "ana", key: "k") } == [1])
            #expect(try store.read { try $0.rememberedAnswer(board: b, actor: "ana", key: "k") } == [2])
        }
    }

    @Test("positions are per board: another board may take a position below this one's, gaps are allowed")
    func positionsPerBoard() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            try store.write { try $0.append(board: a, expectedHead: 0, [(10, LogStoreConformance.eventBytes(board: a, 10))]) }
            try store.write { try $0.append(board: b, expectedHead: 0, [(5, LogStoreConformance.eventBytes(board: b, 5))]) }
            try store.write { try $0.append(board: a, expectedHead: 1, [(20, LogStoreConformance.eventBytes(board: a, 20))]) }
            let positions = try store.read { try LogStoreConformance.entries($0, after: 0).map(\.position) }
            #expect(positions == [5, 10, 20])
            #expect(try store.read { try $0.lastPosition() } == 20)
            #expect(throws: LogAppendError.positionOutOfRange(UInt64(Int64.max) + 1)) {
                try store.write { try $0.append(board: b, expectedHead: 1, [(UInt64(Int64.max) + 1, LogStoreConformance.eventBytes(board: b, 6))]) }
            }
        }
    }

    @Test("two schemas of one database hold two logs apart")
    func schemasApart() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (first, second) = (try PostgresLogStore(url: url.with(schema: "team_a")), try PostgresLogStore(url: url.with(schema: "team_b")))
            let a = LogStoreConformance.boardA
            try first.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            #expect(try first.read { try $0.heads() } == [a: 1])
            #expect(try second.read { try $0.heads() } == [:])
            #expect(try PostgresLogStore(url: url).read { try $0.heads() } == [:], "the default schema holds a third log")
        }
    }

    @Test("the schema is made once: opening again changes nothing; a newer schema version is refused in one line")
    func schema() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            let again = try PostgresLogStore(url: url)
            #expect(try again.read { try $0.heads() } == [a: 1])
            let version = try store.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'").first?.decode(String.self)
            #expect(version == String(PostgresSchema.version))
            _ = try store.query("UPDATE kanban_meta SET value = '99' WHERE key = 'schema_version'")
            do {
                _ = try PostgresLogStore(url: url)
                Issue.record("a database of schema version 99 was opened")
            } catch let error as PostgresStoreError {
                #expect(error.description == "the database's kanban schema is version 99, which this program (version \(PostgresSchema.version)) cannot read")
            }
        }
    }

    @Test("a database of schema version 1 is brought to this version by its migrations alone: its log, clients and answers kept")
    func migratesFromVersionOne() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            try store.write { writer in
                _ = try writer.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))])
                try writer.recordMutation(1, client: "phone", refusal: nil)
            }
            // What version 1 made: without the digests and owners of later versions.
            _ = try store.query("DROP TABLE sync_digests")
            _ = try store.query("DROP TABLE sync_owners")
            _ = try store.query("UPDATE kanban_meta SET value = '1' WHERE key = 'schema_version'")
            let upgraded = try PostgresLogStore(url: url)
            let version = try upgraded.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'").first?.decode(String.self)
            #expect(version == String(PostgresSchema.version))
            #expect(try upgraded.read { try $0.heads() } == [a: 1])
            #expect(try upgraded.read { try $0.lastMutationID(client: "phone") } == 1)
            try upgraded.write { writer in
                try writer.recordMutation(2, client: "phone", refusal: nil)
                try writer.recordDigest([1, 2, 3], mutation: 2, client: "phone", actor: "ana")
            }
            #expect(try upgraded.read { try $0.mutationDigests(client: "phone", ids: [1, 2]) } == [2: [1, 2, 3]])
            #expect(try upgraded.read { try $0.owner(client: "phone") } == "ana")
        }
    }

    @Test("a server error says the server's message and SQLSTATE in one line")
    func serverErrors() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            do {
                _ = try PostgresLogStore(url: url.with(database: "kt_missing_database"))
                Issue.record("a missing database was opened")
            } catch let error as PostgresStoreError {
                #expect(error.sqlState == "3D000")
                #expect(error.description.contains("database \"kt_missing_database\" does not exist"))
                #expect(!error.description.contains("\n"))
            }
        }
    }
}

import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import Testing

@Suite("PostgresLogStore wake-ups", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct PostgresWakeUpsTests {
    @Test("store B's wakeUps names the board store A appended to within a second (≈ ms), and B then reads A's events by seq")
    func hintThenCatchUp() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (writer, follower) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            try writer.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            var known = try follower.read { try $0.heads()[a] ?? 0 }
            let hints = WakeUpRecorder(follower.wakeUps())
            defer { hints.stop() }
            #expect(hints.next()?.boards == [], "the first hint, once listening, is 'catch up everything'")

            var latencies: [Duration] = []
            for n in 2...21 {
                let bytes = LogStoreConformance.eventBytes(board: a, n)
                try writer.write { try $0.append(board: a, expectedHead: UInt64(n - 1), [(UInt64(n), bytes)]) }
                let written = ContinuousClock.now
                let hint = try #require(hints.next(), "no hint within 5 s of append #\(n)")
                #expect(hint.boards == [a])
                latencies.append(hint.at - written)
                // The truth: the board's events after the last seq the follower holds.
                let caughtUp = try follower.read { try LogStoreConformance.entries($0, board: a, afterSeq: known) }
                #expect(caughtUp.map(\.seq) == [UInt64(n)])
                #expect(caughtUp.map(\.bytes) == [bytes])
                known = caughtUp.last?.seq ?? known
            }
            let sorted = latencies.sorted()
            print("wake-up latency over \(sorted.count) appends: median \(sorted[sorted.count / 2]), max \(sorted.last!)")
            #expect(sorted.last! < .seconds(1))
        }
    }

    @Test("the wake-up goes on a connection of the store's own: the writer's connection ends the write with its COMMIT, and the hint still comes")
    func wakeUpOffTheWriter() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (writer, follower) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            let writerPID = try #require(try writer.query("SELECT pg_backend_pid()").first?.decode(Int32.self))
            let hints = WakeUpRecorder(follower.wakeUps())
            defer { hints.stop() }
            #expect(hints.next()?.boards == [])
            try writer.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            #expect(try #require(hints.next(), "no hint within 5 s").boards == [a])
            #expect(writer.announcer.isConnected)
            let last = try follower.read { reader in
                try (reader as! PostgresLogTransaction).connection.query("SELECT query FROM pg_stat_activity WHERE pid = \(writerPID)").first?.decode(String.self)
            }
            #expect(last == "COMMIT")
            // Its commit does not wait for the WAL flush: a hint needs no durability.
            let announcer = try #require(writer.announcer.connection)
            // (The test server runs with it off: the session's own setting is what counts.)
            let setting = try announcer.query("SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'").first?.decode((String, String).self)
            #expect(setting?.0 == "off" && setting?.1 == "session", "\(String(describing: setting))")
        }
    }

    @Test("a write that appends nothing sends no hint; a write to two boards names both")
    func hintsOnlyAppends() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (writer, follower) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
            let hints = WakeUpRecorder(follower.wakeUps())
            defer { hints.stop() }
            #expect(hints.next()?.boards == [])
            try writer.write { try $0.remember(answer: [1], board: a, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
            try writer.write { writing in
                try writing.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))])
                try writing.append(board: b, expectedHead: 0, [(2, LogStoreConformance.eventBytes(board: b, 2))])
            }
            let first = try #require(hints.next())
            let second = first.boards.count == 2 ? [] : try #require(hints.next()).boards
            #expect(first.boards.union(second) == [a, b])
        }
    }

    @Test("when the listening connection is killed, the stream connects again and hints 'catch up everything', then hints again")
    func reconnects() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (writer, follower) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            let hints = WakeUpRecorder(follower.wakeUps())
            defer { hints.stop() }
            #expect(hints.next()?.boards == [])
            let stores = [try Self.backendPID(writer), try Self.backendPID(follower)]
            let killed = try writer.query("""
                SELECT count(pg_terminate_backend(pid))::int8 FROM pg_stat_activity
                WHERE datname = current_database() AND backend_type = 'client backend' AND NOT (pid = ANY(\(stores)::int4[]))
                """).first?.decode(Int64.self)
            #expect(killed == 1)
            #expect(hints.next()?.boards == [], "listening again, the stream cannot vouch for any board")
            try writer.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            #expect(hints.next()?.boards == [a])
        }
    }

    @Test("cancelling the consumer closes the listening connection")
    func cancellingCloses() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let store = try PostgresLogStore(url: url)
            #expect(try Self.clients(store) == 1)
            let hints = WakeUpRecorder(store.wakeUps())
            #expect(hints.next()?.boards == [])
            #expect(try Self.clients(store) == 2)
            hints.stop()
            let deadline = ContinuousClock.now + .seconds(5)
            while try Self.clients(store) > 1, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(try Self.clients(store) == 1)
        }
    }

    @Test("a notification's payload names its board; anything else names none")
    func payloads() {
        let a = LogStoreConformance.boardA
        #expect(PostgresLogStore.board(named: "\(a.uuid.uuidString.lowercased()):12") == a)
        #expect(PostgresLogStore.board(named: "\(a.uuid.uuidString)") == a)
        #expect(PostgresLogStore.board(named: "not-a-board:1") == nil)
        #expect(PostgresLogStore.board(named: "") == nil)
        // With the log's end after the commit, or without it (an older writer's): the board either way.
        let lower = a.uuid.uuidString.lowercased()
        #expect(PostgresLogStore.wakeUp(from: "\(lower):12:40") == WakeUp(boards: [a], position: 40))
        #expect(PostgresLogStore.wakeUp(from: "\(lower):12") == WakeUp(boards: [a], position: nil))
        #expect(PostgresLogStore.wakeUp(from: "\(lower):12:-1") == WakeUp(boards: [a], position: nil))
        #expect(PostgresLogStore.wakeUp(from: "\(lower):12:99999999999999999999999") == WakeUp(boards: [a], position: nil))
        #expect(PostgresLogStore.wakeUp(from: "not-a-board:1:2") == nil)
    }

    @Test("a write's hints carry the log's end after it, under the claim and as a conditional write")
    func hintsCarryThePosition() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (writer, listener) = (try PostgresLogStore(url: url), try PostgresLogStore(url: url))
            let a = LogStoreConformance.boardA
            let hints = Locked<[WakeUp]>([])
            let arrived = DispatchSemaphore(value: 0)
            let task = Task {
                for await hint in listener.wakeUpsWithPositions() {
                    hints.withLock { $0.append(hint) }
                    arrived.signal()
                }
            }
            defer { task.cancel() }
            #expect(arrived.wait(timeout: .now() + 5) == .success)
            let first = LogStoreConformance.eventBytes(board: a, 1)
            try writer.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: a, expectedHead: 0, [(1, first)])
                try writer.advanceLog(from: 0, to: 1)
            }
            #expect(arrived.wait(timeout: .now() + 5) == .success)
            try writer.write(ifLogEndsAt: 1, lastEvent: first) { writer in
                try writer.append(board: a, expectedHead: 1, [(2, LogStoreConformance.eventBytes(board: a, 2)), (3, LogStoreConformance.eventBytes(board: a, 3))])
                try writer.advanceLog(from: 1, to: 3)
            }
            #expect(arrived.wait(timeout: .now() + 5) == .success)
            #expect(hints.value == [WakeUp(boards: []), WakeUp(boards: [a], position: 1), WakeUp(boards: [a], position: 3)])
        }
    }

    @Test("a node's follower reads nothing for the hints of its own node's writes, and catches up on another node's in one read")
    func followerSkipsItsOwnWrites() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            try a.engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
            // Polling far apart: only hints wake it.
            let follower = SharedLogFollower(engine: a.engine, store: a.follower, pollInterval: .seconds(60))
            follower.start()
            defer { follower.stop() }
            func settled(_ reads: () -> Int) -> Int {
                var last = reads()
                while true {
                    Thread.sleep(forTimeInterval: 0.3)
                    let now = reads()
                    if now == last { return now }
                    last = now
                }
            }
            let before = settled { a.follower.readsBegun }
            #expect(before >= 1, "the first hint, an empty set, is read")
            for title in ["two", "three", "four"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            #expect(settled { a.follower.readsBegun } == before)
            try b.catchUp()
            try b.engine.execute(.addCard(board: "main", title: "from b"), actor: "bo")
            let deadline = ContinuousClock.now + .seconds(5)
            while try a.engine.lastSequence() < b.engine.lastSequence(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["first", "two", "three", "four", "from b"])
            #expect(settled { a.follower.readsBegun } == before + 1, "one read for another node's commit, not a second that finds nothing")
        }
    }

    /// The client connections to the store's database, its own included.
    static func clients(_ store: PostgresLogStore) throws -> Int64 {
        try store.query("""
            SELECT count(*)::int8 FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
            """).first?.decode(Int64.self) ?? 0
    }

    static func backendPID(_ store: PostgresLogStore) throws -> Int32 {
        try store.query("SELECT pg_backend_pid()").first?.decode(Int32.self) ?? 0
    }
}

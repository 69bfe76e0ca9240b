import Foundation
import BenchmarkSupport
import GRDB
import Kanban
import KanbanCore
import KanbanTestSupport
import SQLiteLogStore
import Testing

/// The SQLite log is a second ``Kanban/LogStore`` for the benchmarks: these run the store
/// contract on it (the checks LMDB and PostgreSQL pass), check that a copy of an LMDB log
/// holds the same entries and folds to the state LMDB folds to (and the engine's own catch-up
/// gives), and that what the file holds is checked rather than trusted.
@Suite("SQLiteLogStore")
struct SQLiteLogStoreTests {
    let a = LogStoreConformance.boardA
    let b = LogStoreConformance.boardB

    @Test("passes the LogStore conformance checks", arguments: LogStoreConformance.Check.allCases)
    func conformance(_ check: LogStoreConformance.Check) throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        try check.run(on: try SQLiteLogStore(path: directory.appending("log.sqlite")))
    }

    @Test("two stores on one file, appending at the same head from two threads: exactly one wins each round")
    func concurrentWriters() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let path = directory.appending("log.sqlite")
        try LogStoreConformance.concurrentWriters(try SQLiteLogStore(path: path), try SQLiteLogStore(path: path), rounds: 30)
    }

    @Test("two stores on one file racing to remember the same key, with an append and a mutation: exactly one wins each round")
    func concurrentAnswers() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let path = directory.appending("log.sqlite")
        try LogStoreConformance.concurrentAnswers(try SQLiteLogStore(path: path), try SQLiteLogStore(path: path), rounds: 30)
    }

    @Test("answers are kept by board, as on PostgreSQL: the same actor and key on another board is another answer")
    func answersByBoard() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let store = try SQLiteLogStore(path: directory.appending("log.sqlite"))
        try store.write { try $0.remember(answer: [1], board: a, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
        try store.write { try $0.remember(answer: [2], board: b, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
        #expect(try store.read { try $0.rememberedAnswer(board: a, actor: "ana", key: "k") } == [1])
        #expect(try store.read { try $0.rememberedAnswer(board: b, actor: "ana", key: "k") } == [2])
    }

    @Test("positions are the log's sequence numbers, as on LMDB: an append must take the next one")
    func gaplessPositions() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let store = try SQLiteLogStore(path: directory.appending("log.sqlite"))
        let bytes = { (n: Int) in LogStoreConformance.eventBytes(board: a, n) }
        #expect(throws: LogAppendError.positionGap(expected: 1, position: 3)) {
            try store.write { try $0.append(board: a, expectedHead: 0, [(3, bytes(3))]) }
        }
        #expect(throws: LogAppendError.positionGap(expected: 2, position: 3)) {
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, bytes(1)), (3, bytes(3))]) }
        }
        #expect(try store.read { try $0.lastPosition() } == 0)
        try store.write { try $0.append(board: a, expectedHead: 0, [(1, bytes(1))]) }
        try store.write { try $0.append(board: b, expectedHead: 0, [(2, LogStoreConformance.eventBytes(board: b, 2))]) }
        #expect(try store.read { try $0.heads() } == [a: 1, b: 1])
    }

    /// A log with every kind of event the fast path and the full decoder see: the standard
    /// workload on two boards, then undo, redo, a column and a board of one's own.
    func makeLog(in directory: TemporaryDirectory) throws -> KanbanEngine {
        let engine = try KanbanEngine(path: directory.appending("lmdb"), options: EngineOptions(snapshotInterval: 0))
        try engine.importer.generate(events: 12_000, seed: 7, boards: 2, batchSize: 5_000)
        try engine.execute(.addCard(board: "main", title: "Ünïcode — 카드", description: "from the test"), actor: "ana")
        try engine.execute(.addColumn(board: "main", name: "REVIEW"), actor: "bob")
        _ = try engine.undo(actor: "ana")
        _ = try engine.redo(actor: "ana")
        _ = try engine.undo(actor: "bob")
        try engine.execute(.createBoard(name: "side", columns: ["A", "B"]), actor: "cy")
        return engine
    }

    @Test("a copy of an LMDB log holds the same entries and folds to the same state as LMDB and the engine")
    func sameEventsFoldToTheSameStateFromLMDBAndSQLite() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let engine = try makeLog(in: directory)
        let lmdb = engine.store
        let sqlite = try SQLiteLogStore(path: directory.appending("events.sqlite"))
        let last = try lmdb.read { try $0.lastPosition() }
        #expect(last > 12_000)
        #expect(try sqlite.copyEvents(from: lmdb, batchSize: 4_096) == Int(last))

        // The same entries (positions, boards, seqs, bytes), heads and audit roots.
        let fromLMDB = try lmdb.read { try LogStoreConformance.entries($0, after: 0) }
        let fromSQLite = try sqlite.read { try LogStoreConformance.entries($0, after: 0) }
        #expect(fromLMDB.count == Int(last))
        #expect(fromLMDB == fromSQLite)
        #expect(try sqlite.read { try $0.lastPosition() } == last)
        #expect(try sqlite.read { try $0.heads() } == lmdb.read { try $0.heads() })
        #expect(try sqlite.read { try $0.boardRoots() } == lmdb.read { try $0.boardRoots() })
        let side = try #require(fromLMDB.last?.board)
        #expect(try sqlite.read { try LogStoreConformance.entries($0, board: side, afterSeq: 0) } == fromLMDB.filter { $0.board == side })

        // The bytes handed out without a copy are the entries' bytes.
        var stored: [(UInt64, [UInt8])] = []
        try sqlite.read { try $0.forEachStored(after: 0) { stored.append(($0, Array($1))); return true } }
        #expect(stored.elementsEqual(fromLMDB) { $0.0 == $1.position && $0.1 == $1.bytes })

        // The same fold over both, and the engine's own catch-up over LMDB.
        let lmdbState = try lmdb.replayedState()
        let sqliteState = try sqlite.replayedState()
        let engineState = try engine.withState { $0 }
        #expect(sqliteState.lastSequence == last)
        #expect(lmdbState.firstDifference(from: sqliteState) == nil)
        #expect(engineState.firstDifference(from: sqliteState) == nil)
        #expect(sqliteState.cards.count > 0)

        // Folding in two halves (a tail after a prefix) gives the same state too.
        var halves = KanbanState()
        var prefix = 0
        try sqlite.read { reader in
            try reader.forEachStored(after: 0) { position, bytes in
                guard position <= 6_000 else { return false }
                try halves.apply(encoded: bytes, sequence: position)
                prefix += 1
                return true
            }
        }
        #expect(prefix == 6_000)
        #expect(try sqlite.replay(into: &halves) == Int(last) - 6_000)
        #expect(halves.firstDifference(from: lmdbState) == nil)
    }

    @Test("reads stop when told and find nothing past the last position; the file reopens with what was committed")
    func readsAndReopens() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let path = directory.appending("log.sqlite")
        let events = (1...3).map { LogStoreConformance.eventBytes(board: a, $0) }
        do {
            let store = try SQLiteLogStore(path: path)
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, events[0])]) }
            try store.write { try $0.append(board: a, expectedHead: 1, [(2, events[1]), (3, events[2])]) }
            var seen: [UInt64] = []
            try store.read { reader in
                try reader.forEachStored(after: 1) { position, bytes in
                    seen.append(position)
                    #expect(Array(bytes) == events[Int(position) - 1])
                    return false // stops after the first
                }
                try reader.forEachStored(after: 3) { _, _ in Issue.record("nothing after the last"); return true }
                try reader.forEachStored(after: .max) { _, _ in Issue.record("nothing after .max"); return true }
                try reader.forEach(board: a, afterSeq: .max) { _ in Issue.record("nothing after seq .max"); return true }
            }
            #expect(seen == [2])
        }
        let reopened = try SQLiteLogStore(path: path)
        #expect(try reopened.read { try $0.heads() } == [a: 3])
        #expect(try reopened.read { try LogStoreConformance.entries($0, after: 0).map(\.bytes) } == events)
    }

    @Test("an event that does not decode names its position when folded")
    func anEventThatDoesNotDecodeNamesItsPosition() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let engine = try makeLog(in: directory)
        let entries = try engine.store.read { try LogStoreConformance.entries($0, after: 0, limit: 6) }
        let sqlite = try SQLiteLogStore(path: directory.appending("corrupt.sqlite"))
        var corrupt = entries[5]
        corrupt.bytes[1] = 250 // an unknown kind: the head still names the board, the body does not decode
        try sqlite.write { writer in
            var heads = try writer.heads()
            try writer.append(entries[..<5], heads: &heads)
            try writer.append([corrupt], heads: &heads)
        }
        var state = KanbanState()
        #expect {
            try sqlite.replay(into: &state)
        } throws: { error in
            guard case KanbanError.corruptEvent(let sequence, _) = error else { return false }
            return sequence == 6
        }
        #expect(state.lastSequence == 5)
    }

    @Test("values out of range in the file throw, they do not trap")
    func storedValuesAreChecked() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let path = directory.appending("log.sqlite")
        let store = try SQLiteLogStore(path: path)
        do {
            let raw = try DatabaseQueue(path: path)
            try raw.write { db in
                try db.execute(sql: "INSERT INTO events (position, board, seq, value) VALUES (1, x'0102', 1, x'00')")
                try db.execute(sql: "INSERT INTO boards (board, head) VALUES (x'00000000000000000000000000000001', -1)")
                try db.execute(sql: "INSERT INTO sync_clients (client, last_mutation) VALUES ('phone', -5)")
                try db.execute(sql: "INSERT INTO backdated (board, first_position, last_position) VALUES (x'00000000000000000000000000000001', 9, 3)")
            }
        }
        #expect(throws: SQLiteLogStoreError.self) { try store.read { try LogStoreConformance.entries($0, after: 0) } }
        #expect(throws: SQLiteLogStoreError.self) { try store.read { try $0.heads() } }
        #expect(throws: SQLiteLogStoreError.self) { try store.read { try $0.lastMutationID(client: "phone") } }
        #expect(throws: SQLiteLogStoreError.self) { try store.read { try $0.backdatedRanges(after: 0) } }
    }

    @Test("a file of another layout is refused and left as it was")
    func anotherLayoutIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let old = directory.appending("old.sqlite")
        let newer = directory.appending("newer.sqlite")
        do {
            // The benchmarks' old events table, and a layout from a later version.
            try DatabaseQueue(path: old).write { try $0.execute(sql: "CREATE TABLE events(sequence INTEGER PRIMARY KEY, value BLOB NOT NULL)") }
            try DatabaseQueue(path: newer).writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 2") }
        }
        #expect(throws: SQLiteLogStoreError.self) { try SQLiteLogStore(path: old) }
        #expect(throws: SQLiteLogStoreError.self) { try SQLiteLogStore(path: newer) }
        let tables = try DatabaseQueue(path: old).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables == ["events"])
    }

    @Test("wake-ups: an empty hint once watching, then the boards of what was appended", .timeLimit(.minutes(1)))
    func wakeUps() async throws {
        let directory = try TemporaryDirectory(prefix: "kanban-sqlite")
        defer { directory.remove() }
        let path = directory.appending("log.sqlite")
        let store = try SQLiteLogStore(path: path)
        var hints = store.wakeUps().makeAsyncIterator()
        #expect(await hints.next() == [])
        // Another store on the file appends: its commit is seen at the next look.
        let other = try SQLiteLogStore(path: path)
        try other.write { writer in
            try writer.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))])
            try writer.append(board: b, expectedHead: 0, [(2, LogStoreConformance.eventBytes(board: b, 2))])
        }
        #expect(await hints.next() == [a, b])
        try store.write { try $0.append(board: b, expectedHead: 1, [(3, LogStoreConformance.eventBytes(board: b, 3))]) }
        #expect(await hints.next() == [b])
    }
}

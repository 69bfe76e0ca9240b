import Foundation
import Kanban
import KanbanCore
import LMDBStorage
import SQLiteEventLog
import Testing

/// The SQLite event table is a second ``EventStore`` for the benchmarks: these check that it
/// holds the same bytes under the same sequence numbers as the LMDB log, and that folding it
/// gives the state folding LMDB gives (and the engine's own catch-up gives).
@Suite struct SQLiteEventLogTests {
    /// A fresh directory under the temporary one, removed when `body` returns.
    func withScratch<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kanban-sqlite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// A log with every kind of event the fast path and the full decoder see: the standard
    /// workload on two boards, then undo, redo, a column and a board of one's own.
    func makeLog(at url: URL) throws -> KanbanEngine {
        let engine = try KanbanEngine(path: url.appendingPathComponent("lmdb").path, options: EngineOptions(snapshotInterval: 0))
        try engine.importer.generate(events: 12_000, seed: 7, boards: 2, batchSize: 5_000)
        try engine.execute(.addCard(board: "main", title: "Ünïcode — 카드", description: "from the test"), actor: "ana")
        try engine.execute(.addColumn(board: "main", name: "REVIEW"), actor: "bob")
        _ = try engine.undo(actor: "ana")
        _ = try engine.redo(actor: "ana")
        _ = try engine.undo(actor: "bob")
        try engine.execute(.createBoard(name: "side", columns: ["A", "B"]), actor: "cy")
        return engine
    }

    @Test func sameEventsFoldToTheSameStateFromLMDBAndSQLite() throws {
        try withScratch { url in
            let engine = try makeLog(at: url)
            let lmdb = try EventLog(environment: Environment.open(path: engine.path))
            let sqlite = try SQLiteEventLog(path: url.appendingPathComponent("events.sqlite").path)
            #expect(try sqlite.appendCopy(of: lmdb, batchSize: 4_096) == lmdb.count())

            #expect(try sqlite.count() == lmdb.count())
            #expect(try sqlite.lastSequence() == lmdb.lastSequence())
            #expect(try sqlite.lastSequence() > 12_000)

            // The same bytes under the same sequence numbers.
            var fromLMDB: [(UInt64, [UInt8])] = []
            try lmdb.forEachEncoded(after: 0) { fromLMDB.append(($0, Array($1))); return true }
            var fromSQLite: [(UInt64, [UInt8])] = []
            try sqlite.forEachEncoded(after: 0) { fromSQLite.append(($0, Array($1))); return true }
            #expect(fromLMDB.count == fromSQLite.count)
            #expect(fromLMDB.elementsEqual(fromSQLite) { $0.0 == $1.0 && $0.1 == $1.1 })

            // The same fold over both, and the engine's own catch-up over LMDB.
            let lmdbState = try lmdb.replayedState()
            let sqliteState = try sqlite.replayedState()
            let engineState = try engine.withState { $0 }
            #expect(sqliteState.lastSequence == UInt64(fromLMDB.count))
            #expect(lmdbState.firstDifference(from: sqliteState) == nil)
            #expect(engineState.firstDifference(from: sqliteState) == nil)
            #expect(sqliteState.cards.count > 0)

            // Folding in two halves (a tail after a prefix) gives the same state too.
            var halves = KanbanState()
            var prefix = 0
            try sqlite.forEachEncoded(after: 0) { sequence, bytes in
                guard sequence <= 6_000 else { return false }
                try halves.apply(encoded: bytes, sequence: sequence)
                prefix += 1
                return true
            }
            #expect(prefix == 6_000)
            #expect(try sqlite.replay(into: &halves) == fromSQLite.count - 6_000)
            #expect(halves.firstDifference(from: lmdbState) == nil)
        }
    }

    @Test func appendsNumberEventsAfterTheLastOnBothStores() throws {
        try withScratch { url in
            let engine = try makeLog(at: url)
            let events = try EventLog(environment: Environment.open(path: engine.path)).encodedEvents(limit: 3)
            let sqlite = try SQLiteEventLog(path: url.appendingPathComponent("append.sqlite").path)
            let lmdb = try EventLog(environment: Environment.open(path: url.appendingPathComponent("lmdb-append").path))
            for store in [sqlite as any EventStore, lmdb as any EventStore] {
                #expect(try store.lastSequence() == 0)
                #expect(try store.count() == 0)
                #expect(try store.appendEncoded([events[0]]) == 1)
                #expect(try store.appendEncoded(events[1...2]) == 3)
                #expect(try store.appendEncoded([[UInt8]]()) == 3)
                #expect(try store.count() == 3)
                var seen: [UInt64] = []
                try store.forEachEncoded(after: 1) { sequence, bytes in
                    seen.append(sequence)
                    #expect(Array(bytes) == events[Int(sequence) - 1])
                    return seen.count < 1 // stops after the first
                }
                #expect(seen == [2])
                try store.forEachEncoded(after: 3) { _, _ in Issue.record("nothing after the last"); return true }
                try store.forEachEncoded(after: .max) { _, _ in Issue.record("nothing after .max"); return true }
            }
            // The SQLite file reopens with what was committed, still in WAL mode.
            let reopened = try SQLiteEventLog(path: sqlite.path)
            #expect(try reopened.count() == 3)
        }
    }

    @Test func anEventThatDoesNotDecodeNamesItsSequence() throws {
        try withScratch { url in
            let engine = try makeLog(at: url)
            let sqlite = try SQLiteEventLog(path: url.appendingPathComponent("corrupt.sqlite").path)
            try sqlite.appendEncoded(try EventLog(environment: Environment.open(path: engine.path)).encodedEvents(limit: 5))
            try sqlite.appendEncoded([[1, 250, 0, 0]]) // version 1, an unknown kind
            var state = KanbanState()
            #expect {
                try sqlite.replay(into: &state)
            } throws: { error in
                guard case KanbanError.corruptEvent(let sequence, _) = error else { return false }
                return sequence == 6
            }
            #expect(state.lastSequence == 5)
        }
    }
}

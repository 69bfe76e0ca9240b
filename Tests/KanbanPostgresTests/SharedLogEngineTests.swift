import Foundation
import Kanban
import KanbanTrello
import KanbanCore
@testable import KanbanPostgres
import PostgresNIO
import KanbanTestSupport
import Testing

@Suite("Engines on one shared PostgreSQL log", .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
struct SharedLogEngineTests {
    /// A keyed command's answer: the sequences of its events, or "refused".
    static let render: @Sendable (Result<CommandOutcome, any Error>) -> [UInt8] = { outcome in
        Array(((try? outcome.get().events.map { String($0.sequence) }.joined(separator: ",")) ?? "refused").utf8)
    }

    @Test("a write on one node is read on the other after a catch-up, and both caches hold the log byte for byte")
    func writeThenRead() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            try a.engine.execute(.addCard(board: "main", title: "-starts with a dash, 한국어 🎉"), actor: "ana")
            try b.catchUp()
            #expect(try b.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["-starts with a dash, 한국어 🎉"])
            // B decides on A's board: its write brings A's events in first.
            let second = try b.engine.execute(.addCard(board: "main", title: "second"), actor: "bo")
            guard case .cardAdded(let added)? = second.last?.payload else { Issue.record("no card added: \(second)"); return }
            try a.engine.execute(.moveCard(board: "main", card: added.card.id.description, column: "DOING"), actor: "ana")
            try a.catchUp()
            try b.catchUp()
            #expect(try a.storedBytes() == b.storedBytes())
            #expect(try a.engine.withState { StateSnapshot($0) } == b.engine.withState { StateSnapshot($0) })
            let store = try PostgresLogStore(url: url)
            #expect(try store.read { try $0.boardRoots() } == a.engine.audit.boardRoots())
            #expect(try store.read { try $0.lastPosition() } == a.engine.lastSequence())
            #expect(try a.engine.verify().firstDifference == nil)
            #expect(try b.engine.verify().firstDifference == nil)
        }
    }

    @Test("writers on two nodes at once: every acknowledged add is in the log exactly once, positions gapless, each board's seq gapless")
    func concurrentWriters() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let nodes = [try SharedLogNode(url: url), try SharedLogNode(url: url)]
            try nodes[0].engine.execute(.createBoard(name: "other"), actor: "ana")
            let acknowledged = Locked<[CardID]>([])
            let errors = concurrently(8) { writer in
                let node = nodes[writer % 2]
                for index in 0..<25 {
                    let board = index % 2 == 0 ? "main" : "other"
                    let events = try node.engine.execute(.addCard(board: board, title: "w\(writer)-\(index)"), actor: "w\(writer)")
                    for case .cardAdded(let added) in events.map(\.payload) { acknowledged.withLock { $0.append(added.card.id) } }
                }
            }
            #expect(errors.isEmpty, "\(errors)")
            for node in nodes { try node.catchUp() }
            let events = try nodes[0].engine.events()
            let added = events.compactMap { if case .cardAdded(let added) = $0.payload { added.card.id } else { nil } }
            #expect(added.count == 200)
            #expect(Set(added) == Set(acknowledged.value))
            #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
            #expect(try nodes[0].storedBytes() == nodes[1].storedBytes())
            let store = try PostgresLogStore(url: url)
            let heads = try store.read { try $0.heads() }
            var counted: [BoardID: UInt64] = [:]
            for event in events { counted[event.board, default: 0] += 1 }
            #expect(heads == counted)
            #expect(try store.read { try $0.boardRoots() } == nodes[1].engine.audit.boardRoots())
            for node in nodes { #expect(try node.engine.verify().firstDifference == nil) }
        }
    }

    @Test("a keyed command retried on the other node gets the first answer and appends nothing")
    func idempotencyAcrossNodes() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            let render = Self.render
            let first = try blocking { try await a.engine.perform(.addCard(board: "main", title: "once"), actor: "ana", idempotencyKey: "k-1", answer: render) }
            let retry = try blocking { try await b.engine.perform(.addCard(board: "main", title: "once"), actor: "ana", idempotencyKey: "k-1", answer: render) }
            #expect(!first.isReplay)
            #expect(retry.isReplay)
            #expect(retry.bytes == first.bytes)
            try b.catchUp()
            #expect(try b.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["once"])
        }
    }

    @Test("a sync client's mutations decided on one node are duplicates on the other, and its refusals travel")
    func syncAcrossNodes() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            let mutations = [
                Mutation(id: 1, command: .addCard(board: "main", title: "synced")),
                Mutation(id: 2, command: .moveCard(board: "main", card: "nowhere", column: "DONE")),
            ]
            let first = try blocking { try await a.engine.sync.push(mutations, client: "ipad-1", actor: "ana") }
            let again = try blocking { try await b.engine.sync.push(mutations, client: "ipad-1", actor: "ana") }
            guard case .applied = first[0], case .refused = first[1] else { Issue.record("first push: \(first)"); return }
            #expect(again.map { if case .duplicate = $0 { true } else { false } } == [true, true])
            let status = try b.engine.sync.status(client: "ipad-1")
            #expect(status.lastMutationID == 2)
            #expect(status.refusals.map(\.id) == [2])
            let next = try blocking { try await b.engine.sync.push([Mutation(id: 3, command: .addCard(board: "main", title: "next"))], client: "ipad-1", actor: "ana") }
            guard case .applied = next[0] else { Issue.record("third mutation: \(next)"); return }
        }
    }

    @Test("a copied client's change decided on one node is reused on the other, and a client id's owner holds on every node")
    func digestsAndOwnersAcrossNodes() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            let original = [Mutation(id: 1, command: .addCard(board: "main", title: "from the original"))]
            let first = try blocking { try await a.engine.sync.push(original, client: "replica-1", actor: "ana", ownerOnly: true) }
            guard case .applied = first[0] else { Issue.record("first push: \(first)"); return }
            let copy = [Mutation(id: 1, command: .addCard(board: "main", title: "from the copy"))]
            let reused = try blocking { try await b.engine.sync.push(copy, client: "replica-1", actor: "ana", ownerOnly: true) }
            guard case .reused(let expected) = reused[0] else { Issue.record("the copy's push on the other node: \(reused)"); return }
            #expect(expected == 2)
            let retry = try blocking { try await b.engine.sync.push(original, client: "replica-1", actor: "ana", ownerOnly: true) }
            guard case .duplicate = retry[0] else { Issue.record("a retry on the other node: \(retry)"); return }
            #expect(throws: KanbanError.foreignClient("replica-1")) {
                try blocking { try await b.engine.sync.push([Mutation(id: 2, command: .addCard(board: "main", title: "bob's"))], client: "replica-1", actor: "bob", ownerOnly: true) }
            }
            #expect(throws: KanbanError.foreignClient("replica-1")) { try b.engine.sync.checkOwner(of: "replica-1", actor: "bob") }
            #expect(try b.engine.sync.status(client: "replica-1").lastMutationID == 1)
        }
    }

    @Test("an undo on another node undoes the actor's action taken on the first")
    func undoAcrossNodes() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            try a.engine.execute(.addCard(board: "main", title: "keep"), actor: "ana")
            try a.engine.execute(.addCard(board: "main", title: "undo me"), actor: "ana")
            try b.engine.undo(actor: "ana")
            try b.engine.redo(actor: "ana")
            try b.engine.undo(actor: "ana")
            try a.catchUp()
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["keep"])
            #expect(try a.engine.withState { StateSnapshot($0) } == b.engine.withState { StateSnapshot($0) })
        }
    }

    @Test("a database with events of its own is not taken as a cache: refused, and nothing changes on either side")
    func refusesAnotherLog() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            try a.engine.execute(.addCard(board: "main", title: "shared"), actor: "ana")
            let directory = try TemporaryDirectory(prefix: "kanban-other")
            let standalone = try KanbanEngine(path: directory.appending("db"))
            try standalone.execute(.addCard(board: "main", title: "mine"), actor: "bo")
            let before = try standalone.export.storedEvents(after: 0, limit: .max).map(\.bytes)
            #expect(throws: SharedLogError.self) { try standalone.sync.catchUp(from: a.follower) }
            let cached = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect(throws: SharedLogError.self) { try cached.execute(.addCard(board: "main", title: "x"), actor: "bo") }
            #expect(try standalone.export.storedEvents(after: 0, limit: .max).map(\.bytes) == before)
            #expect(try a.follower.read { try $0.lastPosition() } == 2)
        }
    }

    @Test("a cache whose event 2 differs from the log's, with the same last event, is refused: its whole prefix is checked, nothing changes on either side")
    func refusesAForkedPrefix() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for title in ["one", "two", "three"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            let entries = try a.follower.read { reader in
                var entries: [LogEntry] = []
                try reader.forEach(after: 0) { entries.append($0); return true }
                return entries
            }
            // The board's creation, then three adds.
            try #require(entries.count == 4)
            let board = entries[0].board
            // Another history that shares event 1 and differs at event 2, on the same board.
            let otherDirectory = try TemporaryDirectory(prefix: "kanban-other")
            let other = try KanbanEngine(path: otherDirectory.appending("db"))
            try other.store.write { try $0.append(board: board, expectedHead: 0, [(1, entries[0].bytes)]) }
            try other.execute(.addCard(board: "main", title: "forged"), actor: "bo")
            let forged = try other.export.storedEvents(after: 0, limit: .max).map(\.bytes)
            try #require(forged.count == 2 && forged[1] != entries[1].bytes)
            // A cache with the log's events, but the other history's second.
            let directory = try TemporaryDirectory(prefix: "kanban-fork")
            let copy = try KanbanEngine(path: directory.appending("db"))
            let events = entries.map { (position: $0.position, bytes: $0.position == 2 ? forged[1] : $0.bytes) }
            try copy.store.write { try $0.append(board: board, expectedHead: 0, events) }
            let before = try copy.export.storedEvents(after: 0, limit: .max).map(\.bytes)
            #expect(throws: SharedLogError.self) { try copy.sync.catchUp(from: a.follower) }
            let cached = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect(throws: SharedLogError.self) { try cached.execute(.addCard(board: "main", title: "x"), actor: "bo") }
            #expect(try copy.export.storedEvents(after: 0, limit: .max).map(\.bytes) == before)
            #expect(try a.follower.read { try $0.lastPosition() } == 4)
        }
    }

    @Test("a log that lost its tail (a failover to a standby behind it): each node cuts its cache back to the log, keeps the lost events apart, says which positions, and goes on")
    func lostTail() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for title in ["one", "two", "three"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            let b = try SharedLogNode(url: url)
            try b.catchUp()
            let cached = try b.storedBytes()
            try #require(cached.count == 4)
            // A snapshot past the cut, and a stream that has read everything: both must not outlive it.
            try b.engine.snapshots.take()
            nonisolated(unsafe) var stream = b.engine.events(after: 0).makeAsyncIterator()
            try blocking { for _ in 0..<4 { _ = try await stream.next() } }
            let cutsBefore = b.engine.sync.cutCount
            // What an asynchronous standby promoted one commit behind would hold: the log through 2.
            _ = try a.follower.query("DELETE FROM events WHERE position > 2")
            _ = try a.follower.query("UPDATE boards SET head = 2, last_position = 2")
            _ = try a.follower.query("UPDATE log_head SET position = 2")
            // B's follower finds out: its cache goes back to the log's two events.
            try b.catchUp()
            #expect(try b.storedBytes() == Array(cached.prefix(2)))
            #expect(try b.engine.sync.lostRanges().map(\.positions) == [3...4])
            #expect(try b.engine.sync.lostEvents().map(\.bytes) == Array(cached.suffix(2)))
            #expect(b.engine.sync.lostPositions == 3...4)
            #expect(try b.engine.sync.lostPositionCount() == 2)
            #expect(try b.engine.sync.wasLost(3) && !b.engine.sync.wasLost(2))
            // The log records it: a node that never held those positions resets their clients too.
            #expect(try a.follower.read { try $0.lostPositions() } == [3...4])
            let c = try SharedLogNode(url: url)
            try c.catchUp()
            #expect(try c.engine.sync.lostRanges().isEmpty)
            #expect(try c.engine.sync.wasLost(4) && !c.engine.sync.wasLost(2))
            #expect(try b.engine.snapshots.list().allSatisfy { $0.sequence <= 2 })
            #expect(try b.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["one"])
            #expect(try b.engine.verify().firstDifference == nil)
            #expect(try b.engine.audit.verify().problem == nil)
            #expect(b.engine.sync.cutCount == cutsBefore + 1)
            let ended = try blocking { () async -> String in
                do { return "went on with \(String(describing: try await stream.next()))" } catch { return String(describing: error) }
            }
            #expect(ended == SharedLogError.cutBack(lastSequence: 2).description)
            // B goes on writing: its card takes position 3 in the log.
            let written = try b.engine.execute(.addCard(board: "main", title: "after"), actor: "bo")
            #expect(written.map(\.sequence) == [3])
            // A's cache held 3 and 4 too, and the log's 3 is B's now: A's next write cuts back, then goes on.
            let next = try a.engine.execute(.addCard(board: "main", title: "from a"), actor: "ana")
            #expect(next.map(\.sequence) == [4])
            #expect(try a.engine.sync.lostRanges().map(\.positions) == [3...4])
            try b.catchUp()
            #expect(try a.storedBytes() == b.storedBytes())
            #expect(try a.engine.withState { StateSnapshot($0) } == b.engine.withState { StateSnapshot($0) })
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["one", "after", "from a"])
            let store = try PostgresLogStore(url: url)
            #expect(try store.read { try $0.boardRoots() } == a.engine.audit.boardRoots())
            for node in [a, b] {
                #expect(try node.engine.verify().firstDifference == nil)
                #expect(try node.engine.audit.verify().problem == nil)
            }
            // A node started on B's cache later goes on from it, and still lists the loss.
            let reopened = try KanbanEngine(path: b.directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect(try reopened.execute(.addCard(board: "main", title: "reopened"), actor: "bo").map(\.sequence) == [5])
            #expect(try reopened.sync.lostRanges().map(\.positions) == [3...4])
        }
    }

    @Test("a log that lost a node's last event and got another in its place: the node's next write sees the log's last event differ, cuts back, and goes in after it")
    func replacedLastEvent() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for title in ["one", "two", "three"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            let held = try a.storedBytes()
            // The failover loses position 4; a new node writes another event there.
            _ = try a.follower.query("DELETE FROM events WHERE position > 3")
            _ = try a.follower.query("UPDATE boards SET head = 3, last_position = 3")
            _ = try a.follower.query("UPDATE log_head SET position = 3")
            let c = try SharedLogNode(url: url)
            #expect(try c.engine.execute(.addCard(board: "main", title: "other"), actor: "cy").map(\.sequence) == [4])
            // A's cache is as long as the log, its last event another: its write cuts back first.
            #expect(try a.engine.execute(.addCard(board: "main", title: "from a"), actor: "ana").map(\.sequence) == [5])
            #expect(try a.engine.sync.lostRanges().map(\.positions) == [4...4])
            #expect(try a.engine.sync.lostEvents().map(\.bytes) == [held[3]])
            #expect(try a.follower.read { try $0.lostPositions() } == [4...4], "recorded in the write that cut")
            try c.catchUp()
            #expect(try a.storedBytes() == c.storedBytes())
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["one", "two", "other", "from a"])
            #expect(try a.engine.audit.verify().problem == nil)
        }
    }

    @Test("nodes keep their snapshots in the shared log (the newest three); a node on an empty cache folds from the newest and the events after it, and passes over one whose root is not the log's")
    func sharedSnapshots() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url, snapshotInterval: 0)
            for round in 0..<4 {
                for index in 0..<5 { try a.engine.execute(.addCard(board: "main", title: "card \(round)-\(index)"), actor: "ana") }
                try a.engine.snapshots.take()
            }
            try a.engine.execute(.addCard(board: "main", title: "after the snapshot"), actor: "ana")
            // Taken at 6, 11, 16 and 21 (the board's creation first): the newest three kept.
            let kept = try a.follower.query("SELECT position FROM log_snapshots ORDER BY position").map { try $0.decode(Int64.self) }
            #expect(kept == [11, 16, 21])
            let b = try SharedLogNode(url: url)
            try b.catchUp()
            #expect(try b.engine.sync.adoptSharedSnapshot(from: b.follower) == 21)
            #expect(try b.engine.sync.adoptSharedSnapshot(from: b.follower) == nil, "its own is as new now")
            let replay = try b.engine.replay()
            #expect(replay.snapshot == 21 && replay.tailEvents == 1)
            #expect(try b.engine.withState { StateSnapshot($0) } == a.engine.withState { StateSnapshot($0) })
            #expect(try b.engine.verify().firstDifference == nil)
            // A snapshot that does not belong to this log (its root another's) is not taken.
            _ = try a.follower.query("UPDATE log_snapshots SET root = decode(repeat('00', 32), 'hex') WHERE position = 21")
            let c = try SharedLogNode(url: url)
            try c.catchUp()
            #expect(try c.engine.sync.adoptSharedSnapshot(from: c.follower) == nil)
            #expect(try c.engine.replay().snapshot == nil)
            #expect(try c.engine.withState { StateSnapshot($0) } == a.engine.withState { StateSnapshot($0) })
        }
    }

    @Test("a node's cache whose log was rewritten in the middle (event 2 replaced, event 3 as it was) is not cut back: refused, nothing changes")
    func refusesARewrittenMiddle() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for title in ["one", "two", "three"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            let before = try a.storedBytes()
            _ = try a.follower.query("UPDATE events SET data = (SELECT data FROM events WHERE position = 4) WHERE position = 2")
            // The same cache, opened again: its first write checks the whole prefix.
            let reopened = try KanbanEngine(path: a.directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect {
                try reopened.execute(.addCard(board: "main", title: "x"), actor: "ana")
            } throws: { error in
                String(describing: error).contains("the log was rewritten there")
            }
            #expect(try reopened.sync.lostRanges().isEmpty)
            #expect(try a.storedBytes() == before)
            #expect(try a.follower.read { try $0.lastPosition() } == 4)
        }
    }

    @Test("a database of its own, opened as a node's cache for the first time, is not cut back when the log is shorter: refused, nothing changes")
    func refusesToCutAForeignDatabase() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            try a.engine.execute(.addCard(board: "main", title: "one"), actor: "ana")
            // A log of its own that starts with the shared log's events and goes on.
            let directory = try TemporaryDirectory(prefix: "kanban-own")
            let own = try KanbanEngine(path: directory.appending("db"))
            let entries = try a.follower.read { reader in
                var entries: [LogEntry] = []
                try reader.forEach(after: 0) { entries.append($0); return true }
                return entries
            }
            try own.store.write { try $0.append(board: entries[0].board, expectedHead: 0, entries.map { ($0.position, $0.bytes) }) }
            try own.execute(.addCard(board: "main", title: "mine"), actor: "bo")
            let before = try own.export.storedEvents(after: 0, limit: .max).map(\.bytes)
            let node = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect(throws: SharedLogError.self) { try node.execute(.addCard(board: "main", title: "x"), actor: "bo") }
            #expect(try node.sync.lostRanges().isEmpty)
            #expect(try node.export.storedEvents(after: 0, limit: .max).map(\.bytes) == before)
            #expect(try a.follower.read { try $0.lastPosition() } == 2)
        }
    }

    @Test("a cache checked against the roots the log keeps: a node whose cache is a true prefix goes on writing, past many writes")
    func acceptsATruePrefix() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for index in 0..<300 { try a.engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana") }
            let recorded = try a.follower.read { try $0.recordedRoot(atOrBefore: 300) }
            let root = try #require(recorded)
            #expect(root.size >= 256 && root.size <= 300)
            #expect(try a.engine.audit.root(size: root.size) == root)
            let count = try a.storedBytes().count
            let b = try SharedLogNode(url: url)
            try b.catchUp()
            try b.engine.execute(.addCard(board: "main", title: "from b"), actor: "bo")
            try a.engine.execute(.addCard(board: "main", title: "from a"), actor: "ana")
            try a.catchUp()
            try b.catchUp()
            #expect(try a.storedBytes() == b.storedBytes())
            #expect(try a.storedBytes().count == count + 2)
            // The root is what a cache is checked against: a log whose kept root is not the
            // cache's refuses the cache, though every event after the root is the same.
            _ = try a.follower.query("UPDATE log_roots SET root = decode(repeat('00', 32), 'hex')")
            let reopened = try KanbanEngine(path: b.directory.appending("db"), options: EngineOptions(sharedLog: try PostgresLogStore(url: url)))
            #expect(throws: SharedLogError.self) { try reopened.execute(.addCard(board: "main", title: "refused"), actor: "bo") }
            #expect(try a.follower.read { try $0.lastPosition() } == UInt64(count + 2))
        }
    }

    @Test("a node's cache opened without its shared log is read only: the CLI reads it, a change is refused in one line, nothing appended")
    func orphanedCacheReadOnly() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            try a.engine.execute(.addCard(board: "main", title: "on the node"), actor: "ana")
            let path = a.directory.appending("db")
            let kanban = try KanbanBinary(database: path)
            #expect(try kanban.board().columns.first?.cards.map(\.title) == ["on the node"])
            let refused = try kanban.run(["add", "from the CLI, 한국어"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("is a node's cache of a log shared on PostgreSQL"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
            let plain = try KanbanEngine(path: path)
            #expect(throws: SharedLogError.nodeCache(path: path)) { try plain.execute(.addCard(board: "main", title: "x"), actor: "bo") }
            #expect(try a.engine.lastSequence() == 2)
            try a.engine.execute(.addCard(board: "main", title: "the node goes on"), actor: "ana")
            #expect(try a.engine.lastSequence() == 3)
        }
    }

    @Test("nodes start while another node writes: opening a store on a made schema takes no lock that writes hold")
    func startUnderLoad() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            let done = Locked(false)
            // Keyed adds: a write then touches `idempotency` before `events`, as a server's do.
            let writing = Thread {
                var key = 0
                while !done.value {
                    key += 1
                    let keyed = "load-\(key)"
                    _ = try? blocking {
                        try await a.engine.perform(.addCard(board: "main", title: keyed), actor: "ana", idempotencyKey: keyed) { _ in [] }
                    }
                }
            }
            writing.start()
            defer { done.withLock { $0 = true } }
            var failures: [String] = []
            for _ in 0..<30 {
                do { _ = try PostgresLogStore(url: url) } catch { failures.append(String(describing: error)) }
            }
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test("a connection lost inside a write (the node waiting for another's claim) fails that command within the query timeout; the next goes in")
    func lostInsideWrite() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let writer = try PostgresLogStore(url: url, queryTimeout: .seconds(3))
            let directory = try TemporaryDirectory(prefix: "kanban-node")
            let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: writer))
            try engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
            let holder = try PostgresLogStore(url: url)
            let outcome = Locked<Result<Void, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            try holder.write { other in
                _ = try other.claimLog()
                Thread {
                    outcome.withLock { $0 = Result { _ = try engine.execute(.addCard(board: "main", title: "waits for the claim"), actor: "ana") } }
                    finished.signal()
                }.start()
                Thread.sleep(forTimeInterval: 0.3)
                // Every other connection to this database: the engine's, waiting for the claim.
                _ = try (other as! PostgresLogTransaction).connection.query("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
                    """)
                #expect(finished.wait(timeout: .now() + 10) == .success, "the command came back")
            }
            guard case .failure(let error)? = outcome.value else { Issue.record("\(String(describing: outcome.value))"); return }
            #expect(error is SharedLogError, "\(error)")
            try engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
            #expect(try engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["before", "after"])
            #expect(try holder.read { try $0.lastPosition() } == 3)
        }
    }

    @Test("commands that come while a node waits for another's turn go into its write when the turn comes: one write carries them, a keyed retry among them answered from the log")
    func lateCommandsJoinTheTurn() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Writes under the claim: a conditional write decides before it waits.
            let (a, b) = (try SharedLogNode(url: url, writesConditionally: false), try SharedLogNode(url: url))
            let render = Self.render
            let first = try blocking { try await b.engine.perform(.addCard(board: "main", title: "once"), actor: "ana", idempotencyKey: "k-1", answer: render) }
            try a.engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
            // Counted once A's writer waits for the turn: it counts a commit after answering it.
            let before = Locked(WriteStatistics())
            let answers = Locked<[String: RememberedAnswer]>([:])
            let errors = Locked<[any Error]>([])
            let group = DispatchGroup()
            // How many sends are about to submit: a keyed one waits for the task pool first.
            let started = Locked(0)
            func send(_ title: String, key: String? = nil) {
                group.enter()
                Thread {
                    defer { group.leave() }
                    do {
                        if let key {
                            let answer = try blocking {
                                started.withLock { $0 += 1 }
                                return try await a.engine.perform(.addCard(board: "main", title: title), actor: "ana", idempotencyKey: key, answer: render)
                            }
                            answers.withLock { $0[key] = answer }
                        } else {
                            started.withLock { $0 += 1 }
                            try a.engine.execute(.addCard(board: "main", title: title), actor: "ana")
                        }
                    } catch {
                        errors.withLock { $0.append(error) }
                    }
                }.start()
            }
            let holder = try PostgresLogStore(url: url)
            try holder.write { other in
                _ = try other.claimLog()
                let connection = (other as! PostgresLogTransaction).connection
                send("waits")
                // A's writer took "waits" and now waits for the claim this write holds.
                let deadline = Date() + 10
                let waiting: PostgresQuery = """
                    SELECT 1 FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
                    """
                while try connection.query(waiting).isEmpty, Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.01)
                }
                before.withLock { $0 = a.engine.writeStatistics }
                send("joins 1")
                send("joins 2")
                send("once", key: "k-1")
                send("keyed", key: "k-2")
                while started.value < 5, Date() < deadline + 10 { Thread.sleep(forTimeInterval: 0.01) }
                Thread.sleep(forTimeInterval: 0.5)
            }
            #expect(group.wait(timeout: .now() + 30) == .success)
            #expect(errors.value.isEmpty, "\(errors.value)")
            let after = a.engine.writeStatistics
            #expect(after.commits - before.value.commits == 1, "\(before.value) → \(after)")
            #expect(after.largestBatch == 5)
            #expect(answers.value["k-1"]?.isReplay == true)
            #expect(answers.value["k-1"]?.bytes == first.bytes)
            #expect(answers.value["k-2"]?.isReplay == false)
            try a.catchUp()
            try b.catchUp()
            let titles = try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title)
            #expect(titles.prefix(3) == ["once", "before", "waits"])
            #expect(titles.sorted() == ["before", "joins 1", "joins 2", "keyed", "once", "waits"])
            #expect(try a.storedBytes() == b.storedBytes())
            let events = try a.engine.events()
            #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        }
    }

    @Test("a keyed write under the claim of a node that holds the whole log sends the claim and the write, and does not ask for its key first; a retry of that key on another node is still answered once, from the log")
    func keyedWriteAsksNothingFirst() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let render = Self.render
            let writer = try PostgresLogStore(url: url)
            let directory = try TemporaryDirectory(prefix: "kanban-node")
            let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: writer, writesConditionally: false))
            try engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
            let before = writer.statementsWritten
            let first = try blocking { try await engine.perform(.addCard(board: "main", title: "keyed"), actor: "ana", idempotencyKey: "k-1", answer: render) }
            #expect(!first.isReplay)
            #expect(writer.statementsWritten - before == 2)
            // Another node lacks the answer: its write finds the key answered, and runs again asking for it.
            let other = try SharedLogNode(url: url)
            let retry = try blocking { try await other.engine.perform(.addCard(board: "main", title: "keyed"), actor: "ana", idempotencyKey: "k-1", answer: render) }
            #expect(retry.isReplay)
            #expect(retry.bytes == first.bytes)
            #expect(other.engine.writeStatistics.rerunsForAnswers == 1)
            #expect(engine.writeStatistics.rerunsForAnswers == 0)
            // Right after, the other node asks first: a second retry from another key answered
            // on the first node costs it no second run.
            let second = try blocking { try await engine.perform(.addCard(board: "main", title: "keyed 2"), actor: "ana", idempotencyKey: "k-2", answer: render) }
            let again = try blocking { try await other.engine.perform(.addCard(board: "main", title: "keyed 2"), actor: "ana", idempotencyKey: "k-2", answer: render) }
            #expect(again.isReplay && again.bytes == second.bytes)
            #expect(other.engine.writeStatistics.rerunsForAnswers == 1)
            let titles = try other.engine.boardView(named: "main").columns[0].cards.map(\.card.title)
            #expect(titles == ["first", "keyed", "keyed 2"])
            #expect(try writer.read { try $0.lastPosition() } == other.engine.lastSequence())
        }
    }

    @Test("a lost connection fails the command in flight with nothing kept; the next connects again")
    func reconnects() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            try a.engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
            let admin = try PostgresLogStore(url: url)
            _ = try admin.query("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
                """)
            var outcomes: [Bool] = []
            for attempt in 0..<3 {
                do {
                    try a.engine.execute(.addCard(board: "main", title: "after \(attempt)"), actor: "ana")
                    outcomes.append(true)
                } catch let error as SharedLogError {
                    guard case .unavailable = error else { throw error }
                    outcomes.append(false)
                }
            }
            #expect(outcomes.last == true)
            try a.catchUp()
            let titles = try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title)
            #expect(titles.count == 1 + outcomes.filter { $0 }.count)
            #expect(try admin.read { try $0.lastPosition() } == a.engine.lastSequence())
        }
    }
}

@Suite("What goes with the events, on a shared log", .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
struct SharedLogExtrasTests {
    /// The Trello export of the project's test fixtures: a real board's history, imported with its own times.
    static var trelloSample: Data {
        get throws {
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("KanbanTests/Trello/Fixtures/trello2planka-sample-board.json")
            return try Data(contentsOf: file)
        }
    }

    @Test("a history imported on one node keeps its times on the other: same backdated ranges, same board at an old moment")
    func backdatedAcrossNodes() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            let report = try a.engine.importer.trello(try Self.trelloSample, board: "imported")
            try b.catchUp()
            let ranges = try a.engine.store.read { try $0.backdatedRanges(after: 0) }
            #expect(!ranges.isEmpty)
            #expect(try b.engine.store.read { try $0.backdatedRanges(after: 0) } == ranges)
            #expect(try PostgresLogStore(url: url).read { try $0.backdatedRanges(after: 0) } == ranges)
            let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
            #expect(try a.engine.history.flow(board: "imported", timeZone: .gmt, now: now) == b.engine.history.flow(board: "imported", timeZone: .gmt, now: now))
            #expect(!report.alreadyImported)
        }
    }

    @Test("answers past their lifetime are purged from the shared log by later keyed writes, not kept for ever")
    func answersPurged() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let now = Locked<Int64>(1_800_000_000_000)
            let directory = try TemporaryDirectory(prefix: "kanban-node")
            let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(
                clock: { Timestamp(millisecondsSinceEpoch: now.value) }, idempotencyLifetime: .seconds(10), sharedLog: try PostgresLogStore(url: url)
            ))
            for key in ["k1", "k2", "k3"] {
                _ = try blocking { try await engine.perform(.addCard(board: "main", title: key), actor: "ana", idempotencyKey: key) { _ in [] } }
            }
            let store = try PostgresLogStore(url: url)
            let all = Timestamp(millisecondsSinceEpoch: .min)
            #expect(try store.read { try $0.answers(notBefore: all) }.count == 3)
            now.withLock { $0 += 20_000 }
            _ = try blocking { try await engine.perform(.addCard(board: "main", title: "k4"), actor: "ana", idempotencyKey: "k4") { _ in [] } }
            #expect(try store.read { try $0.answers(notBefore: all) }.map(\.key) == ["k4"])
            // An expired key is a new command again, on this node as on any other.
            let again = try blocking { try await engine.perform(.addCard(board: "main", title: "k1 again"), actor: "ana", idempotencyKey: "k1") { _ in [] } }
            #expect(!again.isReplay)
        }
    }

    @Test("migrate copies sync clients with their refusals, digests and owners, answers and backdated ranges: a client goes on pushing on the shared log, a retry is answered once")
    func migrateTheRest() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory(prefix: "kanban-migrate")
            let source = try KanbanEngine(path: directory.appending("db"))
            _ = try source.importer.trello(try Self.trelloSample, board: "imported")
            let pushed = try blocking {
                try await source.sync.push([
                    Mutation(id: 1, command: .addCard(board: "main", title: "offline")),
                    Mutation(id: 2, command: .moveCard(board: "main", card: "nowhere", column: "DONE")),
                ], client: "ipad-1", actor: "ana")
            }
            guard case .refused = pushed[1] else { Issue.record("\(pushed)"); return }
            let render: @Sendable (Result<CommandOutcome, any Error>) -> [UInt8] = { _ in Array("first answer".utf8) }
            _ = try blocking { try await source.perform(.addCard(board: "main", title: "keyed"), actor: "ana", idempotencyKey: "k-9", answer: render) }
            let ranges = try source.store.read { try $0.backdatedRanges(after: 0) }

            let report = try LogMigration.run(from: source.store, to: try PostgresLogStore(url: url))
            #expect(report.rootsMatch)
            #expect(report.clients == 1)
            #expect(report.answers == 1)
            #expect(report.backdatedRanges == ranges.count)

            let node = try SharedLogNode(url: url)
            try node.catchUp()
            #expect(try node.engine.store.read { try $0.backdatedRanges(after: 0) } == ranges)
            let status = try node.engine.sync.status(client: "ipad-1")
            #expect(status.lastMutationID == 2)
            #expect(status.refusals.map(\.id) == [2])
            let next = try blocking { try await node.engine.sync.push([Mutation(id: 3, command: .addCard(board: "main", title: "after the move"))], client: "ipad-1", actor: "ana") }
            guard case .applied = next[0] else { Issue.record("mutation 3 on the shared log: \(next)"); return }
            // The digests and the owner came along: a copy's own mutation 1 is reused, not a duplicate; the client is ana's.
            let copy = try blocking { try await node.engine.sync.push([Mutation(id: 1, command: .addCard(board: "main", title: "from a copy"))], client: "ipad-1", actor: "ana") }
            guard case .reused = copy[0] else { Issue.record("a copy's mutation 1 after migrating: \(copy)"); return }
            #expect(throws: KanbanError.foreignClient("ipad-1")) { try node.engine.sync.checkOwner(of: "ipad-1", actor: "bob") }
            let retry = try blocking { try await node.engine.perform(.addCard(board: "main", title: "keyed"), actor: "ana", idempotencyKey: "k-9", answer: render) }
            #expect(retry.isReplay)
            #expect(retry.bytes == Array("first answer".utf8))
            #expect(try node.engine.boardView(named: "main").columns.flatMap(\.cards).map(\.card.title).sorted() == ["after the move", "keyed", "offline"])
        }
    }
}

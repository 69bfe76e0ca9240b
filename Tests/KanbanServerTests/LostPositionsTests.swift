import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanLog
import KanbanOutput
import KanbanServer
import KanbanTestSupport
import Testing

/// A node's cache cut back after its shared log lost positions (a failover): what its clients
/// are told. The shared log is an LMDB store here, the failover a shorter copy of it.
@Suite("Positions a shared log lost, as clients see them")
struct LostPositionsTests {
    @Test("a stream open across the cut ends; one resumed in the lost range, a pull from it and an export from it are told, and the stream goes on from the log's end")
    func clientsPastTheCut() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = directory.appending("cache.db")
        let shared = try LMDBLogStore(path: directory.appending("shared.db"))
        do {
            let node = try KanbanEngine(path: cache, options: EngineOptions(sharedLog: shared))
            for title in ["one", "two", "three"] { try await node.execute(.addCard(board: "main", title: title), actor: "ana") }
        }
        // The log as a standby promoted behind it holds it: the first two events.
        let entries = try shared.read { reader in
            var entries: [LogEntry] = []
            try reader.forEach(after: 0) { entries.append($0); return true }
            return entries
        }
        try #require(entries.count == 4)
        let promoted = try LMDBLogStore(path: directory.appending("promoted.db"))
        try promoted.write { try $0.append(board: entries[0].board, expectedHead: 0, entries.prefix(2).map { ($0.position, $0.bytes) }) }
        let engine = try KanbanEngine(path: cache, options: EngineOptions(sharedLog: promoted))
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            // Reads give up after 30 s: a stream that ends does so well before.
            let open = try LineSocket(port: port, timeout: 30)
            try open.get("/api/events?after=0")
            #expect(await open.nextEventIDs(4) == [1, 2, 3, 4])
            try engine.sync.catchUp(from: promoted)
            #expect(try engine.sync.lostRanges().map(\.positions) == [3...4])
            let cut = ContinuousClock.now
            #expect(await open.nextEventIDsUntilEnd().ids.isEmpty)
            #expect(ContinuousClock.now - cut < .seconds(10), "the stream that carried 3 and 4 ends")

            let resumed = try LineSocket(port: port)
            try resumed.get("/api/events", headers: ["Last-Event-ID": "4"])
            var lines: [String] = []
            while let line = await resumed.nextLine(), !line.hasPrefix("data:") { lines.append(line) }
            #expect(lines.contains("event: reset") && lines.contains("id: 2"))
            try await engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
            #expect(await resumed.nextEventIDs(1) == [3])
            // 3 is a position of the log again, with another event: a client that saw the old one is still told.
            let old = try LineSocket(port: port)
            try old.get("/api/events", headers: ["Last-Event-ID": "3"])
            lines = []
            while let line = await old.nextLine(), !line.hasPrefix("data:") { lines.append(line) }
            #expect(lines.contains("event: reset") && lines.contains("id: 3"))

            let api = APIClient(client: client)
            let pulled = try await api.get("/api/sync/pull?client=c1&after=4")
            #expect(pulled.status == 200)
            let pull = try JSONDecoder().decode(SyncPullOutput.self, from: Data(pulled.text.utf8))
            #expect(pull.reset == SyncResetOutput(asked: 4, lastSequence: 3))
            #expect(pull.events.map(\.sequence) == [1, 2, 3])
            let current = try JSONDecoder().decode(SyncPullOutput.self, from: Data(try await api.get("/api/sync/pull?client=c1&after=2").text.utf8))
            #expect(current.reset == nil && current.events.map(\.sequence) == [3])

            let exported = try await api.get("/api/export?after=4")
            #expect(exported.status == 409)
            #expect(exported.error?.contains("positions 3…4 of this log were lost") == true, "\(exported.text)")
            #expect(try await api.get("/api/export?after=2").status == 200)
            let metrics = try await api.get("/metrics")
            #expect(metrics.text.contains("kanban_shared_log_lost_positions 2"))
        }
    }
}

import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

@Suite("LMDBLogStore wake-ups")
struct LMDBLogStoreWakeUpsTests {
    @Test("wakeUps hints an empty set once it watches, then the boards of each commit: the store's own, and the engine's")
    func hintsAfterWrites() async throws {
        // A plain engine: a node's cache (the PostgreSQL pass's fixture) is written by its engine alone.
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        let store = engine.store
        var hints = store.wakeUps().makeAsyncIterator()
        #expect(await hints.next() == [])

        let c = LogStoreConformance.boardC
        let last = try store.read { try $0.lastPosition() }
        try store.write { try $0.append(board: c, expectedHead: 0, [(last + 1, LogStoreConformance.eventBytes(board: c, 1))]) }
        #expect(await hints.next() == [c])

        let events = try await engine.execute(.createBoard(name: "second"), actor: "ana")
        #expect(await hints.next() == Set(events.map(\.board)))
    }
}

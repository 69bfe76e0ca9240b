import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

/// The map another process grew is adopted (`MDB_MAP_RESIZED`), and a small map grows.
struct CLIMapGrowthTests {
    @Test("An engine with a 64 KiB map reads and writes after another process wrote megabytes")
    func adoptsResizedMap() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let engine = try KanbanEngine(
            path: fixture.database,
            options: EngineOptions(mapSize: 64 * 1024)
        )
        try engine.execute(.addCard(board: "main", title: "before"), actor: "small")
        let before = engine.log.environment.info().mapSize

        try fixture.kanban.succeed(["generate", "--events", "6000", "--seed", "12"])
        let generated = try fixture.kanban.stats()
        #expect(generated.databaseBytes > 4 * before)

        // This process's map is now smaller than the file: it must adopt the larger size.
        let statistics = try engine.statistics()
        #expect(statistics.events == generated.events)
        #expect(statistics.lastSequence == UInt64(generated.events))
        #expect(engine.log.environment.info().mapSize > before)
        let added = try engine.execute(.addCard(board: "main", title: "after"), actor: "small")
        #expect(added.map(\.sequence) == [UInt64(generated.events + 1)])
        let fresh = try fixture.kanban.stats()
        #expect(fresh.events == generated.events + 1)
        #expect(try fixture.kanban.board().columns.flatMap(\.cards).contains { $0.title == "after" })
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A writer killed in the middle of a write transaction leaves a database that opens, counts,
/// replays and takes new writes: LMDB drops the uncommitted transaction and its lock.
struct CLIKilledWriterTests {
    @Test("Reopening after kanban generate was killed with SIGKILL, three times over")
    func reopenAfterKill() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        var previous = 0
        for delay in [0.5, 0.8, 1.1] {
            // Far more events than it can write before it is killed.
            let writer = try fixture.kanban.start(["generate", "--events", "3000000", "--batch-size", "1000", "--seed", String(Int(delay * 10))])
            Thread.sleep(forTimeInterval: delay)
            #expect(writer.isRunning, "generate ended before it was killed")
            writer.send(SIGKILL)
            let output = writer.wait()
            #expect(output.wasSignalled && output.status == SIGKILL, "\(output)")

            // Another process can read the database at once.
            let stats = try fixture.kanban.stats()
            #expect(stats.events == stats.lastSequence)
            #expect(stats.events >= previous)
            previous = stats.events
            let replay = try fixture.kanban.decode(RateJSON.self, ["replay", "--json"])
            #expect(replay.events == stats.events)
        }
        #expect(previous > 0, "nothing was committed before the kills")

        // This process opens it, replays it, and writes to it.
        let engine = try KanbanEngine(path: fixture.database)
        let statistics = try engine.statistics()
        #expect(statistics.events == previous)
        #expect(statistics.lastSequence == UInt64(previous))
        let events = try engine.events()
        #expect(events.count == previous)
        #expect(events.last?.sequence == UInt64(previous))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.sequence + 1 == $1.sequence })
        #expect(try engine.replay().events == previous)

        let added = try engine.execute(.addCard(board: "main", title: "after the crash"), actor: "survivor")
        #expect(added.map(\.sequence) == [UInt64(previous + 1)])
        let id = try fixture.kanban.add("and from the command line")
        let board = try fixture.kanban.board()
        let titles = board.columns.flatMap(\.cards).map(\.title)
        #expect(titles.contains("after the crash"))
        #expect(board.columns.flatMap(\.cards).contains { $0.id == id })
        #expect(try fixture.kanban.stats().events == previous + 2)
        let fresh = try KanbanEngine(path: fixture.database).withState { StateSnapshot($0) }
        #expect(try engine.withState { StateSnapshot($0) } == fresh)
    }
}

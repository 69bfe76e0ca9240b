import Kanban
import KanbanCore
import KanbanTestSupport

/// A fresh engine in a temporary directory, with a clock that ticks a second per reading.
///
/// With `KANBAN_TEST_ENGINES_ON_POSTGRES=1` (and `KANBAN_TEST_POSTGRES_URL`), the engine is a
/// node of a shared log instead, in a fresh schema of that database (``SharedLogForTests``):
/// `make test` runs the suites built on fixtures once on each store.
struct EngineFixture {
    let directory: TemporaryDirectory
    let path: String
    let engine: KanbanEngine
    /// The shared log the engine is a node of, in the PostgreSQL pass.
    let sharedLog: (any LogStore)?

    init(clock: (@Sendable () -> Timestamp)? = nil) throws {
        directory = try TemporaryDirectory(prefix: "kanban-engine")
        path = directory.appending("db")
        let ticks = Locked<Int64>(1_800_000_000_000)
        let tick: @Sendable () -> Timestamp = clock ?? {
            Timestamp(millisecondsSinceEpoch: ticks.withLock { $0 += 1000; return $0 })
        }
        sharedLog = try SharedLogForTests.freshStore()
        engine = try KanbanEngine(path: path, options: EngineOptions(clock: tick, sharedLog: sharedLog))
    }

    /// Another engine on the same database, as a reopened process would be (a node of the
    /// same shared log, in the PostgreSQL pass).
    func reopen(options: EngineOptions = EngineOptions()) throws -> KanbanEngine {
        var options = options
        options.sharedLog = sharedLog
        return try KanbanEngine(path: path, options: options)
    }

    /// Adds a card and returns its id.
    @discardableResult
    func add(_ title: String, column: String? = nil, due: Due? = nil, board: String = "main") throws -> CardID {
        let events = try engine.execute(.addCard(board: board, title: title, due: due, column: column), actor: "ana")
        guard case .cardAdded(let added)? = events.last?.payload else { throw Unexpected(events: events) }
        return added.card.id
    }

    var eventCount: Int { get throws { try engine.statistics().events } }

    struct Unexpected: Error { let events: [RecordedEvent] }
}

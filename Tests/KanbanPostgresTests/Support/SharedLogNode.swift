import Foundation
import Kanban
import KanbanCore
import KanbanPostgres
import KanbanTestSupport

/// One node of a shared log in a test: an engine whose LMDB database, in a directory of its
/// own, caches the PostgreSQL log at `url`, with a store of its own to catch up through.
struct SharedLogNode {
    let directory: TemporaryDirectory
    let engine: KanbanEngine
    /// The store the node catches up through (the engine writes through another).
    let follower: PostgresLogStore

    /// A node of the log at `url`; with `writesConditionally` off, every write claims the log
    /// first (``EngineOptions/writesConditionally``).
    init(url: PostgresURL, snapshotInterval: Int = EngineOptions.defaultSnapshotInterval, writesConditionally: Bool = true) throws {
        directory = try TemporaryDirectory(prefix: "kanban-node")
        let writer = try PostgresLogStore(url: url)
        follower = try PostgresLogStore(url: url)
        engine = try KanbanEngine(
            path: directory.appending("db"),
            options: EngineOptions(snapshotInterval: snapshotInterval, sharedLog: writer, writesConditionally: writesConditionally)
        )
    }

    /// Brings the cache up to the log.
    func catchUp() throws {
        while try engine.sync.catchUp(from: follower) > 0 {}
    }

    /// Each event's bytes, in order.
    func storedBytes() throws -> [[UInt8]] {
        try engine.export.storedEvents(after: 0, limit: .max).map(\.bytes)
    }
}

/// Waits, on this thread (not one of the cooperative pool), for `body` to finish.
func blocking<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) throws -> Result {
    let outcome = Locked<Swift.Result<Result, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.value!.get()
}

import Foundation
import Synchronization

/// Keeps an engine's cache of a shared log up to date between its writes: a thread of its own
/// that catches up (``EngineSync/catchUp(from:limit:)``) on each wake-up of the store
/// (``LogStore/wakeUps()``, other nodes' commits) and at least every `pollInterval` (hints
/// may be lost), so reads and live streams on this node show other nodes' writes. Failures are
/// warned about once each, until a catch-up succeeds again. Hints of commits the cache holds
/// (its own node's writes, whose hints come as the writer commits to its cache) are not read
/// for (``LogStore/wakeUpsWithPositions()``).
///
/// For example:
///
/// ```swift
/// let follower = SharedLogFollower(engine: engine, store: followerStore)
/// follower.start()
/// ```
public final class SharedLogFollower: Sendable {
    /// The engine whose database is the cache.
    public let engine: KanbanEngine
    /// The shared log, through a store of the follower's own (not the engine's writer's).
    public let store: any LogStore
    /// The longest wait between two catch-ups.
    public let pollInterval: Duration
    private let woken = NSCondition()
    private let state = Mutex(State())

    private struct State {
        var hinted = false
        /// The furthest log end the hints since the last catch-up said.
        var hintedPosition: UInt64 = 0
        /// Whether one of those hints said no position (any may be new then).
        var hintedWithoutPosition = false
        var stopped = false
        var lastFailure: String?
    }

    public init(engine: KanbanEngine, store: any LogStore, pollInterval: Duration = .milliseconds(250)) {
        self.engine = engine
        self.store = store
        self.pollInterval = pollInterval
    }

    /// Starts the thread and the task that listens for wake-ups.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "kanban.follower"
        thread.start()
        Task { [self] in
            for await hint in store.wakeUpsWithPositions() {
                if state.withLock({ $0.stopped }) { return }
                wake(upTo: hint.position)
            }
        }
    }

    /// Ends the thread after its current catch-up.
    public func stop() {
        state.withLock { $0.stopped = true }
        wake()
    }

    /// Makes the thread catch up now.
    public func wake() {
        wake(upTo: nil)
    }

    /// Makes the thread catch up, for a commit that left the log ending at `position` (`nil`:
    /// not said, any may be new).
    private func wake(upTo position: UInt64?) {
        woken.lock()
        state.withLock { state in
            state.hinted = true
            if let position { state.hintedPosition = max(state.hintedPosition, position) } else { state.hintedWithoutPosition = true }
        }
        woken.signal()
        woken.unlock()
    }

    private func run() {
        let interval = Double(pollInterval.components.seconds) + Double(pollInterval.components.attoseconds) / 1e18
        while true {
            woken.lock()
            if !state.withLock({ $0.hinted || $0.stopped }) {
                _ = woken.wait(until: Date(timeIntervalSinceNow: interval))
            }
            let (stopped, hinted, position) = state.withLock { state in
                defer { (state.hinted, state.hintedPosition, state.hintedWithoutPosition) = (false, 0, false) }
                return (state.stopped, state.hinted, state.hintedWithoutPosition ? nil : state.hintedPosition)
            }
            woken.unlock()
            if stopped { return }
            if hinted, let position, holds(position) { continue }
            catchUpAll()
        }
    }

    /// Whether the cache reaches `position`, once the engine's write in progress (whose commit
    /// the hint may be: its hint goes out as PostgreSQL commits, before the cache does) ended.
    private func holds(_ position: UInt64) -> Bool {
        guard let cached = try? engine.lastSequence() else { return false }
        if cached >= position { return true }
        engine.writeSide.withLock { _ in }
        return (try? engine.lastSequence()).map { $0 >= position } ?? false
    }

    /// The most events one read copies.
    static let page = 10_000

    /// Catches up until the cache holds the whole log as read: a read that copied less than a
    /// page found the log's end (what is committed after it comes with its own hint), so it is
    /// not followed by a read that would find nothing — one read a commit, not two.
    private func catchUpAll() {
        do {
            while try engine.catchUp(from: store, limit: Self.page) >= Self.page {}
            state.withLock { $0.lastFailure = nil }
        } catch {
            let message = String(describing: error)
            let isNew = state.withLock { state in
                defer { state.lastFailure = message }
                return state.lastFailure != message
            }
            if isNew { engine.options.warn("catching up with the shared log failed: \(message)") }
        }
    }
}

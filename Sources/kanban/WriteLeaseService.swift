import Foundation
import KanbanPostgres
import KanbanServer
import ServiceLifecycle
import Synchronization

/// Keeps a node's write lease (``KanbanPostgres/WriteLease``) for as long as the server runs:
/// a round each ``WriteLease/renewal`` on a thread of its own (the lease blocks while PostgreSQL
/// answers), telling ``KanbanServer/WriteForwarding`` where writes go; the lease given up when
/// the server stops, so another node takes it at once.
struct WriteLeaseService: Service {
    let lease: WriteLease
    let forwarding: WriteForwarding

    /// One round: where writes go now. PostgreSQL unreachable: here (a write then fails here
    /// as it would anywhere, and nobody waits on a holder that cannot be asked).
    static func round(_ lease: WriteLease, _ forwarding: WriteForwarding) {
        let holder = try? lease.renew()
        forwarding.lead(to: holder.flatMap { $0.node == lease.node ? nil : $0.url })
    }

    func run() async throws {
        let keeper = Keeper()
        let lease = lease
        let forwarding = forwarding
        let thread = Thread {
            while !keeper.isStopped {
                Self.round(lease, forwarding)
                // In short naps, so a stop does not wait a whole renewal.
                let until = ContinuousClock.now + WriteLease.renewal
                while ContinuousClock.now < until, !keeper.isStopped { Thread.sleep(forTimeInterval: 0.05) }
            }
            lease.release()
            lease.close()
            keeper.end()
        }
        thread.name = "kanban-write-lease"
        thread.start()
        try? await gracefulShutdown()
        forwarding.lead(to: nil)
        keeper.stop()
        await keeper.waitForEnd()
    }

    /// The thread's stop, and its end awaited without polling (a cancelled task's sleep returns
    /// at once, so a loop of sleeps would spin).
    private final class Keeper: Sendable {
        private struct State {
            var stopped = false
            var ended = false
            var waiter: CheckedContinuation<Void, Never>?
        }

        private let state = Mutex(State())

        var isStopped: Bool { state.withLock { $0.stopped } }

        func stop() {
            state.withLock { $0.stopped = true }
        }

        func end() {
            let waiter = state.withLock { state in
                state.ended = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }

        func waitForEnd() async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state in
                    if !state.ended { state.waiter = waiter }
                    return state.ended
                }
                if ended { waiter.resume() }
            }
        }
    }
}

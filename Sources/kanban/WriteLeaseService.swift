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
        let stopped = Stopped()
        let lease = lease
        let forwarding = forwarding
        let thread = Thread {
            while !stopped.flag.load(ordering: .acquiring) {
                Self.round(lease, forwarding)
                // In short naps, so a stop does not wait a whole renewal.
                let until = ContinuousClock.now + WriteLease.renewal
                while ContinuousClock.now < until, !stopped.flag.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.05) }
            }
            lease.release()
            lease.close()
            stopped.done.store(true, ordering: .releasing)
        }
        thread.name = "kanban-write-lease"
        thread.start()
        try? await gracefulShutdown()
        forwarding.lead(to: nil)
        stopped.flag.store(true, ordering: .releasing)
        while !stopped.done.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// The thread's stop and its end.
    private final class Stopped: Sendable {
        let flag = Atomic<Bool>(false)
        let done = Atomic<Bool>(false)
    }
}

import Dispatch
import Foundation
import Synchronization

/// The queue of commands waiting to be committed, and the one thread that commits them.
///
/// LMDB allows one write transaction at a time, which must stay on the thread that began it,
/// and a commit waits for fsync: so writes run on a dedicated thread, never on Swift's
/// cooperative pool. The thread takes whatever commands are queued (at most `maxBatchCount`),
/// hands them to their engine to decide and commit together, and repeats; it starts with the
/// first command and ends when the engine goes away. An engine on a shared log may wait for
/// other nodes' turns before its write begins: the commands queued meanwhile join the batch
/// once its turn comes (``takeQueued(_:while:)``), so a turn carries all of them.
final class CommandWriter: Sendable {
    private struct Queue {
        var pending: [PendingCommand] = []
        var closed = false
        var started = false
    }

    private let queue = Mutex(Queue())
    private let wakeup = DispatchSemaphore(value: 0)
    private let maxBatchCount: Int

    init(maxBatchCount: Int) {
        self.maxBatchCount = max(maxBatchCount, 1)
    }

    /// Queues `command`; the writer thread answers it after its batch commits.
    func submit(_ command: PendingCommand) {
        let start = queue.withLock { queue in
            queue.pending.append(command)
            defer { queue.started = true }
            return !queue.started
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "kanban.writer"
            thread.start()
        }
        wakeup.signal()
    }

    /// Lets the thread end once the queue is empty.
    func close() {
        queue.withLock { $0.closed = true }
        wakeup.signal()
    }

    /// Takes at most `limit` commands from the front of the queue, up to the first that `joins`
    /// refuses, for a batch already under way.
    private func takeQueued(_ limit: Int, while joins: (PendingCommand) -> Bool) -> [PendingCommand] {
        guard limit > 0 else { return [] }
        return queue.withLock { queue in
            let count = queue.pending.prefix(limit).prefix(while: joins).count
            defer { queue.pending.removeFirst(count) }
            return Array(queue.pending.prefix(count))
        }
    }

    private func run() {
        while true {
            wakeup.wait()
            let (batch, closed) = queue.withLock { queue in
                let count = min(queue.pending.count, maxBatchCount)
                let batch = Array(queue.pending.prefix(count))
                queue.pending.removeFirst(count)
                return (batch, queue.closed)
            }
            guard let engine = batch.first?.engine else {
                if closed { return }
                continue
            }
            let deferred = engine.commit(batch) { [self] limit, joins in takeQueued(limit, while: joins) }
            let more = queue.withLock { queue in
                queue.pending.insert(contentsOf: deferred, at: 0)
                return !queue.pending.isEmpty
            }
            if more { wakeup.signal() }
        }
    }
}

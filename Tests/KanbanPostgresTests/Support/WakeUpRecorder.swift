import Dispatch
import Kanban
import KanbanCore
import Synchronization

/// Consumes a store's ``Kanban/LogStore/wakeUps()`` in a task and hands its hints, with the
/// time each arrived, to a blocking thread (the PostgreSQL tests run on threads of their own).
final class WakeUpRecorder: Sendable {
    /// The hints that arrived and are not taken yet, and a count of them to wait on.
    private final class Inbox: Sendable {
        let hints = Mutex<[(boards: Set<BoardID>, at: ContinuousClock.Instant)]>([])
        let arrived = DispatchSemaphore(value: 0)
    }

    private let inbox = Inbox()
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<Set<BoardID>>) {
        let inbox = inbox
        task = Task {
            for await boards in stream {
                let now = ContinuousClock.now
                inbox.hints.withLock { $0.append((boards, now)) }
                inbox.arrived.signal()
            }
        }
    }

    /// The next hint and when it arrived, waiting up to `seconds`; `nil` when none came.
    func next(within seconds: Double = 5) -> (boards: Set<BoardID>, at: ContinuousClock.Instant)? {
        guard inbox.arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return inbox.hints.withLock { $0.removeFirst() }
    }

    /// Cancels the consuming task: the stream's consumer goes away.
    func stop() {
        task.cancel()
    }
}

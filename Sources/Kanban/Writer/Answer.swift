import Dispatch
import KanbanCore
import Synchronization

/// Where the writer thread leaves a blocking caller's result, and the caller waits for it.
final class Answer: Sendable {
    private let result = Mutex<Result<CommandOutcome, any Error>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Leaves the result and wakes the caller.
    func give(_ result: Result<CommandOutcome, any Error>) {
        self.result.withLock { $0 = result }
        ready.signal()
    }

    /// Blocks until the result is given, then returns or throws it.
    func wait() throws -> CommandOutcome {
        ready.wait()
        return try result.withLock { $0! }.get()
    }
}

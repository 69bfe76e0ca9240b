import Dispatch
import Synchronization

/// Lets the main thread wait for a task's end (the server runs on Swift's concurrency pool;
/// the command line's `run` is synchronous).
final class BlockingOutcome: Sendable {
    private let error = Mutex<(any Error)?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ error: (any Error)?) {
        self.error.withLock { $0 = error }
        done.signal()
    }

    func wait() -> (any Error)? {
        done.wait()
        return error.withLock { $0 }
    }
}

import Synchronization

/// Wakes one waiting task: a ring before the wait is kept, so none is missed.
final class Doorbell: Sendable {
    private struct State {
        /// A ring came while nobody waited: the next wait returns at once.
        var rung = false
        /// The task waiting, and which wait it is.
        var waiter: (wait: UInt64, continuation: CheckedContinuation<Void, Never>)?
        /// The number of the latest wait.
        var waits: UInt64 = 0
        /// A wait its timeout or cancellation ended before it had begun waiting.
        var endedEarly: UInt64?
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or the next one to wait.
    func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Ends wait number `wait` (its timeout or its task's cancellation), and no other: unlike a
    /// ring, nothing is kept for the next wait, which would otherwise return at once.
    private func end(_ wait: UInt64) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter, waiter.wait == wait else {
                if state.waits == wait { state.endedEarly = wait }
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns at the next ring (at once when one came since the last wait), after `timeout`,
    /// or when the task is cancelled.
    func wait(timeout: Duration) async {
        let wait = state.withLock { state in
            state.waits += 1
            return state.waits
        }
        let timer = Task { [self] in
            // Cancelled: the wait is over already, and must not end the next one.
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            end(wait)
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.rung || state.endedEarly == wait {
                        state.rung = false
                        state.endedEarly = nil
                        return true
                    }
                    state.waiter = (wait, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            end(wait)
        }
    }
}

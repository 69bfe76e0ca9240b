import Synchronization

/// Catch-ups reading the log take turns: at most ``limit`` read and encode a page at once, the
/// others wait (first come, first served), so 500 streams catching up hold at most ``limit``
/// pages being read, not 500, and leave the server's threads to health checks and writes.
final class CatchUpTurns: Sendable {
    /// The most reads at once.
    let limit: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Where the first waiter is in `waiting` (the ones before it have had their turn).
        var next = 0
    }

    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Runs `read` in its turn.
    func take<Result>(_ read: () throws -> Result) async rethrows -> Result {
        await start()
        defer { finish() }
        return try read()
    }

    /// Waits for a turn and takes it; ``finish()`` gives it back.
    func start() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                guard state.running >= limit else {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the turn to the first waiter, if any.
    func finish() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.next < state.waiting.count else {
                state.running -= 1
                state.waiting = []
                state.next = 0
                return nil
            }
            defer {
                state.next += 1
                if state.next > 64 && state.next * 2 > state.waiting.count {
                    state.waiting.removeFirst(state.next)
                    state.next = 0
                }
            }
            return state.waiting[state.next]
        }
        next?.resume()
    }
}

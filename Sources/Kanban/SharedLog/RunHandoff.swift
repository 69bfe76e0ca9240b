import Dispatch
import Synchronization

/// Hands the runs a reader thread reads from a shared log to the thread that writes them to
/// the cache, one at a time: the reader reads the next run while the writer writes this one.
final class RunHandoff: Sendable {
    /// What the reader handed over and the writer has not taken: a run, the end (`nil`), or a failure.
    private let slot = Mutex<Result<CopiedRun?, any Error>?>(nil)
    /// Whether the writer stopped taking: the reader stops.
    private let closed = Atomic<Bool>(false)
    private let filled = DispatchSemaphore(value: 0)
    private let emptied = DispatchSemaphore(value: 1)

    /// Hands `outcome` over once the slot is free; returns `false` when the writer stopped.
    func put(_ outcome: Result<CopiedRun?, any Error>) -> Bool {
        emptied.wait()
        guard !closed.load(ordering: .acquiring) else {
            emptied.signal()
            return false
        }
        slot.withLock { $0 = outcome }
        filled.signal()
        return true
    }

    /// The next run the reader handed over (`nil` at the end), or its failure.
    func take() throws -> CopiedRun? {
        filled.wait()
        let outcome = slot.withLock { slot in
            defer { slot = nil }
            return slot
        }
        emptied.signal()
        return try outcome?.get()
    }

    /// Stops the reader: its next ``put(_:)`` returns `false`.
    func close() {
        closed.store(true, ordering: .releasing)
        emptied.signal()
    }
}

import Foundation
import KanbanLog

extension KanbanEngine {
    /// Brings the cache up to the shared log `store` in steps of `step` events, as repeated
    /// ``catchUp(from:limit:)`` would, but reading each step from the log on a thread of its
    /// own while the step before is written to the cache: the log's answers and the cache's
    /// writes (events, audit tree, history index) overlap, on a node that copies a large log
    /// when it starts. The first step and whatever is left at the end go through
    /// ``catchUp(from:limit:)``, which checks the cache's prefix and handles a log that parts
    /// from it (the first in at most ``firstCopyStep`` events, so the overlap starts soon); a
    /// run that does not start at the cache's end stops the overlap there. Returns
    /// how many events the overlapped steps copied.
    @discardableResult
    func catchUpInSteps(from store: any LogStore, step: Int) throws -> Int {
        let step = max(step, 1)
        // A small first step: it checks the cache's prefix, and nothing overlaps it.
        guard try catchUp(from: store, limit: min(step, Self.firstCopyStep)) > 0 else { return 0 }
        var overlapped = 0
        let handoff = RunHandoff()
        let start = try lastSequence()
        let reader = Thread {
            var after = start
            while true {
                let outcome = Result { () -> CopiedRun? in
                    var run = CopiedRun()
                    try store.read { reader in
                        // From the cache's end, its last event included: the writer compares it.
                        try reader.forEachStored(after: after - 1) { position, bytes in
                            run.append(position, bytes)
                            return run.count <= step
                        }
                        if run.count > 1 { run.backdated = try reader.backdatedRanges(after: after) }
                    }
                    return run.count > 1 ? run : nil
                }
                guard handoff.put(outcome), case .success(let run?) = outcome, let last = run.lastPosition else { return }
                after = last
            }
        }
        reader.name = "kanban.copy"
        reader.start()
        defer { handoff.close() }
        do {
            while let run = try handoff.take() {
                let copied = try write(localOnly: true) { transaction -> Int in
                    let local = try log.lastSequence(in: transaction)
                    guard run.firstPosition == local else { throw SharedLogError.gap(expected: local, found: run.firstPosition ?? 0) }
                    let copied = try copyEntries(after: local, in: transaction) { body in try run.forEach(body) }
                    try copyBackdated(run.backdated, after: local, through: local + UInt64(copied), in: transaction)
                    return copied
                }
                if copied > 0 { commits.signal() }
                overlapped += copied
            }
        } catch {
            // Whatever it was (a log that parts from the cache, a failed read), the sequential
            // catch-up below meets it again and handles it as it always does, or throws.
        }
        while try catchUp(from: store, limit: step) > 0 {}
        return overlapped
    }

    /// The most events the first step of ``catchUpInSteps(from:step:)`` copies.
    static let firstCopyStep = 1_000
}

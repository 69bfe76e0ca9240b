import KanbanCore
import LMDBStorage

extension KanbanEngine {
    @discardableResult
    func generate(events total: Int, seed: UInt64 = 1, boards: Int = 1, batchSize: Int = 10_000) throws -> ReplayReport {
        let start = ContinuousClock.now
        var appended = 0
        var generator: WorkloadGenerator?
        while appended < total {
            // A write may run twice (when the map grows): start each run from the same point.
            let before = generator
            let batchEnd = min(total, appended + max(batchSize, 1))
            // The history index grows in each batch's own transaction, so a killed generate
            // leaves no index lag behind. Its card keys lead with the epoch, so a batch's
            // entries land in the newest epoch's pages: indexing inline measured as fast as
            // building the index afterwards (1,000,000 events, 58-66 k events/s either way).
            let (after, count) = try appendBatch { batch in
                var current = before ?? WorkloadGenerator(
                    seed: seed, events: total, boards: boards, continuing: batch.state, after: batch.lastTimestamp
                )
                var count = appended
                batch.buildOrderIndex()
                while count < batchEnd {
                    // The state is lent, not copied, to the generator and the decider.
                    let (step, actor) = batch.withStateLent { current.next(in: $0) }
                    let decided = try batch.withStateLent { state in
                        try decide(step, actor: actor, generator: &current, on: state, in: batch)
                    }
                    let recorded = try batch.append(decided, actor: actor, at: current.timestamp, ids: &current.ids)
                    for event in recorded { current.observe(event) }
                    count += recorded.count
                }
                return (current, count)
            }
            generator = after
            appended = count
        }
        snapshotAfterBulk()
        let elapsed = ContinuousClock.now - start
        return ReplayReport(events: appended, seconds: elapsed.seconds)
    }
}

extension KanbanEngine {
    /// The events of one workload step; an undo or redo that cannot be taken becomes an edit.
    private func decide(
        _ step: WorkloadStep,
        actor: String,
        generator: inout WorkloadGenerator,
        on state: borrowing KanbanState,
        in batch: BatchAppend
    ) throws -> [BoardEvent] {
        switch step {
        case .command(let command):
            return try batch.decide(command, actor: actor, onLent: state, ids: &generator.ids)
        case .undo, .redo:
            do {
                let events = try batch.decide(step == .undo ? .undo() : .redo(), actor: actor, onLent: state, ids: &generator.ids)
                guard !events.isEmpty else { throw KanbanError.nothingToUndo(actor: actor) }
                return events
            } catch is KanbanError {
                guard let edit = generator.fallback(in: state) else { return [] }
                return try Decider.decide(edit, in: state, ids: &generator.ids)
            }
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Appends the standard workload (described in `Benchmarks/README.md`): `events` events from `seed`, spread
    /// over `boards` boards, `batchSize` events to a write transaction. Returns the events
    /// appended (a command's last batch may run a few past `events` when it decides several).
    @discardableResult
    public func generate(events total: Int, seed: UInt64 = 1, boards: Int = 1, batchSize: Int = 10_000) throws -> ReplayReport {
        let start = ContinuousClock.now
        var appended = 0
        try writeSide.withLock { core in
            var generator: WorkloadGenerator?
            while appended < total {
                // A write may run twice (when the map grows): start each run from the same point.
                let before = generator
                let batchEnd = min(total, appended + max(batchSize, 1))
                // The history index grows in each batch's own transaction, so a killed generate
                // leaves no index lag behind. Its card keys lead with the epoch, so a batch's
                // entries land in the newest epoch's pages: indexing inline measured as fast as
                // building the index afterwards (1,000,000 events, 58-66 k events/s either way).
                let (after, count) = try writeAndApply(&core) { core, transaction in
                    var current = before ?? WorkloadGenerator(
                        seed: seed, events: total, boards: boards, continuing: core.state, after: core.lastTimestamp
                    )
                    var count = appended
                    core.state.buildOrderIndex()
                    while count < batchEnd {
                        let (step, actor) = current.next(in: core.state)
                        let decided = try decide(step, actor: actor, generator: &current, state: core.state, in: transaction)
                        let recorded = try append(decided, actor: actor, at: current.timestamp, ids: &current.ids, to: &core, in: transaction)
                        for event in recorded { current.observe(event) }
                        count += recorded.count
                    }
                    return (current, count)
                }
                generator = after
                appended = count
            }
        }
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
        state: KanbanState,
        in transaction: WriteTransaction
    ) throws -> [BoardEvent] {
        switch step {
        case .command(let command):
            return try decide(command, actor: actor, state: state, ids: &generator.ids, in: transaction).events
        case .undo, .redo:
            do {
                let events = try decide(step == .undo ? .undo() : .redo(), actor: actor, state: state, ids: &generator.ids, in: transaction).events
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

import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Appends `total` events of the standard workload (``KanbanCore/WorkloadGenerator``) in
    /// write transactions of `batchSize` events. On a log of this machine's own, the commands
    /// are decided on a second thread (``WorkloadDecider``) while this one appends and commits
    /// what was decided; the log is the same, byte for byte, as deciding on one thread makes
    /// (``EngineOptions/twoThreadGenerate`` off).
    @discardableResult
    func generate(events total: Int, seed: UInt64 = 1, boards: Int = 1, batchSize: Int = 10_000) throws -> ReplayReport {
        let start = ContinuousClock.now
        var appended = 0
        if options.sharedLog == nil, options.twoThreadGenerate, let done = try generateOnTwoThreads(events: total, seed: seed, boards: boards, batchSize: batchSize) {
            appended = done
        }
        // A shared log, no second thread, or another process appending meanwhile: one thread.
        if appended < total {
            appended += try generateOnOneThread(events: total - appended, seed: seed, boards: boards, batchSize: batchSize)
        }
        snapshotAfterBulk()
        let elapsed = ContinuousClock.now - start
        return ReplayReport(events: appended, seconds: elapsed.seconds)
    }

    /// The events appended with a decider thread, or `nil` when none could be started; fewer
    /// than `total` when another process appended to the log meanwhile (what was decided
    /// after that is dropped).
    ///
    /// The engine's state is not folded here event by event: at each batch's end it stays the
    /// exact state of an earlier sequence number (the log's tail after it is what a catch-up
    /// would apply), and where a snapshot is due and at the end it becomes the decider's.
    private func generateOnTwoThreads(events total: Int, seed: UInt64, boards: Int, batchSize: Int) throws -> Int? {
        // Made where missing, as ``appendBatch(_:)`` makes it: a write transaction cannot.
        _ = try store.backdatedRanges()
        return try writeSide.withLock { core -> Int? in
            try read { transaction in try catchUp(&core, in: transaction) }
            let generator = WorkloadGenerator(seed: seed, events: total, boards: boards, continuing: core.state, after: core.lastTimestamp)
            // Room for two batches (at most 65,536 events), so the decider goes on while a batch
            // commits; a larger batch is gathered here as the decider goes.
            let decider = WorkloadDecider(
                engine: self, generator: generator, state: core.state, lastTimestamp: core.lastTimestamp, total: total,
                batchSize: batchSize, newestSnapshot: core.newestSnapshot, capacity: min(2 * max(batchSize, 1), 65_536)
            )
            guard let thread = decider.start() else { return nil }
            defer { decider.stop(thread) }
            var appended = 0
            var lastSequence = core.state.lastSequence
            while appended < total {
                // Taken once: a write that runs again (the map grew) appends the same steps.
                var batch: [DecidedChunk]?
                do {
                    try write { transaction in
                        let chunks = try batch ?? decider.steps.takeBatch()
                        batch = chunks
                        guard let end = chunks.last?.end else { return }
                        // Decided on the log as it was: another process appended since.
                        guard try log.lastSequence(in: transaction) == lastSequence else { throw GenerationInterleaved() }
                        for chunk in chunks {
                            for event in chunk.events { try log.append(event, in: transaction) }
                        }
                        let last = try OutlineStore.lastEvent(of: log, in: transaction)
                        if last.sequence == end.lastSequence {
                            try outlines.save(encoded: end.outline, lastEvent: last.digest, in: transaction)
                        }
                    }
                } catch is GenerationInterleaved {
                    return appended
                }
                // The decider stopped short of closing a batch: nothing of it was appended.
                guard let chunks = batch, let end = chunks.last?.end else { break }
                appended += chunks.reduce(0) { $0 + $1.events.count }
                lastSequence = end.lastSequence
                decider.committed.store(lastSequence, ordering: .releasing)
                if let state = end.state {
                    core.state = state
                    core.lastTimestamp = end.lastTimestamp
                    scheduleSnapshotIfDue(&core, bulk: true)
                }
            }
            return appended
        }
    }

    /// Appends `total` events, deciding each step on this thread in the batch's transaction.
    private func generateOnOneThread(events total: Int, seed: UInt64, boards: Int, batchSize: Int) throws -> Int {
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
                        try decide(step, actor: actor, generator: &current, on: state, reading: TransactionUndoSource(log: log, transaction: batch.transaction))
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
        return appended
    }
}

extension KanbanEngine {
    /// The events of one workload step, decided on `state` with the log read from `source`:
    /// an undo or redo that cannot be taken becomes an edit. The decider thread and the
    /// one-thread path both decide so.
    func decide(
        _ step: WorkloadStep,
        actor: String,
        generator: inout WorkloadGenerator,
        on state: borrowing KanbanState,
        reading source: some UndoSource
    ) throws -> [BoardEvent] {
        switch step {
        case .command(let command):
            return try decide(command, actor: actor, state: state, ids: &generator.ids, reading: source).events
        case .undo, .redo:
            do {
                let command: Command = step == .undo ? .undo() : .redo()
                let events = try decide(command, actor: actor, state: state, ids: &generator.ids, reading: source).events
                guard !events.isEmpty else { throw KanbanError.nothingToUndo(actor: actor) }
                return events
            } catch is KanbanError {
                guard let edit = generator.fallback(in: state) else { return [] }
                return try Decider.decide(edit, in: state, ids: &generator.ids)
            }
        }
    }
}

/// A step decided on the log as it was before another process appended to it.
private struct GenerationInterleaved: Error {}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Decides and commits `batch` in one write transaction (one fsync), on the writer thread,
    /// and answers each command: its own events, or its own rejection. Commands are decided one
    /// after another, each on the state the ones before it left; a rejected one changes nothing.
    /// A storage failure fails the whole batch (nothing of it is appended). Commands not reached
    /// within ``EngineOptions/maxBatchDuration`` are returned, to go first in the next batch.
    ///
    /// On a shared log, the write may first wait for other nodes' turns: once its turn comes,
    /// `late` is asked for at most as many more commands as the batch has room for, taken while
    /// the closure it is given accepts them, and they join the batch.
    func commit(
        _ batch: [PendingCommand],
        joining late: @escaping (_ limit: Int, _ joins: (PendingCommand) -> Bool) -> [PendingCommand] = { _, _ in [] }
    ) -> [PendingCommand] {
        let span = CommitSpan(of: batch)
        var batch = batch
        let (outcomes, answers) = if options.sharedLog == nil, let events = addFromOutline(batch) {
            ([Result<CommandOutcome, any Error>?.some(.success(CommandOutcome(events: events)))], [RememberedAnswer?.none])
        } else {
            decideAndAppend(&batch, joining: late)
        }
        span?.end(outcomes: outcomes)
        // Counted before anyone is answered: a caller that reads the statistics after its
        // answer sees the commit that carried it.
        let decided = outcomes.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        writes.withLock { statistics in
            statistics.commits += 1
            statistics.commands += decided
            statistics.largestBatch = max(statistics.largestBatch, decided)
        }
        var deferred: [PendingCommand] = []
        for (index, pending) in batch.enumerated() {
            guard let outcome = outcomes[index] else {
                deferred.append(pending)
                continue
            }
            switch pending.delivery {
            case .outcome(let reply):
                reply(outcome)
            case .remembered(let memo):
                // No answer kept: the batch failed, and the outcome is its failure.
                memo.reply(answers[index].map { .success($0) } ?? outcome.map { _ in RememberedAnswer(bytes: [], isReplay: false) })
            case .synced(let ticket):
                ticket.reply(MutationResult.of(outcome, client: ticket.client))
            }
        }
        commits.signal()
        return deferred
    }

    /// Decides and appends `batch` on the state, in one write transaction: each command's
    /// outcome and remembered answer, `nil` for the commands not reached in time. On a shared
    /// log, the commands `late` gives once the write's turn comes join `batch` (see
    /// ``commit(_:joining:)``); restores do not, nor does anything queued after one.
    private func decideAndAppend(
        _ batch: inout [PendingCommand],
        joining late: @escaping (_ limit: Int, _ joins: (PendingCommand) -> Bool) -> [PendingCommand]
    ) -> ([Result<CommandOutcome, any Error>?], [RememberedAnswer?]) {
        var outcomes: [Result<CommandOutcome, any Error>?] = []
        var answers: [RememberedAnswer?] = []
        // The commands of the write: `batch` and those that join it.
        var commands = batch
        defer { batch = commands }
        do {
            // A restore to a moment reads the imported histories' ranges: open them before the write.
            let restores = batch.contains { if case .restore? = $0.command { true } else { false } }
            let backdated = restores ? try self.store.existingBackdatedRanges() : .none
            let exchange = options.sharedLog.map { _ in SharedWrite(memos: batch.compactMap(\.memo), tickets: batch.compactMap(\.ticket)) }
            let room = options.maxBatchCount
            exchange?.join = { [unowned self] in
                let joined = late(room - commands.count) { pending in
                    if case .restore? = pending.command { return false }
                    return pending.engine === self
                }
                commands.append(contentsOf: joined)
                return joined
            }
            try writeAsking(exchange) {
                try writeSide.withLock { core in
                    try writeAndApply(&core, sharing: exchange) { core, transaction in
                        // A write runs again from the start when the map grows: start afresh too.
                        outcomes = Array(repeating: nil, count: commands.count)
                        answers = Array(repeating: nil, count: commands.count)
                        let deadline = ContinuousClock.now + options.maxBatchDuration
                        for (index, pending) in commands.enumerated() {
                            if index > 0 && ContinuousClock.now > deadline { break }
                            if let memo = pending.memo, let bytes = try rememberedAnswer(memo, in: transaction) {
                                answers[index] = RememberedAnswer(bytes: bytes, isReplay: true)
                                outcomes[index] = .success(CommandOutcome(events: []))
                                continue
                            }
                            if let ticket = pending.ticket, let skip = try ticket.skip(in: transaction) {
                                outcomes[index] = .failure(skip)
                                continue
                            }
                            let outcome: Result<CommandOutcome, any Error>
                            do {
                                var ids = SystemRandomNumberGenerator()
                                core.state.buildOrderIndex()
                                let decision = if let ticket = pending.ticket {
                                    try decide(ticket.mutation, actor: pending.actor, state: core.state, ids: &ids, in: transaction)
                                } else if let command = pending.command {
                                    try decide(command, actor: pending.actor, state: core.state, ids: &ids, backdated: backdated, in: transaction)
                                } else {
                                    Decision(events: [])
                                }
                                let events = try append(
                                    decision.events, actor: pending.actor, at: pending.time ?? clock(), ids: &ids, to: &core, in: transaction
                                )
                                outcome = .success(CommandOutcome(events: events, dropped: decision.dropped))
                            } catch let rejection as KanbanError {
                                outcome = .failure(rejection)
                            }
                            outcomes[index] = outcome
                            if let ticket = pending.ticket {
                                let refusal = try ticket.record(outcome, in: transaction)
                                exchange?.mutations.append((ticket.client, ticket.mutation.id, refusal, ticket.digest, ticket.actor))
                            }
                            if let memo = pending.memo {
                                let answer = try remember(outcome, under: memo, in: transaction)
                                answers[index] = answer
                                exchange?.answers.append((memo.actor, memo.clientKey, answer.bytes))
                            }
                        }
                        try purgeExpiredAnswers(of: commands, in: transaction)
                    }
                }
            }
        } catch {
            // Nothing of the batch was committed: every command in it gets the failure.
            outcomes = Array(repeating: .failure(error), count: commands.count)
            answers = Array(repeating: nil, count: commands.count)
        }
        return (outcomes, answers)
    }

    /// Runs `write`, a write of the batch that `exchange` goes with; when the shared log says
    /// one of its keys was answered already (another node answered a client's retry, or an
    /// expired answer is kept there), runs it again, asking for the keys' answers first
    /// (``SharedWrite/asksForAnswers``). The first run kept nothing on either side.
    ///
    /// For ``askingSpell`` after such a run, writes ask first from the start: clients that
    /// retry on another node than the one that answered (or send reused keys on purpose) then
    /// cost a round trip a write, as they did before writes stopped asking, not a second run
    /// of whole batches.
    private func writeAsking(_ exchange: SharedWrite?, _ write: () throws -> Void) throws {
        if let exchange, let last = lastRerunForAnswers.withLock({ $0 }), ContinuousClock.now < last + Self.askingSpell {
            exchange.asksForAnswers = true
        }
        do {
            try write()
        } catch let conflict as LogConflict where conflict.answered != nil && exchange?.asksForAnswers == false {
            exchange?.asksForAnswers = true
            writes.withLock { $0.rerunsForAnswers += 1 }
            lastRerunForAnswers.withLock { $0 = .now }
            try write()
        }
    }

    /// How long after a write ran again for a key answered elsewhere the writes of a shared
    /// log ask for their keys' answers before deciding.
    static let askingSpell = Duration.seconds(10)

    /// The one place a command is decided: card and board commands by ``Decider`` on the state
    /// alone; undo, redo and restore after reading what they need from the log in `transaction`.
    ///
    /// An undo (or redo) that finds nothing it can take throws ``KanbanCore/KanbanError/nothingToUndo(actor:)``
    /// unless it had entries to drop; then it decides no event and reports the drops.
    /// `state` must have its order index built; new ids come from `ids`.
    ///
    /// Who may do it is checked here too (``KanbanCore/AccessRule``), for every way a command
    /// comes in: a board the actor may not read is refused before anything else is looked at,
    /// and each decided event needs the actor's role on its board.
    func decide(
        _ command: Command,
        actor: String,
        state: KanbanState,
        ids: inout some RandomNumberGenerator,
        backdated: BackdatedRanges = .none,
        in transaction: WriteTransaction
    ) throws -> Decision {
        try checkingAccess(command, actor: actor, state: state) {
            try decideUnchecked(command, actor: actor, state: state, ids: &ids, backdated: backdated, in: transaction)
        }
    }

    /// A card or board command, an undo or a redo, decided as ``decide(_:actor:state:ids:backdated:in:)``
    /// decides it, the log read from `source`: for the workload's decider thread, which has no
    /// write transaction. Other commands need one.
    func decide(
        _ command: Command,
        actor: String,
        state: KanbanState,
        ids: inout some RandomNumberGenerator,
        reading source: some UndoSource
    ) throws -> Decision {
        try checkingAccess(command, actor: actor, state: state) {
            switch command {
            case .undo(let force): try decideUndoCommand(actor: actor, force: force, state: state, reading: source)
            case .redo(let force): try decideRedoCommand(actor: actor, force: force, state: state, reading: source)
            case .editCardIfUnchanged, .reviveCard, .restore: throw KanbanError.needsHistory("\(command)")
            default: Decision(events: try Decider.decide(command, actor: actor, in: state, ids: &ids))
            }
        }
    }

    /// `deciding`'s decision of `command`, if `actor` may do it: a board the actor may not read
    /// is refused before anything else is looked at, and each decided event needs the actor's
    /// role on its board.
    private func checkingAccess(_ command: Command, actor: String, state: KanbanState, _ deciding: () throws -> Decision) throws -> Decision {
        let principal = principal(actor)
        try AccessRule.checkBeforeDeciding(command, by: principal, in: state)
        let decision = try deciding()
        try AccessRule.check(decision.events, by: principal, in: state)
        return decision
    }

    /// An undo command's decision: its event, or the entries it drops; when there is neither,
    /// ``KanbanCore/KanbanError/nothingToUndo(actor:)``.
    private func decideUndoCommand(actor: String, force: Bool, state: KanbanState, reading source: some UndoSource) throws -> Decision {
        let decision = try decideUndo(actor: actor, force: force, state: state, reading: source)
        if decision.event == nil && decision.dropped.isEmpty { throw KanbanError.nothingToUndo(actor: actor) }
        return Decision(events: decision.event.map { [$0] } ?? [], dropped: decision.dropped)
    }

    /// A redo command's decision, as ``decideUndoCommand(actor:force:state:reading:)`` (and
    /// ``KanbanCore/KanbanError/nothingToRedo(actor:)``).
    private func decideRedoCommand(actor: String, force: Bool, state: KanbanState, reading source: some UndoSource) throws -> Decision {
        let decision = try decideRedo(actor: actor, force: force, state: state, reading: source)
        if decision.event == nil && decision.dropped.isEmpty { throw KanbanError.nothingToRedo(actor: actor) }
        return Decision(events: decision.event.map { [$0] } ?? [], dropped: decision.dropped)
    }

    /// ``decide(_:actor:state:ids:backdated:in:)`` before the access rule.
    private func decideUnchecked(
        _ command: Command,
        actor: String,
        state: KanbanState,
        ids: inout some RandomNumberGenerator,
        backdated: BackdatedRanges,
        in transaction: WriteTransaction
    ) throws -> Decision {
        let source = TransactionUndoSource(log: log, transaction: transaction)
        switch command {
        case .undo(let force):
            return try decideUndoCommand(actor: actor, force: force, state: state, reading: source)
        case .redo(let force):
            return try decideRedoCommand(actor: actor, force: force, state: state, reading: source)
        case .editCardIfUnchanged(let board, let card, let title, let description, let due, let since):
            let events = try Decider.decide(.editCard(board: board, card: card, title: title, description: description, due: due), in: state, ids: &ids)
            try checkUnchanged(events, since: since, actor: actor, in: transaction)
            return Decision(events: events)
        case .reviveCard(let board, let card, let column, let index):
            return Decision(events: [try decideRevive(board: board, card: card, column: column, index: index, state: state, in: transaction)])
        case .restore(let board, let point):
            // A moment counts the board's events by when they happened; the restore names the
            // time its target event happened.
            let sequence = try sequence(of: point, board: state.board(named: board)?.id, backdated: backdated, in: transaction)
            let (past, appended) = try self.state(atSequence: sequence, in: transaction)
            let timestamp = try validTime(ofEvent: sequence, fallback: appended, in: transaction)
            let decided = try Decider.restore(board: board, to: past, sequence: sequence, timestamp: timestamp, in: state)
            return Decision(events: decided.map { [$0] } ?? [])
        default:
            return Decision(events: try Decider.decide(command, actor: actor, in: state, ids: &ids))
        }
    }

    /// The answer remembered under `memo`'s key within the lifetime of answers, or `nil`.
    private func rememberedAnswer(_ memo: Memo, in transaction: WriteTransaction) throws -> [UInt8]? {
        try memo.store.answer(for: memo.key, notBefore: oldestAnswerKept(now: clock()), in: transaction)
    }

    /// The time of the oldest answer still valid at `now`.
    func oldestAnswerKept(now: Timestamp) -> Timestamp {
        let lifetime = options.idempotencyLifetime.components
        let milliseconds = lifetime.seconds.multipliedReportingOverflow(by: 1000).partialValue + lifetime.attoseconds / 1_000_000_000_000_000
        return Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch.subtractingReportingOverflow(milliseconds).partialValue)
    }

    /// Makes and keeps the answer to `outcome` under `memo`'s key.
    private func remember(_ outcome: Result<CommandOutcome, any Error>, under memo: Memo, in transaction: WriteTransaction) throws -> RememberedAnswer {
        let bytes = memo.render(outcome)
        try memo.store.remember(bytes, for: memo.key, at: clock(), in: transaction)
        return RememberedAnswer(bytes: bytes, isReplay: false)
    }

    /// Deletes expired answers in a batch that remembered some: one bounded slice of a purge
    /// that goes round the store, examining four times as many answers as the batch remembered
    /// (at least ``IdempotencyStore/purgeSlice``), so the store never outgrows the answers of
    /// the last lifetime however fast keyed writes come, and no commit pays for a whole sweep.
    private func purgeExpiredAnswers(of batch: [PendingCommand], in transaction: WriteTransaction) throws {
        let remembered = batch.lazy.filter { $0.memo != nil }.count
        guard remembered > 0, let store = batch.lazy.compactMap(\.memo).first?.store else { return }
        let start = answerPurgePosition.withLock { $0 }
        let slice = try store.purgeSlice(
            from: start, count: max(IdempotencyStore.purgeSlice, remembered * 4), before: oldestAnswerKept(now: clock()), in: transaction
        )
        // Kept even if the transaction fails: the position is only where to look next.
        answerPurgePosition.withLock { $0 = slice.next }
    }

    /// Runs `body` on `core` inside a write transaction, after catching up with the log.
    /// ``append(_:actor:at:happenedAt:ids:to:in:)`` marks `core` dirty while it holds events that are not
    /// committed yet; the mark is cleared once the transaction commits, so a failed write
    /// leaves a state that the next catch-up rebuilds from the log. When `body` appended
    /// events, the board outline of the state it left is stored in the same transaction. `bulk`
    /// for an importer's batch (see ``scheduleSnapshotIfDue(_:bulk:)``).
    func writeAndApply<Result>(
        _ core: inout EngineCore,
        sharing exchange: SharedWrite? = nil,
        bulk: Bool = false,
        _ body: (inout EngineCore, WriteTransaction) throws -> Result
    ) throws -> Result {
        let result = try write(sharing: exchange) { transaction in
            try catchUp(&core, in: transaction)
            let start = core.state.lastSequence
            let result = try body(&core, transaction)
            let last = core.state.lastSequence != start ? try OutlineStore.lastEvent(of: log, in: transaction) : nil
            if let last, last.sequence == core.state.lastSequence {
                core.state.buildOrderIndex()
                let encoded = OutlineCodec.encode(of: core.state, lastTimestamp: core.lastTimestamp)
                try outlines.save(encoded: encoded, lastEvent: last.digest, in: transaction)
            }
            return result
        }
        core.isDirty = false
        scheduleSnapshotIfDue(&core, bulk: bulk)
        return result
    }

    /// Stamps, appends and applies `events` after the log's last one, with event ids from `ids`.
    /// Stamps never go backwards: `moment` earlier than the last event is stamped as that event.
    /// `happenedAt`, for a history imported after the fact, is when the events happened; it is
    /// kept no later than their stamp (nothing happened after it was recorded), and the caller
    /// records their range in ``BackdatedRanges`` in the same transaction.
    func append(
        _ events: [BoardEvent],
        actor: String,
        at moment: Timestamp,
        happenedAt: Timestamp? = nil,
        ids: inout some RandomNumberGenerator,
        to core: inout EngineCore,
        in transaction: WriteTransaction
    ) throws -> [RecordedEvent] {
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(events.count)
        let timestamp = max(moment, core.lastTimestamp)
        let happenedAt = happenedAt.map { min($0, timestamp) }
        for event in events {
            let next = RecordedEvent(
                sequence: core.state.lastSequence + 1,
                timestamp: timestamp,
                actor: event.actor ?? actor,
                id: EventID(.random(using: &ids)),
                board: event.board,
                payload: event.payload,
                happenedAt: happenedAt
            )
            try log.append(next, in: transaction)
            core.isDirty = true
            core.apply(next)
            recorded.append(next)
        }
        return recorded
    }
}

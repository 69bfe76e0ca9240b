import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Adds a card on the stored board outline, without building the state, when `batch` is
    /// one command that adds a card at a column's end and this engine has not built its state
    /// yet (a process whose first command is `kanban add`): the decision reads the boards and
    /// that column's end, not every live card. Returns the events appended, or `nil` to decide
    /// on the state instead — when the outline does not end with the log's last event, a snapshot is
    /// due, the command would be refused (the state's decision says why), or anything fails
    /// (nothing was appended then).
    func addFromOutline(_ batch: [PendingCommand]) -> [RecordedEvent]? {
        guard batch.count == 1, let pending = batch.first, case .outcome = pending.delivery,
              case .addCard(let board, let title, let description, let due, let column, nil, nil, nil) = pending.command
        else { return nil }
        let events = writeSide.withLock { core -> [RecordedEvent]? in
            // A built state decides as cheaply, and must see every event it is told of.
            guard core.newestSnapshot == nil, core.state.lastSequence == 0, !core.isDirty else { return nil }
            return try? write { transaction -> [RecordedEvent]? in
                let last = try OutlineStore.lastEvent(of: log, in: transaction)
                guard let stored = try outlines.load(in: transaction),
                      stored.outline.lastSequence == last.sequence, stored.lastEvent == last.digest,
                      case (let next, false) = last.sequence.addingReportingOverflow(1)
                else { return nil }
                var outline = stored.outline
                // Leave a due snapshot to the state's path, so that a run of adds still takes them.
                let interval = UInt64(max(options.snapshotInterval, 0))
                let newest = try snapshotStore.newestSequence(in: transaction) ?? 0
                if interval > 0, next >= newest.addingReportingOverflow(interval).partialValue || newest > next {
                    return nil
                }
                var ids = SystemRandomNumberGenerator()
                guard let decided = try? Decider.addCard(
                    board: board, title: title, description: description, due: due, column: column, in: outline, ids: &ids
                ) else { return nil }
                let event = RecordedEvent(
                    sequence: next,
                    timestamp: max(pending.time ?? clock(), outline.lastTimestamp),
                    actor: decided.actor ?? pending.actor,
                    id: EventID(.random(using: &ids)),
                    board: decided.board,
                    payload: decided.payload
                )
                try log.append(event, in: transaction)
                outline.recordAdded(event)
                try outlines.save(outline, lastEvent: try OutlineStore.lastEvent(of: log, in: transaction).digest, in: transaction)
                return [event]
            } ?? nil
        }
        if events != nil {
            writes.withLock { $0.addsFromOutline += 1 }
        }
        return events
    }
}

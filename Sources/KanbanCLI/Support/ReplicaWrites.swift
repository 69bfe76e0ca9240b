import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanReplica

/// On a replica (a database `kanban clone` made), the write commands queue their change for
/// the server instead of appending it: the replica's log stays a byte copy of the server's.
enum ReplicaWrites {
    /// When `engine`'s database is a replica, checks `command` against the replica's board as
    /// far as it can, queues it as `actor`'s and prints so; returns whether it did. An added
    /// card gets its id here, printed as `kanban add` prints it, so later commands can name it.
    static func queueIfReplica(_ command: Command, on engine: KanbanEngine, actor: String, json: Bool) throws -> Bool {
        guard let replica = try Replica.open(engine) else { return false }
        var command = command
        var newCard: CardID?
        var newDetail: DetailID?
        switch command {
        case .addCard:
            newCard = CardID(.random())
            try check(command, on: engine)
        case .editCard(let board, let card, let title, let description, let due):
            let (id, known) = try resolve(card, board: board, engine: engine, replica: replica)
            command = .editCard(board: board, card: id, title: title, description: description, due: due)
            if known { try check(command, on: engine) }
        case .moveCard(let board, let card, let column, let index, let before, let after):
            let (id, known) = try resolve(card, board: board, engine: engine, replica: replica)
            command = .moveCard(board: board, card: id, column: column, index: index, before: before, after: after)
            if before == nil, after == nil, let index {
                // The server decides the move on its board, which may hold cards this replica has
                // not seen yet: the neighbours keep "between these two" when the index would not.
                let (near, far) = try neighbours(of: id, at: index, column: column, board: board, engine: engine, replica: replica)
                command = .moveCard(board: board, card: id, column: column, index: index, before: near, after: far)
            }
            if known { try check(command, on: engine) }
        case .deleteCard(let board, let card):
            let (id, known) = try resolve(card, board: board, engine: engine, replica: replica)
            command = .deleteCard(board: board, card: id)
            if known { try check(command, on: engine) }
        default:
            if let detail = try DetailReferences(engine: engine, replica: replica).resolved(command, actor: actor) {
                (command, newDetail) = detail
            }
        }
        let pending = try replica.queue(command, actor: actor, newCard: newCard, newDetail: newDetail)
        let waiting = try replica.pendingCount()
        if let newCard {
            if json { try Output.printJSON(AddedCardOutput(card: newCard)) } else { Output.line(newCard.description) }
        } else if let newDetail, !json {
            Output.line(newDetail.description)
        } else if json {
            try Output.printJSON(pending)
            return true
        }
        let line = "Queued change \(pending.mutation.id) (\(pending.mutation.name)) for \(replica.origin); \(waiting) not yet synced (kanban sync)."
        if newCard != nil || newDetail != nil || json { Output.error("kanban: \(line)") } else { Output.line(line) }
        return true
    }

    /// Throws `ReplicaError.notQueueable(_:)` when `engine`'s database is a replica:
    /// for `what`, a command that appends to the log but cannot be queued (restore, generate, imports).
    static func refuseOnReplica(_ engine: KanbanEngine, _ what: String) throws {
        if try Replica.open(engine) != nil { throw ReplicaError.notQueueable(what) }
    }

    /// The line reads print under what they show on a replica with changes not yet synced.
    static func notSyncedLine(_ engine: KanbanEngine) throws -> String? {
        guard let replica = try Replica.open(engine) else { return nil }
        let count = try replica.pendingCount()
        guard count > 0 else { return nil }
        return "\(count) change\(count == 1 ? "" : "s") not yet synced (kanban sync)"
    }

    /// The cards a move of `card` to `index` of `column` lands between, on the replica's board
    /// with its queued changes: the one it goes just before and the one just after, `nil` where
    /// there is none (an index past the end keeps meaning "the end").
    static func neighbours(
        of card: String, at index: Int, column: String, board: String, engine: KanbanEngine, replica: Replica
    ) throws -> (before: String?, after: String?) {
        guard index >= 0, let view = try? replica.boardViewWithPending(named: board).view,
              let target = view.columns.first(where: { $0.name.lowercased() == column.lowercased() })
        else { return (nil, nil) }
        let others = target.cards.map { $0.card.id.description }.filter { $0 != card }
        guard index < others.count else { return (nil, nil) }
        return (others[index], index > 0 ? others[index - 1] : nil)
    }

    /// Refuses `command` as the board would now (an unknown column, an empty title, …).
    static func check(_ command: Command, on engine: KanbanEngine, actor: String = "") throws {
        try engine.withState { state in
            var ids = SystemRandomNumberGenerator()
            _ = try Decider.decide(command, actor: actor, in: state, ids: &ids)
        }
    }

    /// The full id of the card `reference` names on `board`: a card of the replica's board, or
    /// one added by a change still queued; and whether the replica's board has it.
    static func resolve(_ reference: String, board: String, engine: KanbanEngine, replica: Replica) throws -> (String, Bool) {
        let local = try engine.withState { state -> Card? in
            guard let found = state.board(named: board) else { return nil }
            do {
                return try state.card(matching: reference, on: found)
            } catch KanbanError.unknownCard {
                return nil
            }
        }
        if let local { return (local.id.description, true) }
        let prefix = reference.lowercased()
        let queued = Set(try replica.pending().compactMap { $0.mutation.newCard?.description }.filter { $0.hasPrefix(prefix) })
        guard !prefix.isEmpty, let only = queued.first else { throw KanbanError.unknownCard(reference) }
        guard queued.count == 1 else { throw KanbanError.ambiguousCard(reference, matches: queued.count) }
        return (only, false)
    }
}

import Foundation
import KanbanCore

extension Replica {
    /// Board `name` as it will be once the queued changes are applied: the replica's state
    /// (the origin's as last synced) with each queued change decided on it in order, as the
    /// origin would decide it (neighbours found, a new card under the id it was given), in
    /// memory only; the ids of the cards those changes touched. A change that cannot be
    /// decided here (an undo or redo, which needs the origin's log, or one the board as it is
    /// now refuses) is left out: the origin decides it on sync.
    public func boardViewWithPending(named name: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> (view: BoardView, touched: Set<CardID>) {
        let pending = try pending()
        return try engine.withState { synced in
            var state = synced
            // Built once: applying an event keeps it up to date.
            state.buildOrderIndex()
            var touched = Set<CardID>()
            for queued in pending {
                guard let mutation = try? queued.mutation.args.mutation(id: queued.mutation.id, name: queued.mutation.name, since: nil),
                      let events = Self.decided(mutation, in: state)
                else { continue }
                for event in events {
                    state.apply(event.payload, board: event.board)
                    if let card = event.payload.card { touched.insert(card) }
                }
            }
            if DefaultBoard.isPending(name, in: state) { return (DefaultBoard.placeholderView, touched) }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return (state.view(of: board, now: now, today: now.day(in: timeZone)), touched)
        }
    }

    /// The events `mutation` decides on `state` (its order index built), or `nil` when it
    /// cannot be decided here.
    private static func decided(_ mutation: Mutation, in state: KanbanState) -> [BoardEvent]? {
        guard let command = try? mutation.placedCommand(in: state) else { return nil }
        switch command {
        case .undo, .redo, .restore, .reviveCard: return nil
        default: break
        }
        var ids = SystemRandomNumberGenerator()
        guard let events = try? Decider.decide(command, in: state, ids: &ids) else { return nil }
        return mutation.givingNewCard(events)
    }
}

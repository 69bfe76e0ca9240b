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
        try withPending { state, touched in
            if DefaultBoard.isPending(name, in: state) { return (DefaultBoard.placeholderView, touched) }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return (state.view(of: board, now: now, today: now.day(in: timeZone)), touched)
        }
    }

    /// Card `reference` of board `boardName` with everything it carries once the queued changes
    /// are applied (as ``boardViewWithPending(named:now:timeZone:)`` applies them).
    public func cardDetailWithPending(board boardName: String, card reference: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> CardDetailView {
        try withPending { state, _ in try state.cardDetailView(board: boardName, card: reference, now: now, timeZone: timeZone) }
    }

    /// `body` on the replica's state with each queued change decided on it in order, and the
    /// ids of the cards those changes touched.
    private func withPending<Result>(_ body: (KanbanState, Set<CardID>) throws -> Result) throws -> Result {
        let pending = try pending()
        return try engine.withState { synced in
            var state = synced
            // Built once: applying an event keeps it up to date.
            state.buildOrderIndex()
            var touched = Set<CardID>()
            for queued in pending {
                guard let mutation = try? queued.mutation.args.mutation(id: queued.mutation.id, name: queued.mutation.name, since: nil),
                      let events = Self.decided(mutation, actor: queued.actor, in: state)
                else { continue }
                for event in events {
                    state.apply(event.payload, board: event.board)
                    if let card = event.payload.card { touched.insert(card) }
                }
            }
            return try body(state, touched)
        }
    }

    /// The events `mutation`, made by `actor`, decides on `state` (its order index built), or
    /// `nil` when it cannot be decided here.
    private static func decided(_ mutation: Mutation, actor: String, in state: KanbanState) -> [BoardEvent]? {
        guard let command = try? mutation.placedCommand(in: state) else { return nil }
        switch command {
        case .undo, .redo, .restore, .reviveCard: return nil
        default: break
        }
        var ids = SystemRandomNumberGenerator()
        guard let events = try? Decider.decide(command, actor: actor, in: state, ids: &ids) else { return nil }
        return mutation.givingNewDetail(mutation.givingNewCard(events))
    }
}

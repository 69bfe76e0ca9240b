import Foundation
import Kanban
import KanbanCore
import LMDBStorage

extension Replica {
    /// Board `name` as it will be once the queued changes are applied: the replica's state
    /// (the origin's as last synced) with each queued change decided on it in order, as the
    /// origin would decide it (neighbours found, a new card under the id it was given), in
    /// memory only; the ids of the cards those changes touched. A change that cannot be
    /// decided here (an undo or redo, which needs the origin's log, or one the board as it is
    /// now refuses) is left out: the origin decides it on sync.
    ///
    /// The state with the queue applied is kept in the replica store (``PendingView``), so a
    /// read decides only the changes queued since the last one: as cheap with 10,000 queued as
    /// with none.
    public func boardViewWithPending(named name: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> (view: BoardView, touched: Set<CardID>) {
        try withPending(board: name) { state, touched in
            if DefaultBoard.isPending(name, in: state) { return (DefaultBoard.placeholderView, touched) }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return (state.view(of: board, now: now, today: now.day(in: timeZone)), touched)
        } whenEmpty: {
            // Nothing queued: the board as the engine lays it out (from its own cards alone, in a
            // short-lived process), which is the synced state's.
            (try engine.boardView(named: name, now: now, timeZone: timeZone), [])
        }
    }

    /// Card `reference` of board `boardName` with everything it carries once the queued changes
    /// are applied (as ``boardViewWithPending(named:now:timeZone:)`` applies them).
    public func cardDetailWithPending(board boardName: String, card reference: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> CardDetailView {
        try withPending(board: nil) { state, _ in try state.cardDetailView(board: boardName, card: reference, now: now, timeZone: timeZone) }
    }

    /// The board view as ``boardViewWithPending(named:now:timeZone:)`` gave it before the
    /// pending view was kept: every queued change decided on the synced state, nothing stored.
    /// For tests, which compare the two.
    func boardViewWithPendingFromScratch(named name: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> (view: BoardView, touched: Set<CardID>) {
        let pending = try pending()
        return try engine.withState { synced in
            let (state, touched) = Self.folding(pending, into: synced)
            if DefaultBoard.isPending(name, in: state) { return (DefaultBoard.placeholderView, touched) }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return (state.view(of: board, now: now, today: now.day(in: timeZone)), touched)
        }
    }

    /// How many changes queued after the pending view a read applies in memory; from this many
    /// on, it stores the view anew with them folded in.
    static let pendingViewRewriteAfter = 8

    /// `body` on the replica's state with each queued change decided on it in order, and the
    /// ids of the cards those changes touched; `whenEmpty` instead, when given, if nothing is
    /// queued. With `board`, the state may hold only that board's cards (all a board's layout
    /// needs) when the pending view serves it.
    private func withPending<Result>(
        board name: String?,
        _ body: (KanbanState, Set<CardID>) throws -> Result,
        whenEmpty: (() throws -> Result)? = nil
    ) throws -> Result {
        let store = try self.store
        let found = try engine.read { transaction in try lookUp(store: store, board: name, in: transaction) }
        switch found {
        case .empty:
            if let whenEmpty { return try whenEmpty() }
            return try engine.withState { synced in
                var state = synced
                state.buildOrderIndex()
                return try body(state, [])
            }
        case .kept(var view, var state, let tail):
            state.buildOrderIndex()
            var touched = view.touched
            if !tail.isEmpty {
                let pending = try tail.map { try JSONDecoder().decode(PendingMutation.self, from: Data($0.bytes)) }
                Self.fold(pending, into: &state, touched: &touched)
                if tail.count >= Self.pendingViewRewriteAfter {
                    view.folded = tail[tail.count - 1].id
                    view.foldedCount += UInt64(tail.count)
                    view.touched = touched
                    savePendingView(view.encoded(state: state), into: store)
                }
            }
            return try body(state, touched)
        case .notKept(let basis, let entries):
            let pending = try entries.map { try JSONDecoder().decode(PendingMutation.self, from: Data($0.bytes)) }
            let (result, kept): (Result, [UInt8]?) = try engine.withState { synced in
                let (state, touched) = Self.folding(pending, into: synced)
                // Kept only when the state is the one the basis was read with (a pull may have
                // come between the two reads).
                let kept = basis.flatMap { basis -> [UInt8]? in
                    guard synced.lastSequence == basis.logEnd, let last = entries.last else { return nil }
                    return PendingView(basis: basis, folded: last.id, foldedCount: UInt64(entries.count), touched: touched).encoded(state: state)
                }
                return (try body(state, touched), kept)
            }
            if let kept { savePendingView(kept, into: store) }
            return result
        }
    }

    /// What a read of the replica store found for ``withPending(board:_:whenEmpty:)``.
    private enum Found {
        /// Nothing is queued.
        case empty
        /// The pending view holds, with its state (only `board`'s cards when nothing was queued
        /// after it and a board was named) and the changes queued after it.
        case kept(PendingView, KanbanState, tail: [(id: UInt64, bytes: [UInt8])])
        /// No pending view holds: every queued change, and the basis a view found now would
        /// have (`nil` when the audit tree cannot give one: then none is kept).
        case notKept(PendingView.Basis?, [(id: UInt64, bytes: [UInt8])])
    }

    /// Reads, in one transaction, what is queued and the pending view if it still holds.
    private func lookUp(store: ReplicaStore, board name: String?, in transaction: some Transaction) throws -> Found {
        let count = try store.pendingCount(in: transaction)
        guard count > 0 else { return .empty }
        let logEnd = try engine.log.lastSequence(in: transaction)
        let auditSize = try engine.auditTree.size(in: transaction)
        let client = try store.client(in: transaction)
        let basis = (try? engine.auditTree.root(size: auditSize, in: transaction)).map { root in
            PendingView.Basis(logEnd: logEnd, auditSize: auditSize, auditRoot: root, client: client)
        }
        if let basis, let kept = try store.withPendingView(in: transaction, { bytes -> Found? in
            guard let (view, layout, stateBytes) = PendingView.decodeHeader(bytes), view.basis == basis, view.foldedCount <= UInt64(count) else { return nil }
            let tail = try store.pendingEntries(after: view.folded, in: transaction)
            // Numbers only grow: a change up to the last one folded in that is gone (settled,
            // refused, renumbered) shows in the count.
            guard view.foldedCount + UInt64(tail.count) == UInt64(count) else { return nil }
            var board: BoardID?
            if tail.isEmpty, let name, let outline = try? StateCodec.decode(stateBytes, version: layout, boardsOnly: true) {
                board = outline.board(named: name)?.id
            }
            guard let state = try? StateCodec.decode(stateBytes, version: layout, cardsOf: board), state.lastSequence == basis.logEnd else { return nil }
            return .kept(view, state, tail: tail)
        }) ?? nil {
            return kept
        }
        return .notKept(basis, try store.pendingEntries(after: 0, in: transaction))
    }

    /// Stores `bytes` as the pending view when it can: a read must not fail because the
    /// database cannot be written (the next read finds the view again).
    private func savePendingView(_ bytes: [UInt8], into store: ReplicaStore) {
        do {
            if let pendingViewSaver { try pendingViewSaver(bytes) } else { try store.savePendingView(bytes) }
        } catch {
            // A cache: not keeping it costs the next read time, nothing else.
        }
    }

    /// `synced` with `pending` decided on it in order (its order index built), and the cards they touched.
    private static func folding(_ pending: [PendingMutation], into synced: KanbanState) -> (KanbanState, Set<CardID>) {
        var state = synced
        // Built once: applying an event keeps it up to date.
        state.buildOrderIndex()
        var touched = Set<CardID>()
        fold(pending, into: &state, touched: &touched)
        return (state, touched)
    }

    /// Decides each of `pending` on `state` (its order index built) in order and applies its
    /// events, adding the cards they touch to `touched`; one that cannot be decided is left out.
    private static func fold(_ pending: [PendingMutation], into state: inout KanbanState, touched: inout Set<CardID>) {
        for queued in pending {
            var mutation = queued.mutation.mutation
            mutation.since = nil
            guard let events = decided(mutation, actor: queued.actor, in: state)
            else { continue }
            for event in events {
                state.apply(event.payload, board: event.board)
                if let card = event.payload.card { touched.insert(card) }
            }
        }
    }

    /// The events `mutation`, made by `actor`, decides on `state` (its order index built), or
    /// `nil` when it cannot be decided here.
    private static func decided(_ mutation: Mutation, actor: String, in state: KanbanState) -> [BoardEvent]? {
        guard let command = try? mutation.command.get() else { return nil }
        switch command {
        case .undo, .redo, .restore, .reviveCard: return nil
        default: break
        }
        var ids = SystemRandomNumberGenerator()
        guard let events = try? Decider.decide(command, actor: actor, in: state, ids: &ids) else { return nil }
        return mutation.givingNewDetail(mutation.givingNewCard(events))
    }
}

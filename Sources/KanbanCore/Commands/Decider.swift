/// Checks commands against the state and decides the events that carry them out.
///
/// Pure: the same command, state and id generator give the same events. A rejected command
/// throws a ``KanbanError`` and decides nothing.
public enum Decider {
    /// The events that carry out the card or board `command` in `state`, new ids drawn from `ids`.
    ///
    /// On a log with no board yet, the default board is made first, in the same decision
    /// (``DefaultBoard/bootstrap(in:ids:)``). Undo, redo and restore need the log as well as the
    /// state: the engine reads it and calls ``undo(_:actor:later:force:in:)``,
    /// ``redo(_:actor:later:force:in:)`` or ``restore(board:to:sequence:timestamp:in:)``; given
    /// here, they are refused with ``KanbanError/needsHistory(_:)``.
    /// `actor` is who asks: a comment is written as them, and only its author may change it.
    public static func decide(
        _ command: Command,
        actor: String = "",
        in state: KanbanState,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent] {
        let bootstrap = DefaultBoard.bootstrap(in: state, ids: &ids)
        guard !bootstrap.isEmpty else { return try decideOnBoards(command, actor: actor, in: state, ids: &ids) }
        var bootstrapped = state
        for event in bootstrap { bootstrapped.apply(event.payload, board: event.board) }
        return bootstrap + (try decideOnBoards(command, actor: actor, in: bootstrapped, ids: &ids))
    }

    private static func decideOnBoards(
        _ command: Command,
        actor: String,
        in state: KanbanState,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent] {
        if let events = try decideDetail(command, actor: actor, in: state, ids: &ids) { return events }
        switch command {
        case .addCard(let boardName, let title, let description, let due, let columnName, let index, let before, let after):
            let board = try board(boardName, in: state)
            let column = if let columnName { try self.column(columnName, of: board, in: state) } else { try firstColumn(of: board, in: state) }
            let id = CardID.random(using: &ids)
            let (title, description) = (try Limits.checkedTitle(title), try Limits.checkedDescription(description))
            let near = Self.index(before: before, after: after, placing: nil, column: columnName, board: boardName, in: state)
            let (key, landing) = try place(id, in: column, at: near ?? index, state: state)
            try checkRoom(in: column, of: board, state: state)
            return [cardAdded(id, board: board, column: column, key: key, index: landing, title: title, description: description, due: due)]

        case .editCard(let boardName, let reference, let title, let description, let due):
            let board = try board(boardName, in: state)
            let card = try state.card(matching: reference, on: board)
            var edited = CardEdited(card: card.id, title: card.title)
            if let title {
                let checked = try Limits.checkedTitle(title)
                if checked != card.title { edited.titleChange = Change(old: card.title, new: checked) }
                edited.title = checked
            }
            if let description {
                let checked = try Limits.checkedDescription(description)
                if checked != card.description { edited.descriptionChange = Change(old: card.description, new: checked) }
            }
            if let due, due.newValue != card.due {
                edited.dueChange = Change(old: card.due, new: due.newValue)
            }
            guard edited.titleChange != nil || edited.descriptionChange != nil || edited.dueChange != nil else { return [] }
            return [BoardEvent(board: board.id, payload: .cardEdited(edited))]

        case .moveCard(let boardName, let reference, let columnName, let index, let before, let after):
            let board = try board(boardName, in: state)
            let card = try state.card(matching: reference, on: board)
            let target = try column(columnName, of: board, in: state)
            let fromIndex = state.order(of: card.column).index(of: card.slot) ?? 0
            // The card's name is spelled out only for a move given neighbours.
            let placing = before == nil && after == nil ? nil : card.id.description
            let near = Self.index(before: before, after: after, placing: placing, column: columnName, board: boardName, in: state)
            let (key, landing) = try place(card.id, in: target, at: near ?? index, state: state)
            if target.id == card.column && landing == fromIndex { return [] }
            // A card moving within its column takes no room it did not have.
            if target.id != card.column { try checkRoom(in: target, of: board, state: state) }
            let moved = CardMoved(
                card: card.id, title: card.title,
                from: card.column, fromIndex: fromIndex,
                to: target.id, toIndex: landing, key: key
            )
            return [BoardEvent(board: board.id, payload: .cardMoved(moved))]

        case .deleteCard(let boardName, let reference):
            let board = try board(boardName, in: state)
            let card = try state.card(matching: reference, on: board)
            let index = state.order(of: card.column).index(of: card.slot) ?? 0
            return [BoardEvent(board: board.id, payload: .cardDeleted(CardDeleted(card: card, index: index)))]

        case .reviveCard(let boardName, let reference, let columnName, let index):
            // The state keeps no deleted cards: the engine gives them to `revive`.
            return [try revive(board: boardName, card: reference, column: columnName, index: index, deleted: [], in: state)]

        case .createBoard(let name, let columnNames):
            let name = try Limits.checkedName(name)
            if state.board(named: name) != nil { throw .duplicateBoard(name) }
            if state.boards.count >= Limits.boards { throw .tooManyBoards(maximum: Limits.boards) }
            if columnNames.count > Limits.columnsPerBoard { throw .tooManyColumns(board: name, maximum: Limits.columnsPerBoard) }
            var specs: [ColumnSpec] = []
            for columnName in columnNames.isEmpty ? DefaultBoard.columns : columnNames {
                let checked = try Limits.checkedName(columnName)
                if specs.contains(where: { $0.name.lowercased() == checked.lowercased() }) {
                    throw .duplicateColumn(checked, board: name)
                }
                specs.append(ColumnSpec(id: .random(using: &ids), name: checked))
            }
            return [BoardEvent(board: .random(using: &ids), payload: .boardCreated(BoardCreated(name: name, columns: specs)))]

        case .renameBoard(let boardName, let newName):
            let board = try board(boardName, in: state)
            let name = try Limits.checkedName(newName)
            if let other = state.board(named: name), other.id != board.id { throw .duplicateBoard(name) }
            guard name != board.name else { return [] }
            return [BoardEvent(board: board.id, payload: .boardRenamed(BoardRenamed(from: board.name, to: name)))]

        case .removeBoard(let boardName):
            let board = try board(boardName, in: state)
            let cards = state.cardCount(on: board)
            if cards > 0 { throw .boardNotEmpty(board.name, cards: cards) }
            let specs = board.columns.compactMap { state.columns[$0] }.map { ColumnSpec(id: $0.id, name: $0.name) }
            let removed = BoardRemoved(name: board.name, columns: specs, index: state.boardOrder.firstIndex(of: board.id))
            return [BoardEvent(board: board.id, payload: .boardRemoved(removed))]

        case .addColumn(let boardName, let columnName, let index):
            let board = try board(boardName, in: state)
            let name = try Limits.checkedName(columnName)
            if state.column(named: name, in: board) != nil { throw .duplicateColumn(name, board: board.name) }
            if board.columns.count >= Limits.columnsPerBoard { throw .tooManyColumns(board: board.name, maximum: Limits.columnsPerBoard) }
            let position = index ?? board.columns.count
            guard (0...board.columns.count).contains(position) else {
                throw .indexOutOfRange(position, column: "list of \(board.name)", maximum: board.columns.count)
            }
            let spec = ColumnSpec(id: .random(using: &ids), name: name)
            return [BoardEvent(board: board.id, payload: .columnAdded(ColumnAdded(column: spec, index: position)))]

        case .renameColumn(let boardName, let columnName, let newName):
            let board = try board(boardName, in: state)
            let column = try column(columnName, of: board, in: state)
            let name = try Limits.checkedName(newName)
            if let other = state.column(named: name, in: board), other.id != column.id {
                throw .duplicateColumn(name, board: board.name)
            }
            guard name != column.name else { return [] }
            return [BoardEvent(board: board.id, payload: .columnRenamed(ColumnRenamed(column: column.id, from: column.name, to: name)))]

        case .moveColumn(let boardName, let columnName, let index):
            let board = try board(boardName, in: state)
            let column = try column(columnName, of: board, in: state)
            guard board.columns.indices.contains(index) else {
                throw .indexOutOfRange(index, column: "list of \(board.name)", maximum: max(board.columns.count - 1, 0))
            }
            guard let from = board.columns.firstIndex(of: column.id), from != index else { return [] }
            let moved = ColumnMoved(column: ColumnSpec(id: column.id, name: column.name), fromIndex: from, toIndex: index)
            return [BoardEvent(board: board.id, payload: .columnMoved(moved))]

        case .removeColumn(let boardName, let columnName):
            let board = try board(boardName, in: state)
            let column = try column(columnName, of: board, in: state)
            let cards = state.cardCount(in: column.id)
            if cards > 0 { throw .columnNotEmpty(column.name, cards: cards) }
            if board.columns.count == 1 { throw .lastColumn(board.name) }
            guard let index = board.columns.firstIndex(of: column.id) else { throw .unknownColumn(columnName, board: board.name) }
            let spec = ColumnSpec(id: column.id, name: column.name)
            return [BoardEvent(board: board.id, payload: .columnRemoved(ColumnRemoved(column: spec, index: index)))]

        case .undo, .redo, .restore, .editCardIfUnchanged:
            throw .needsHistory("\(command)")

        case .assign, .unassign, .label, .unlabel, .markDue, .addComment, .editComment, .deleteComment, .addChecklistItem,
             .renameChecklistItem, .checkChecklistItem, .removeChecklistItem, .moveChecklistItem, .attachLink, .removeLink,
             .addMember, .removeMember, .setMemberRole, .setVisibility, .setLabel, .setColumnLimit, .setStrictColumnLimit:
            return [] // decided by `decideDetail` above
        }
    }

    static func board(_ name: String, in state: KanbanState) throws(KanbanError) -> Board {
        guard let board = state.board(named: name) else { throw .unknownBoard(name) }
        return board
    }

    /// The board's first column, where a card goes unless told otherwise. Every board has one
    /// (``KanbanState/apply(_:board:)`` keeps it so); the error is for a state built otherwise.
    static func firstColumn(of board: Board, in state: KanbanState) throws(KanbanError) -> Column {
        guard let id = board.columns.first, let column = state.columns[id] else {
            throw .unknownColumn(DefaultBoard.columns[0], board: board.name)
        }
        return column
    }

    static func column(_ name: String, of board: Board, in state: KanbanState) throws(KanbanError) -> Column {
        guard let column = state.column(named: name, in: board) else { throw .unknownColumn(name, board: board.name) }
        return column
    }

    /// The key that puts `card` at `index` of `column` (counted without the card), and the
    /// index it lands at. `nil` means the end.
    static func place(
        _ card: CardID,
        in column: Column,
        at index: Int?,
        state: KanbanState
    ) throws(KanbanError) -> (OrderKey, Int) {
        let order = state.order(of: column.id)
        let own = state.cards[card].flatMap { $0.column == column.id ? order.index(of: $0.slot) : nil }
        let count = order.count - (own == nil ? 0 : 1)
        let landing = index ?? count
        guard (0...count).contains(landing) else {
            throw .indexOutOfRange(landing, column: column.name, maximum: count)
        }
        // The slot at `position` of the column as it would be without the card.
        func neighbour(_ position: Int) -> OrderKey? {
            guard position >= 0, position < count else { return nil }
            let shifted = own.map { position >= $0 ? position + 1 : position } ?? position
            return order[shifted].key
        }
        let lower = neighbour(landing - 1)
        let upper = neighbour(landing)
        if let lower, let upper, !(lower < upper) {
            // Equal keys (never decided, but tolerated): step past the lower one; the id breaks the tie.
            return (OrderKey.between(lower, nil), landing)
        }
        return (OrderKey.between(lower, upper), landing)
    }

    /// Refuses a card coming into `column` of `board` (an add, a move from another column, a
    /// revival) when the column's limit is strict and it holds that many cards already. A plain
    /// limit refuses nothing. Undo, redo and restore never ask: they put back what was, whatever
    /// the limit.
    static func checkRoom(in column: Column, of board: Board, state: KanbanState) throws(KanbanError) {
        guard let limit = state.boardDetails[board.id]?.limit(of: column.id), limit.isStrict,
              state.cardCount(in: column.id) >= limit.cards
        else { return }
        throw .columnFull(column.name, limit: limit.cards)
    }

    /// The event that adds card `id` to `column` of `board` with key `key`, landing at `index`;
    /// `title` and `description` already checked.
    static func cardAdded(
        _ id: CardID, board: Board, column: Column, key: OrderKey, index: Int, title: String, description: String, due: Due?
    ) -> BoardEvent {
        let card = Card(id: id, column: column.id, key: key, title: title, description: description, due: due)
        return BoardEvent(board: board.id, payload: .cardAdded(CardAdded(card: card, index: index)))
    }
}

/// The board a database starts with, and the one place that knows it.
///
/// A log holds no board until its first write; that write makes `main` with TODO, DOING and
/// DONE first, recorded as the engine's own event (on no one's undo stack). Until then, reads
/// show `main` as that empty board, so a fresh database looks the same before and after its
/// first command.
public enum DefaultBoard {
    /// The board's name.
    public static let name = "main"
    /// Its columns, which are also the columns of a new board unless told otherwise.
    public static let columns = ["TODO", "DOING", "DONE"]
    /// The id the not-yet-made board shows under (all zero: no real board has it).
    public static let placeholderID = BoardID(Identifier(high: 0, low: 0))

    /// Whether `state` is of a log that has not made the default board yet (no board at all).
    public static func isPending(in state: KanbanState) -> Bool {
        state.boardsCreated == 0
    }

    /// Whether, in `state`, `name` means the default board not made yet.
    public static func isPending(_ name: String, in state: KanbanState) -> Bool {
        isPending(in: state) && name.lowercased() == DefaultBoard.name
    }

    /// The events that make the board, when `state` has no board yet; else none.
    public static func bootstrap(in state: KanbanState, ids: inout some RandomNumberGenerator) -> [BoardEvent] {
        guard isPending(in: state) else { return [] }
        return [BoardEvent(
            board: .random(using: &ids),
            payload: .boardCreated(BoardCreated(
                name: name,
                columns: columns.map { ColumnSpec(id: .random(using: &ids), name: $0) }
            )),
            actor: UndoStacks.systemActor
        )]
    }

    /// How the board shows before it is made: empty TODO, DOING and DONE.
    public static var placeholderView: BoardView {
        BoardView(
            id: placeholderID,
            name: name,
            columns: columns.map { BoardView.ColumnView(id: ColumnID(Identifier(high: 0, low: 0)), name: $0, cards: []) }
        )
    }
}

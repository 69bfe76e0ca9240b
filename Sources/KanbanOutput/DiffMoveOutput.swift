import Kanban
import KanbanCore

/// A card that changed place, in ``DiffOutput`` (`kanban diff --json`):
/// `{"id", "title", "from": {"column", "index"}, "to": {"column", "index"}}`.
public struct DiffMoveOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    /// Its title at the end.
    public var title: String
    public var from: DiffPlaceOutput
    public var to: DiffPlaceOutput

    public init(id: String, title: String, from: DiffPlaceOutput, to: DiffPlaceOutput) {
        self.id = id
        self.title = title
        self.from = from
        self.to = to
    }

    /// The form of `move`.
    public init(move: BoardDiff.Move) {
        self.init(
            id: move.card.id.description, title: move.card.title,
            from: DiffPlaceOutput(column: move.fromColumn, index: move.fromIndex),
            to: DiffPlaceOutput(column: move.toColumn, index: move.toIndex)
        )
    }
}

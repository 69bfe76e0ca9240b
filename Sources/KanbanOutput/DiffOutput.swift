import Kanban
import KanbanCore

/// What `kanban diff --json` prints: `{"added", "removed", "moved", "edited"}`, the cards of
/// the board that changed between two moments.
public struct DiffOutput: Codable, Sendable, Equatable {
    /// Cards there at the end and not at the start.
    public var added: [DiffCardOutput]
    /// Cards there at the start and not at the end.
    public var removed: [DiffCardOutput]
    /// Cards that changed column or place.
    public var moved: [DiffMoveOutput]
    /// Cards whose title, description or due date changed.
    public var edited: [DiffEditOutput]

    public init(added: [DiffCardOutput], removed: [DiffCardOutput], moved: [DiffMoveOutput], edited: [DiffEditOutput]) {
        self.added = added
        self.removed = removed
        self.moved = moved
        self.edited = edited
    }

    /// The form of `diff`.
    public init(diff: BoardDiff) {
        added = diff.added.map(DiffCardOutput.init(card:))
        removed = diff.removed.map(DiffCardOutput.init(card:))
        moved = diff.moved.map(DiffMoveOutput.init(move:))
        edited = diff.edited.map(DiffEditOutput.init(edit:))
    }
}

import KanbanCore

/// One row of `kanban export --format csv`: a history entry and the names it is shown with —
/// its board's name and its card's title as they were then.
public struct HistoryRow: Sendable, Equatable {
    /// The entry: sequence, time, actor, kind, card, the line in words, the changed fields.
    public var entry: HistoryEntry
    /// The board's name right after the event (a rename shows the new name).
    public var boardName: String
    /// The card's title right after the event (a deletion shows the title it had), or `nil`
    /// for board and column events.
    public var cardTitle: String?

    public init(entry: HistoryEntry, boardName: String, cardTitle: String?) {
        self.entry = entry
        self.boardName = boardName
        self.cardTitle = cardTitle
    }
}

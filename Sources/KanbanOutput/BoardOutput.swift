import Kanban
import KanbanCore

/// A board as `kanban board --json` prints it: `{"board": name, "columns": […]}`, columns left
/// to right and cards in board order, and the board's `labels` (`[{"name", "colour"}]`) and
/// `members` when it has any, with `roles` (members' roles other than `editor`, by name) and
/// `visibility` when not `open`. The server adds `"sequence"`, the last event applied.
public struct BoardOutput: Codable, Sendable, Equatable {
    /// The board's name.
    public var board: String
    public var columns: [BoardColumnOutput]
    /// The labels the board offers; absent when none.
    public var labels: [BoardLabelOutput]?
    /// Its members; absent when none.
    public var members: [String]?
    /// Members' roles other than `editor`, by name; absent when none.
    public var roles: [String: String]?
    /// Who may see the board, when not `open`.
    public var visibility: String?
    /// The last event the board reflects; left out when `nil` (the CLI's form).
    public var sequence: UInt64?

    public init(board: String, columns: [BoardColumnOutput], sequence: UInt64? = nil) {
        self.board = board
        self.columns = columns
        self.sequence = sequence
    }

    /// The form of `view`, with `sequence` when given.
    public init(view: BoardView, sequence: UInt64? = nil) {
        board = view.name
        columns = view.columns.map(BoardColumnOutput.init(view:))
        labels = view.details.labels.isEmpty ? nil : view.details.labels.map(BoardLabelOutput.init)
        members = view.details.members.isEmpty ? nil : view.details.members
        roles = view.details.roles.isEmpty ? nil : view.details.roles.mapValues(\.rawValue)
        visibility = view.details.visibility == .open ? nil : view.details.visibility.rawValue
        self.sequence = sequence
    }
}

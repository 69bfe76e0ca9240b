import Kanban
/// Where a card stood, in ``DiffMoveOutput`` (`kanban diff --json`): `{"column", "index"}`.
public struct DiffPlaceOutput: Codable, Sendable, Equatable {
    /// The column's name at that moment.
    public var column: String
    /// 0-based, from the top of the column.
    public var index: Int

    public init(column: String, index: Int) {
        self.column = column
        self.index = index
    }
}

/// What a board keeps besides its name and columns: its members, its labels and the work in
/// progress limit of each column. Kept by board id in ``KanbanState/boardDetails``.
public struct BoardDetails: Hashable, Sendable {
    /// Members, sorted.
    public var members: [String] = []
    /// Labels, sorted by name.
    public var labels: [BoardLabel] = []
    /// Work in progress limits by column: the most cards a column should hold.
    public var limits: [ColumnID: Int] = [:]

    public init() {}

    /// Whether it holds nothing.
    public var isEmpty: Bool { members.isEmpty && labels.isEmpty && limits.isEmpty }
}

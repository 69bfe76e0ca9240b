/// What a board keeps besides its name and columns: its members and their roles, who may see
/// it, its labels and the work in progress limit of each column. Kept by board id in ``KanbanState/boardDetails``.
public struct BoardDetails: Hashable, Sendable {
    /// Members, sorted.
    public var members: [String] = []
    /// Members' roles other than ``BoardRole/member`` (see ``role(ofMember:)``).
    public var roles: [String: BoardRole] = [:]
    /// Who may see the board besides its members.
    public var visibility: BoardVisibility = .open
    /// Labels, sorted by name.
    public var labels: [BoardLabel] = []
    /// Work in progress limits by column: the most cards a column should hold.
    public var limits: [ColumnID: Int] = [:]
    /// The columns whose limit is strict: they refuse cards over it. Each has a limit.
    public var strictLimits: Set<ColumnID> = []

    public init() {}

    /// The limit of `column`, with whether it is strict; `nil` when it has none.
    public func limit(of column: ColumnID) -> ColumnLimit? {
        limits[column].map { ColumnLimit($0, strict: strictLimits.contains(column)) }
    }

    /// Whether it holds nothing.
    public var isEmpty: Bool { members.isEmpty && labels.isEmpty && limits.isEmpty && visibility == .open }
}

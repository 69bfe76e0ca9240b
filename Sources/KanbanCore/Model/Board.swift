/// A board: a name and its columns, left to right.
public struct Board: Hashable, Sendable {
    public var id: BoardID
    public var name: String
    /// Column ids in display order; the last one is where finished cards go.
    public var columns: [ColumnID]

    public init(id: BoardID, name: String, columns: [ColumnID]) {
        self.id = id
        self.name = name
        self.columns = columns
    }
}

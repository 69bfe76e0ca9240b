/// A board was made, with its first columns.
public struct BoardCreated: Hashable, Sendable {
    public var name: String
    public var columns: [ColumnSpec]

    public init(name: String, columns: [ColumnSpec]) {
        self.name = name
        self.columns = columns
    }
}

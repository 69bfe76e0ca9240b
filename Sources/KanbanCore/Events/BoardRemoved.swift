/// An empty board was removed; it carries what it was, for audit and undo.
public struct BoardRemoved: Hashable, Sendable {
    public var name: String
    public var columns: [ColumnSpec]

    public init(name: String, columns: [ColumnSpec]) {
        self.name = name
        self.columns = columns
    }
}

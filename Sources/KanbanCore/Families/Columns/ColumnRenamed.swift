/// A column's name changed.
public struct ColumnRenamed: Hashable, Sendable {
    public var column: ColumnID
    public var from: String
    public var to: String

    public init(column: ColumnID, from: String, to: String) {
        self.column = column
        self.from = from
        self.to = to
    }
}

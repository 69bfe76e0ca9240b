/// A column's identity and name, as board and column events carry them.
public struct ColumnSpec: Hashable, Sendable {
    public var id: ColumnID
    public var name: String

    public init(id: ColumnID, name: String) {
        self.id = id
        self.name = name
    }
}

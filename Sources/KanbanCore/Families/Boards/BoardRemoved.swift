/// An empty board was removed; it carries what it was, for audit and undo.
public struct BoardRemoved: Hashable, Sendable {
    public var name: String
    public var columns: [ColumnSpec]
    /// Where it stood in the list of boards, for an undo to put it back there.
    public var index: Int?

    public init(name: String, columns: [ColumnSpec], index: Int? = nil) {
        self.name = name
        self.columns = columns
        self.index = index
    }
}

/// A board was made, with its first columns.
public struct BoardCreated: Hashable, Sendable {
    public var name: String
    public var columns: [ColumnSpec]
    /// Where it goes in the list of boards; `nil` for the end. Set when an undo puts a removed
    /// board back where it was.
    public var index: Int?

    public init(name: String, columns: [ColumnSpec], index: Int? = nil) {
        self.name = name
        self.columns = columns
        self.index = index
    }
}

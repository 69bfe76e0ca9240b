/// Something a board keeps besides its name and columns changed (see ``BoardDetailEdit``).
public struct BoardDetailChanged: Hashable, Sendable {
    public var edit: BoardDetailEdit

    public init(edit: BoardDetailEdit) {
        self.edit = edit
    }
}

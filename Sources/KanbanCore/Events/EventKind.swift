/// The kinds of event, with their tag in the binary encoding. Tags are never reused.
public enum EventKind: UInt8, CaseIterable, Sendable {
    case boardCreated = 1
    case boardRenamed = 2
    case boardRemoved = 3
    case columnAdded = 4
    case columnRenamed = 5
    case columnRemoved = 6
    case columnMoved = 7
    case cardAdded = 10
    case cardEdited = 11
    case cardMoved = 12
    case cardDeleted = 13
    case cardRevived = 14
    case undone = 20
    case redone = 21
    case restored = 22

    /// The name in JSON output, such as `cardMoved`.
    public var name: String { String(describing: self) }
}

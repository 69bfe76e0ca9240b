/// An action was undone: the compensation was applied. The log is never edited; `target` names
/// the event undone (an action, or a redo), `undid` is what that event did, so a history line
/// renders alone, and `compensation` is what this event does to the board.
public struct Undone: Hashable, Sendable {
    public var target: UInt64
    public var undid: EventPayload
    public var compensation: EventPayload

    public init(target: UInt64, undid: EventPayload, compensation: EventPayload) {
        self.target = target
        self.undid = undid
        self.compensation = compensation
    }
}

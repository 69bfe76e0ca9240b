/// An undo was reversed: `target` names the undo event, `redid` is the action it had undone,
/// and `effect` is what this event does to the board (the action again, placed anew).
public struct Redone: Hashable, Sendable {
    public var target: UInt64
    public var redid: EventPayload
    public var effect: EventPayload

    public init(target: UInt64, redid: EventPayload, effect: EventPayload) {
        self.target = target
        self.redid = redid
        self.effect = effect
    }
}

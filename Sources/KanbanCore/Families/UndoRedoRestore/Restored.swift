/// The board was set back to how it was after event `sequence` (at `timestamp`): `effects` are
/// the changes that did it, in order (cards re-added with their original ids, moved back,
/// edits reverted, later cards removed, columns re-made, cards' and the board's details set
/// back). One event, so one undo reverses it.
public struct Restored: Hashable, Sendable {
    public var sequence: UInt64
    public var timestamp: Timestamp
    public var effects: [EventPayload]

    public init(sequence: UInt64, timestamp: Timestamp, effects: [EventPayload]) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.effects = effects
    }
}

import KanbanCore

/// An append or record a ``LogWriting`` refuses because of what it was given, whatever the
/// log holds: the caller's mistake, not a conflict.
public enum LogAppendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes at `position` do not start with an event's head.
    case notAnEvent(position: UInt64)
    /// The bytes at `position` name board `named`, not the board appended to.
    case wrongBoard(position: UInt64, board: BoardID, named: BoardID)
    /// The positions of one append do not increase: `position` follows `previous`.
    case positionsNotIncreasing(previous: UInt64, position: UInt64)
    /// The store needs gapless positions (LMDB) and `position` skips past `expected`.
    case positionGap(expected: UInt64, position: UInt64)
    /// A position outside what the store can keep (PostgreSQL: above `Int64.max`, or 0).
    case positionOutOfRange(UInt64)
    /// A mutation id a store cannot record: 0 (ids start at 1), or above `Int64.max` (PostgreSQL).
    case mutationIDOutOfRange(UInt64)
    /// The refusal recorded with mutation `id` is that of mutation `refusal`.
    case refusalOfAnotherMutation(id: UInt64, refusal: UInt64)

    public var description: String {
        switch self {
        case .notAnEvent(let position): "the bytes at position \(position) are not an event"
        case .wrongBoard(let position, let board, let named): "the event at position \(position) belongs to board \(named), not \(board)"
        case .positionsNotIncreasing(let previous, let position): "position \(position) follows \(previous): positions must increase"
        case .positionGap(let expected, let position): "position \(position) leaves a gap: this log's next position is \(expected)"
        case .positionOutOfRange(let position): "position \(position) is out of range"
        case .mutationIDOutOfRange(let id): "mutation id \(id) is out of range"
        case .refusalOfAnotherMutation(let id, let refusal): "the refusal recorded with mutation \(id) is that of mutation \(refusal)"
        }
    }
}

import KanbanCore

/// One board's part of an append of several boards (``LogWriting/append(_:)``): its expected
/// head and its events' positions and stored bytes, positions increasing.
public struct BoardAppend: Sendable {
    public let board: BoardID
    public let expectedHead: UInt64
    public let events: [(position: UInt64, bytes: [UInt8])]

    public init(board: BoardID, expectedHead: UInt64, events: [(position: UInt64, bytes: [UInt8])]) {
        self.board = board
        self.expectedHead = expectedHead
        self.events = events
    }
}

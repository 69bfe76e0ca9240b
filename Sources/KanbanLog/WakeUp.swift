import KanbanCore

/// One hint of ``LogStore/wakeUpsWithPositions()``: the boards whose head may have grown (none:
/// any may have), and where the log ended after the commit hinted, when the store says it.
public struct WakeUp: Sendable, Equatable {
    /// The boards named; empty for "catch up everything".
    public var boards: Set<BoardID>
    /// The log's last position after the commit hinted, when the store says it: a cache that
    /// reaches it holds that commit already (its own node's, most often).
    public var position: UInt64?

    public init(boards: Set<BoardID>, position: UInt64? = nil) {
        self.boards = boards
        self.position = position
    }
}

import KanbanCore

/// A board laid out for display together with the last event it reflects, read in one go so
/// the two agree (``EngineTimeTravel/boardReading(named:at:now:timeZone:)``).
public struct BoardReading: Sendable, Equatable {
    public var view: BoardView
    /// The sequence number of the last event applied (0 before the first).
    public var sequence: UInt64

    public init(view: BoardView, sequence: UInt64) {
        self.view = view
        self.sequence = sequence
    }
}

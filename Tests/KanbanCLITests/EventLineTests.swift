import KanbanCore
@testable import KanbanCLI
import Testing

/// `kanban log`'s text line for an event.
struct EventLineTests {
    static let event = RecordedEvent(
        sequence: 7, timestamp: Timestamp(millisecondsSinceEpoch: 1_893_456_000_000), actor: "trello",
        id: EventID(Identifier(high: 1, low: 1)), board: BoardID(Identifier(high: 2, low: 2)),
        payload: .boardRenamed(BoardRenamed(from: "old", to: "new"))
    )

    @Test("An event that happened before it was appended ends with when it happened; any other event does not")
    func happened() {
        var backdated = Self.event
        backdated.happenedAt = Timestamp(millisecondsSinceEpoch: 1_646_125_200_000)
        var line = EventLine()
        #expect(line.line(for: Self.event) == "#7 \(Self.event.timestamp) trello boardRenamed 'old' to 'new'")
        #expect(line.line(for: backdated) == "#7 \(Self.event.timestamp) trello boardRenamed 'old' to 'new' (happened \(backdated.happenedAt!))")
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Encodes `value` with the shared output encoder and expects: the JSON object equal to
/// `expected` key by key (a missing, extra or different key is its own issue), one line of
/// text, and the text decoding back to `value`. Returns the text.
@discardableResult
func expectJSON<Value: Codable & Equatable>(
    _ value: Value, _ expected: JSONTree, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let data = try OutputJSON.encode(value)
    let text = String(decoding: data, as: UTF8.self)
    for difference in try JSONTree(parsing: data).differences(from: expected) {
        Issue.record("\(difference)\nin \(text)", sourceLocation: sourceLocation)
    }
    #expect(!text.contains("\n"), "not one line: \(text)", sourceLocation: sourceLocation)
    #expect(try OutputJSON.decode(Value.self, from: data) == value, "does not decode back: \(text)", sourceLocation: sourceLocation)
    return text
}

/// Fixed values for output tests.
enum Sample {
    /// An identifier whose text ends in `n`: `00000000-0000-0000-0000-00000000000n`.
    static func identifier(_ n: UInt64) -> Identifier { Identifier(high: 0, low: n) }

    /// The text of ``identifier(_:)``.
    static func text(_ n: UInt64) -> String { identifier(n).description }

    static let board = BoardID(identifier(1))
    static let todo = ColumnID(identifier(2))
    static let done = ColumnID(identifier(3))
    static let card = CardID(identifier(4))
    static let event = EventID(identifier(5))
    /// 2027-01-15T08:00:00Z.
    static let moment = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
    static let day = Due.day(CalendarDay(year: 2026, month: 12, day: 1)!)

    /// A card with every field set, in TODO at key `3.80`.
    static let fullCard = Card(
        id: card, column: todo, key: OrderKey(integer: 3, fraction: [0x80]), title: "Ship \"it\"/now",
        description: "line one\nline two", due: day
    )

    /// The JSON form of ``fullCard`` in events.
    static let fullCardJSON: JSONTree = [
        "id": .string(text(4)), "column": .string(text(2)), "key": "3.80", "title": "Ship \"it\"/now",
        "description": "line one\nline two", "due": "2026-12-01",
    ]
}

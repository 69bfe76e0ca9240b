import Foundation
import KanbanCore
import Kanban

/// Trello's two sources of time: the ISO 8601 dates of actions and due dates, and the moment
/// encoded in every Trello id (a MongoDB ObjectId: its first 8 hex digits are seconds since 1970).
enum TrelloTime {
    /// The moment an ISO 8601 date-time such as `2022-11-19T19:21:54.992Z` names; a date without
    /// a time is its first moment in UTC. `nil` for anything else.
    static func moment(_ text: String) -> Timestamp? {
        guard let due = try? Due(parsing: text, timeZone: utc) else { return nil }
        switch due {
        case .moment(let moment): return moment
        case .day(let day): return Timestamp(millisecondsSinceEpoch: day.daysSinceEpoch * 86_400_000)
        }
    }

    /// When the object with Trello id `id` was made, or `nil` when `id` is not an ObjectId.
    static func creation(ofID id: String) -> Timestamp? {
        guard id.utf8.count == 24, id.allSatisfy(\.isHexDigit) else { return nil }
        guard let seconds = UInt32(String(id.prefix(8)), radix: 16) else { return nil }
        return Timestamp(millisecondsSinceEpoch: Int64(seconds) * 1000)
    }

    private static let utc = TimeZone(identifier: "UTC") ?? .current
}

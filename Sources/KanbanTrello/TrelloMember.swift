import Foundation
import Kanban

/// A Trello member, as `memberCreator` and the export's `members` give one.
struct TrelloMember: Decodable, Sendable {
    var id: String?
    var username: String?
    var fullName: String?

    /// The name the member's events are recorded under: the username, else the full name.
    var actorName: String? {
        for name in [username, fullName] {
            if let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return name }
        }
        return nil
    }
}

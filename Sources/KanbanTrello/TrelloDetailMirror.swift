import Kanban
/// The forward replay's picture of the details our log holds for the imported board, in Trello's
/// ids with our names (an archived card's too: our deleted cards keep their details).
struct TrelloDetailMirror: Sendable {
    /// Each card's details, by Trello id.
    var cards: [String: Card] = [:]
    /// The board's labels, by Trello id.
    var labels: [String: Label] = [:]
    /// The board's members.
    var members: Set<String> = []
    /// Each checklist as far as the replay has come, by Trello id.
    var checklists: [String: TrelloChecklistState] = [:]
    /// Attachments left out as not links, by Trello id.
    var skippedLinks: Set<String> = []

    struct Card: Sendable {
        var assignees: Set<String> = []
        /// Labels by Trello id, with the name the card carries.
        var labels: [String: String] = [:]
        var dueDone = false
        /// Checklist items in our order: by checklist `pos`, checklist, item `pos`, item.
        var items: [Item] = []
        /// Comments by Trello id.
        var comments: [String: Comment] = [:]
        /// Links by Trello id.
        var links: Set<String> = []
    }

    struct Item: Sendable {
        var id: String
        /// The Trello id of its checklist, and the name it carries here.
        var checklist: String
        var checklistName: String
        var text: String
        var done: Bool
        var pos: Double
    }

    struct Comment: Sendable {
        var author: String
        var text: String
    }

    struct Label: Sendable {
        /// The name on our board (made unique) and the colour.
        var name: String
        var colour: String
        /// The name before it was made unique.
        var base: String
    }
}

import Kanban
/// What a card carried in Trello at one point of its history besides its title, description and
/// due date: in Trello's ids, with Trello's values uncut.
struct TrelloCardDetails: Equatable, Sendable {
    /// The members assigned, by id.
    var members: Set<String> = []
    /// The labels it carries, by id.
    var labels: Set<String> = []
    var dueComplete = false
    /// Its checklists' items, by id.
    var items: [String: TrelloCheckItemState] = [:]
    /// Its attachments, in order.
    var links: [TrelloLinkState] = []
    /// Comments written before the oldest kept action that a kept edit names (Trello's export
    /// keeps a comment only in the action that wrote it).
    var comments: [TrelloCommentState] = []
}

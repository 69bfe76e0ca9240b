import Kanban
/// A board's label as it was in Trello at one point of its history: its name (blank or `nil`
/// for a label shown by its colour alone) and Trello's colour name (`nil`: no colour).
struct TrelloLabelState: Equatable, Sendable {
    var name: String?
    var color: String?
}

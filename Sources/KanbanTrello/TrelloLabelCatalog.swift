import Kanban
/// A Trello export's labels, gathered from wherever the export keeps them: the board's labels at
/// the end, by Trello id, and the id each label object, card or action means.
///
/// Exports keep labels in several places, by age: a top-level `labels` list; each card's
/// `idLabels` and `labels` (ids, or label objects: id, name and colour, or, from before labels
/// had ids, colour and name only); the board's `labelNames` (colour → name, from when a board
/// had one label a colour); and the actions' `data.label` (in the oldest, `data.value`: a
/// colour). A label without an id is the board's one label of its colour when there is one,
/// else known by its colour (`colour:green`), else by its name (`name:Ready`).
///
/// The board's labels at the end are the top-level list and every label a card carries; when
/// there is no top-level list, also each colour `labelNames` names that no label has (a colour
/// named but never used is a label Trello showed; one unnamed and unused is not).
struct TrelloLabelCatalog: Sendable {
    /// The board's labels at the end, by Trello id.
    var labels: [String: TrelloLabelState]
    /// The names `labelNames` gives colours (blank ones left out).
    var colourNames: [String: String]
    /// For each colour exactly one label with an id has, that label's id.
    private var byColour: [String: String]

    init(export: TrelloExport) {
        var labels: [String: TrelloLabelState] = [:]
        for label in export.labels ?? [] {
            guard let id = label.id else { continue }
            labels[id] = TrelloLabelState(name: label.name, color: label.color)
        }
        for card in export.cards {
            for label in card.labels where label.isDescribed {
                guard let id = label.id, labels[id] == nil else { continue }
                labels[id] = TrelloLabelState(name: label.name, color: label.color)
            }
        }
        var colours: [String: Set<String>] = [:]
        for (id, label) in labels {
            guard let colour = label.color else { continue }
            colours[colour, default: []].insert(id)
        }
        byColour = colours.compactMapValues { $0.count == 1 ? $0.first : nil }
        colourNames = export.labelNames.filter { !$0.value.trimmingBlanks().isEmpty }
        self.labels = labels
        // Label objects without ids, then colours named and used by none.
        for card in export.cards {
            for label in card.labels where label.id == nil {
                guard let id = id(of: label), self.labels[id] == nil else { continue }
                self.labels[id] = TrelloLabelState(name: label.name, color: label.color)
            }
        }
        guard export.labels == nil else { return }
        for (colour, name) in colourNames where !self.labels.values.contains(where: { $0.color == colour }) {
            self.labels[Self.colourID(colour)] = TrelloLabelState(name: name, color: colour)
        }
    }

    /// The id of the label `label` describes; `nil` when it says nothing of itself.
    func id(of label: TrelloLabel) -> String? {
        if let id = label.id { return id }
        if let colour = label.color { return byColour[colour] ?? Self.colourID(colour) }
        guard let name = label.name, !name.trimmingBlanks().isEmpty else { return nil }
        return "name:" + name
    }

    /// The id of the label an action's `data.label` describes, or `data.value` names by colour
    /// (`addLabelToCard` in the oldest exports).
    func id(in data: TrelloActionData) -> String? {
        if let label = data.label { return id(of: TrelloLabel(label)) }
        guard let colour = data.value else { return nil }
        return id(of: TrelloLabel(id: nil, name: nil, color: colour))
    }

    /// What an action says of the label it names, over what was known of it.
    func state(in data: TrelloActionData, over known: TrelloLabelState?) -> TrelloLabelState {
        if let label = data.label { return TrelloDetailHistory.label(label, over: known) }
        guard let colour = data.value else { return known ?? TrelloLabelState(name: nil, color: nil) }
        return known ?? TrelloLabelState(name: colourNames[colour], color: colour)
    }

    /// The labels card `card` carries at the end, by id.
    func labels(of card: TrelloCard) -> Set<String> {
        Set(card.labels.compactMap(id(of:)))
    }

    /// The id of the label known by colour `colour` alone.
    static func colourID(_ colour: String) -> String {
        "colour:" + colour
    }
}

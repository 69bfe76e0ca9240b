import KanbanCore
import Kanban

/// A Trello export's history walked backwards: the board as it was just before the oldest kept
/// action, and what each action changed.
///
/// Trello keeps only the newest 1,000 actions, so cards and lists can be older than all of them.
/// The walk starts from the export's final `lists` and `cards` and takes the actions back one by
/// one, newest first: an `updateCard` puts back its `old` values (and `listBefore`), a creation
/// takes the card away, a deletion brings it back (with the last name any action gave it); lists
/// likewise (a list moved here takes the cards in it away with it), and an `updateBoard` puts
/// back the board's old name (or, closing or reopening it, is noted as such). What is left is the board before the first kept action; on the
/// way, each action's result is recorded, for the forward replay to reach exactly.
struct TrelloHistory: Sendable {
    /// The actions, oldest first (by date, then id), each with its time and its actor.
    var actions: [TimedAction]
    /// What each action of `actions` changed (same index).
    var changes: [TrelloChange]
    /// The cards before the oldest action, by Trello id (archived ones too).
    var initialCards: [String: TrelloCardState]
    /// The lists before the oldest action, by Trello id.
    var initialLists: [String: TrelloListState]
    /// Every list ever seen, as it is at the end (or when last seen), by Trello id.
    var finalLists: [String: TrelloListState]
    /// Lists that held a card at some point.
    var listsWithCards: Set<String>
    /// Cards deleted within the kept actions, older than all of them, and named by none: their
    /// title is not in the export (they show as `(untitled card #N)`).
    var untitledCards: Set<String>
    /// The board's name before the oldest action (its name at the end, unless an action renamed it).
    var initialName: String
    /// The index in `actions` of the action that made the board (`createBoard`, or the
    /// `copyBoard` that made this board), when it happened at the oldest action's moment.
    var makingAction: Int?

    /// An action with its moment and the name it is recorded under.
    struct TimedAction: Sendable {
        var action: TrelloAction
        var time: Timestamp
        var actor: String
    }

    /// The action types that bring a card onto the board.
    static let cardArrivals: Set<String> = ["createCard", "copyCard", "convertToCardFromCheckItem", "moveCardToBoard"]
    /// The action types that take a card off the board.
    static let cardDepartures: Set<String> = ["deleteCard", "moveCardFromBoard"]
    /// The fields of `updateCard` this walk replays; labels, members and `dueComplete` are details
    /// (``TrelloDetailHistory``), others (covers…) are counted.
    static let cardFields: Set<String> = ["name", "desc", "due", "pos", "idList", "closed"]
    /// The fields of `updateList` the import replays.
    static let listFields: Set<String> = ["name", "pos", "closed"]
    /// The action types that may make the board: `createBoard`, and `copyBoard` when its
    /// `data.board` is this board (the copy).
    static let boardMakings: Set<String> = ["createBoard", "copyBoard"]

    init(export: TrelloExport) throws {
        let members = Dictionary(export.members.compactMap { member in member.id.map { ($0, member) } }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var timed: [TimedAction] = []
        for (index, action) in export.actions.enumerated() where seen.insert(action.id).inserted {
            guard let time = TrelloTime.moment(action.date) else {
                throw TrelloImportError.malformed("actions[\(index)].date '\(action.date)' is not an ISO 8601 date-time")
            }
            let actor = action.memberCreator?.actorName
                ?? action.idMemberCreator.flatMap { members[$0]?.actorName }
                ?? action.idMemberCreator
                ?? "trello"
            timed.append(TimedAction(action: action, time: time, actor: actor))
        }
        timed.sort { ($0.time, $0.action.id) < ($1.time, $1.action.id) }
        actions = timed
        // The board was made by the first action that made it, if nothing happened before it.
        makingAction = timed.firstIndex { entry in
            Self.boardMakings.contains(entry.action.type)
                && (entry.action.data?.boardID ?? (entry.action.type == "createBoard" ? export.id : nil)) == export.id
        }.flatMap { timed[$0].time == timed[0].time ? $0 : nil }

        // Names given by actions: the last one a deleted card or an unknown list had.
        var cardNames: [String: String] = [:]
        var listNames: [String: String] = [:]
        for entry in timed {
            guard let data = entry.action.data else { continue }
            if let id = data.cardID, let name = data.card?["name"]?.string { cardNames[id] = name }
            for reference in [data.listBefore, data.listAfter] {
                if let id = reference?.id, let name = reference?.name { listNames[id] = name }
            }
            if let id = data.listID, let name = data.list?["name"]?.string { listNames[id] = name }
        }

        // Whether each departing card was archived then: a deletion does not say, the updates
        // before it do.
        var closedAtDeparture: [Int: Bool] = [:]
        var closed: [String: Bool] = [:]
        for (index, entry) in timed.enumerated() {
            guard let data = entry.action.data, let id = data.cardID else { continue }
            if Self.cardArrivals.contains(entry.action.type) {
                closed[id] = data.card?["closed"]?.bool ?? false
            } else if Self.cardDepartures.contains(entry.action.type) {
                closedAtDeparture[index] = closed[id] ?? false
                closed[id] = nil
            } else if entry.action.type == "updateCard", let old = data.old?["closed"]?.bool {
                closed[id] = data.card?["closed"]?.bool ?? !old
            }
        }

        var lists: [String: TrelloListState] = [:]
        for list in export.lists {
            lists[list.id] = TrelloListState(name: list.name ?? "", pos: list.pos ?? .greatestFiniteMagnitude, closed: list.closed ?? false)
        }
        var cards: [String: TrelloCardState] = [:]
        var withCards = Set<String>()
        for (index, card) in export.cards.enumerated() {
            guard let list = card.idList else { throw TrelloImportError.malformed("cards[\(index)] has no idList") }
            cards[card.id] = TrelloCardState(
                title: card.name ?? "", description: card.desc ?? "", due: try Self.due(card.due, at: "cards[\(index)].due"),
                list: list, pos: card.pos ?? .greatestFiniteMagnitude, closed: card.closed ?? false
            )
            withCards.insert(list)
        }

        /// A card the final state does not know, from what an action says of it.
        var untitled = Set<String>()
        func sketch(_ id: String, _ data: TrelloActionData) throws -> TrelloCardState {
            var title = data.card?["name"]?.string ?? cardNames[id]
            if title == nil {
                untitled.insert(id)
                title = data.card?["idShort"]?.number.map { "(untitled card #\(Int(exactly: $0) ?? 0))" } ?? "(untitled card)"
            }
            return TrelloCardState(
                title: title ?? "",
                description: data.card?["desc"]?.string ?? "",
                due: try Self.due(data.card?["due"]?.string, at: "card \(id)'s due"),
                list: data.card?["idList"]?.string ?? data.listAfter?.id ?? data.listID ?? data.listBefore?.id ?? "",
                pos: data.card?["pos"]?.number ?? .greatestFiniteMagnitude,
                closed: data.card?["closed"]?.bool ?? false
            )
        }
        func sketchList(_ id: String, _ data: TrelloActionData?) -> TrelloListState {
            TrelloListState(
                name: data?.list?["name"]?.string ?? listNames[id] ?? "", pos: data?.list?["pos"]?.number ?? .greatestFiniteMagnitude,
                closed: data?.list?["closed"]?.bool ?? false
            )
        }

        var name = export.name ?? ""
        var changes = Array(repeating: TrelloChange.notImported, count: timed.count)
        if let making = makingAction { changes[making] = .boardMade }
        for index in timed.indices.reversed() {
            let action = timed[index].action
            guard let data = action.data, index != makingAction else { continue }
            switch action.type {
            case let type where Self.cardArrivals.contains(type):
                guard let id = data.cardID else { continue }
                let after = try cards[id] ?? sketch(id, data)
                changes[index] = .card(id: id, after: after)
                withCards.insert(after.list)
                cards[id] = nil
            case let type where Self.cardDepartures.contains(type):
                guard let id = data.cardID else { continue }
                changes[index] = .card(id: id, after: nil)
                var before = try cards[id] ?? sketch(id, data)
                if before.list.isEmpty, let list = data.listID { before.list = list }
                before.closed = closedAtDeparture[index] ?? false
                withCards.insert(before.list)
                cards[id] = before
            case "updateCard":
                guard let id = data.cardID, let old = data.old,
                      old.keys.contains(where: Self.cardFields.contains) || data.listBefore != nil
                else { continue }
                // The walk's card, with the new values the action names (a card the export does
                // not hold is only known from them).
                var after = try cards[id] ?? sketch(id, data)
                let new = data.card ?? [:]
                if old["name"] != nil, let name = new["name"]?.string { after.title = name }
                if old["desc"] != nil, let description = new["desc"] { after.description = description.string ?? "" }
                if old["due"] != nil, let due = new["due"] { after.due = try Self.due(due.string, at: "action \(action.id)'s due") }
                if old["pos"] != nil, let pos = new["pos"]?.number { after.pos = pos }
                if let list = new["idList"]?.string ?? data.listAfter?.id, old["idList"] != nil || data.listBefore != nil { after.list = list }
                if old["closed"] != nil, let closed = new["closed"]?.bool { after.closed = closed }
                changes[index] = .card(id: id, after: after)
                var before = after
                if let name = old["name"]?.string { before.title = name }
                if let description = old["desc"] { before.description = description.string ?? "" }
                if let due = old["due"] { before.due = try Self.due(due.string, at: "action \(action.id)'s old due") }
                if let pos = old["pos"]?.number { before.pos = pos }
                if let list = old["idList"]?.string ?? data.listBefore?.id { before.list = list }
                if let closed = old["closed"]?.bool { before.closed = closed }
                withCards.insert(after.list)
                withCards.insert(before.list)
                cards[id] = before
            case "createList":
                guard let id = data.listID else { continue }
                changes[index] = .list(id: id, after: lists[id] ?? sketchList(id, data))
                lists[id] = nil
            case "updateList":
                guard let id = data.listID, let old = data.old, old.keys.contains(where: Self.listFields.contains) else { continue }
                let after = lists[id] ?? sketchList(id, data)
                changes[index] = .list(id: id, after: after)
                var before = after
                if let name = old["name"]?.string { before.name = name }
                if let pos = old["pos"]?.number { before.pos = pos }
                if let closed = old["closed"]?.bool { before.closed = closed }
                lists[id] = before
            case "moveListToBoard":
                // The list arrives with the cards in it: before, neither was here.
                guard let id = data.listID else { continue }
                let arriving = cards.filter { $0.value.list == id }
                changes[index] = .listArrival(id: id, after: lists[id] ?? sketchList(id, data), cards: arriving)
                if !arriving.isEmpty { withCards.insert(id) }
                for card in arriving.keys { cards[card] = nil }
                lists[id] = nil
            case "moveListFromBoard":
                guard let id = data.listID else { continue }
                changes[index] = .listDeparture(id: id)
                lists[id] = lists[id] ?? sketchList(id, data)
            case "updateBoard":
                guard let old = data.old, (data.boardID ?? export.id) == export.id else { continue }
                if let oldName = old["name"]?.string {
                    changes[index] = .boardName(name)
                    name = oldName
                } else if let wasClosed = old["closed"]?.bool {
                    changes[index] = .boardClosed(data.board?["closed"]?.bool ?? !wasClosed)
                }
            default:
                continue
            }
        }
        self.changes = changes
        initialCards = cards
        initialLists = lists
        initialName = name

        // Every list a card sits in is known, if only by the name an action gave it.
        var final: [String: TrelloListState] = [:]
        for list in export.lists {
            final[list.id] = TrelloListState(name: list.name ?? "", pos: list.pos ?? .greatestFiniteMagnitude, closed: list.closed ?? false)
        }
        for change in changes {
            switch change {
            case .list(let id, let after), .listArrival(let id, let after, _):
                if final[id] == nil { final[id] = after }
            default:
                continue
            }
        }
        for (id, list) in initialLists where final[id] == nil { final[id] = list }
        for id in withCards where final[id] == nil {
            final[id] = TrelloListState(name: listNames[id] ?? "", pos: .greatestFiniteMagnitude, closed: false)
        }
        finalLists = final
        listsWithCards = withCards
        untitledCards = untitled.filter { cards[$0] != nil }
    }

    /// A due date as Trello writes it (`null` or absent: none).
    static func due(_ text: String?, at place: String) throws -> Due? {
        guard let text else { return nil }
        guard let moment = TrelloTime.moment(text) else {
            throw TrelloImportError.malformed("\(place) '\(text)' is not an ISO 8601 date-time")
        }
        return .moment(moment)
    }
}

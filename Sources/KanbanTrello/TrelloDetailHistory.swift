import Kanban
/// A Trello export's card and board details walked backwards, as ``TrelloHistory`` walks its
/// cards and lists: the board's labels and members, and each card's members, labels, due date
/// mark, checklists, attachments and comments.
///
/// The walk starts from the export's final labels (``TrelloLabelCatalog``), `members`,
/// `checklists` and cards, and takes the actions back one by one, newest first: an addition
/// takes the detail away, a removal puts it back as the action describes it, an update puts
/// back its `old` values. What is left is the details before the oldest kept action (and, for
/// each card that arrives, those it arrives with); on the way, each action's result is recorded
/// for the forward replay to reach. A checklist item no kept action creates came with its
/// checklist, or with its card.
///
/// Trello keeps a comment only in the action that wrote it, with its latest text: an edit's
/// `old` text is what it said before, and a comment older than the kept actions is known only
/// when a kept edit names it.
struct TrelloDetailHistory: Sendable {
    /// What each action of ``TrelloHistory/actions`` changed of the details (same index).
    var changes: [[TrelloDetailChange]]
    /// The details of the cards before the oldest action, by Trello id.
    var initialCards: [String: TrelloCardDetails]
    /// The details each card arrives with, by the index of the action that brings it.
    var arrivals: [Int: TrelloCardDetails]
    /// The details of the cards a list moved here brings, by the index of its
    /// `moveListToBoard`, then by card.
    var listArrivals: [Int: [String: TrelloCardDetails]]
    /// The board's labels before the oldest action, by Trello id.
    var initialLabels: [String: TrelloLabelState]
    /// The board's members before the oldest action, by Trello id.
    var initialMembers: Set<String>
    /// Every checklist seen, as it was before the oldest action (or when first named), by Trello id.
    var checklists: [String: TrelloChecklistState]
    /// The latest the export says of each label, by Trello id: for a label named by id only.
    var labelInfo: [String: TrelloLabelState]
    /// The name each member's actions are recorded under, by Trello id.
    var people: [String: String]

    /// The action types that make someone a member of the board (a role change: one already).
    static let boardMemberships: Set<String> = ["addMemberToBoard", "makeNormalMemberOfBoard", "makeAdminOfBoard", "makeObserverOfBoard"]
    /// The fields of `updateCheckItem` the walk replays.
    static let itemFields: Set<String> = ["name", "pos", "state", "idChecklist"]
    /// The action types that write a comment.
    static let commentWritings: Set<String> = ["commentCard", "copyCommentCard"]

    init(export: TrelloExport, history: TrelloHistory) {
        let timed = history.actions

        // Names: the export's members, then the names actions give (as actors are named).
        var people: [String: String] = [:]
        for member in export.members {
            if let id = member.id, let name = member.actorName { people[id] = name }
        }
        for entry in timed {
            let action = entry.action
            if let id = action.idMemberCreator, let name = action.memberCreator?.actorName { people[id] = name }
            if let id = action.member?.id, let name = action.member?.actorName { people[id] = name }
        }
        for entry in timed {
            guard let member = entry.action.data?.member, let id = member["id"]?.string, people[id] == nil else { continue }
            if let name = member["name"]?.string, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { people[id] = name }
        }
        self.people = people

        // The details at the end.
        let catalog = TrelloLabelCatalog(export: export)
        var cards: [String: TrelloCardDetails] = [:]
        for card in export.cards {
            var details = TrelloCardDetails(members: Set(card.idMembers), labels: catalog.labels(of: card), dueComplete: card.dueComplete ?? false)
            for attachment in card.attachments {
                guard let id = attachment.id, !details.links.contains(where: { $0.id == id }) else { continue }
                details.links.append(TrelloLinkState(id: id, url: attachment.url ?? "", name: attachment.name ?? ""))
            }
            cards[card.id] = details
        }
        var checklists: [String: TrelloChecklistState] = [:]
        var checklistCards: [String: String] = [:]
        for checklist in export.checklists {
            guard let id = checklist.id else { continue }
            checklists[id] = TrelloChecklistState(name: checklist.name ?? "", pos: checklist.pos ?? .greatestFiniteMagnitude)
            guard let card = checklist.idCard else { continue }
            checklistCards[id] = card
            for item in checklist.checkItems {
                guard let itemID = item.id else { continue }
                cards[card, default: TrelloCardDetails()].items[itemID] = TrelloCheckItemState(
                    id: itemID, checklist: id, name: item.name ?? "", complete: item.state == "complete", pos: item.pos ?? .greatestFiniteMagnitude
                )
            }
        }
        var labelInfo: [String: TrelloLabelState] = [:]
        var written = Set<String>()
        for entry in timed {
            guard let data = entry.action.data else { continue }
            if data.label != nil || ["addLabelToCard", "removeLabelFromCard"].contains(entry.action.type), let id = catalog.id(in: data) {
                labelInfo[id] = catalog.state(in: data, over: labelInfo[id])
            }
            if let checklist = data.checklistID, let card = data.cardID, checklistCards[checklist] == nil { checklistCards[checklist] = card }
            if Self.commentWritings.contains(entry.action.type) { written.insert(entry.action.id) }
        }
        var labels = catalog.labels
        for (id, label) in labels { labelInfo[id] = label }
        var members = Set(export.members.compactMap(\.id))

        /// A check item as an action describes it.
        func item(_ id: String, _ data: TrelloActionData) -> TrelloCheckItemState {
            TrelloCheckItemState(
                id: id, checklist: data.checklistID ?? "", name: data.checkItem?["name"]?.string ?? "",
                complete: data.checkItem?["state"]?.string == "complete", pos: data.checkItem?["pos"]?.number ?? .greatestFiniteMagnitude
            )
        }
        /// A checklist as an action describes it.
        func checklist(_ data: TrelloActionData) -> TrelloChecklistState {
            TrelloChecklistState(name: data.checklist?["name"]?.string ?? "", pos: data.checklist?["pos"]?.number ?? .greatestFiniteMagnitude)
        }
        /// The member an action adds or removes.
        func member(_ action: TrelloAction) -> String? {
            action.data?.idMemberAdded ?? action.data?.idMember ?? action.member?.id ?? action.data?.member?["id"]?.string
        }

        var texts: [String: String] = [:]
        var arrivals: [Int: TrelloCardDetails] = [:]
        var listArrivals: [Int: [String: TrelloCardDetails]] = [:]
        var changes = Array(repeating: [TrelloDetailChange](), count: timed.count)
        for index in timed.indices.reversed() {
            let action = timed[index].action
            guard let data = action.data else { continue }
            let card = data.cardID
            switch action.type {
            case let type where TrelloHistory.cardArrivals.contains(type):
                guard let card else { continue }
                arrivals[index] = cards[card] ?? TrelloCardDetails()
                cards[card] = nil
                // A check item made a card leaves its card.
                if type == "convertToCardFromCheckItem", let source = data.cardSource?.id, let id = data.checkItemID {
                    changes[index] = [.item(card: source, id: id, after: nil)]
                    cards[source, default: TrelloCardDetails()].items[id] = item(id, data)
                }
            case "moveListToBoard":
                guard case .listArrival(_, _, let arriving) = history.changes[index] else { continue }
                for card in arriving.keys {
                    listArrivals[index, default: [:]][card] = cards[card] ?? TrelloCardDetails()
                    cards[card] = nil
                }
            case let type where TrelloHistory.cardDepartures.contains(type):
                // What a card carried before it went is known only from the actions before.
                guard let card else { continue }
                cards[card] = TrelloCardDetails()
            case "addMemberToCard", "removeMemberFromCard":
                guard let card, let id = member(action) else { continue }
                let added = action.type == "addMemberToCard"
                changes[index] = [.members(card: card, added: added ? [id] : [], removed: added ? [] : [id])]
                if added { cards[card, default: TrelloCardDetails()].members.remove(id) } else { cards[card, default: TrelloCardDetails()].members.insert(id) }
            case "addLabelToCard", "removeLabelFromCard":
                guard let card, let id = catalog.id(in: data) else { continue }
                let added = action.type == "addLabelToCard"
                changes[index] = [.labels(card: card, added: added ? [id] : [], removed: added ? [] : [id])]
                if added { cards[card, default: TrelloCardDetails()].labels.remove(id) } else { cards[card, default: TrelloCardDetails()].labels.insert(id) }
            case "updateCard":
                guard let card, let old = data.old else { continue }
                var details = cards[card] ?? TrelloCardDetails()
                // Put back what the update added and took away (an older export's way for labels and members).
                if let before = old["idMembers"]?.strings.map(Set.init) {
                    let after = data.card?["idMembers"]?.strings.map(Set.init) ?? details.members
                    let (added, removed) = (after.subtracting(before), before.subtracting(after))
                    changes[index].append(.members(card: card, added: added.sorted(), removed: removed.sorted()))
                    details.members = details.members.subtracting(added).union(removed)
                }
                if let before = old["idLabels"]?.strings.map(Set.init) {
                    let after = data.card?["idLabels"]?.strings.map(Set.init) ?? details.labels
                    let (added, removed) = (after.subtracting(before), before.subtracting(after))
                    changes[index].append(.labels(card: card, added: added.sorted(), removed: removed.sorted()))
                    details.labels = details.labels.subtracting(added).union(removed)
                }
                if let before = old["dueComplete"]?.bool {
                    changes[index].append(.dueComplete(card: card, done: data.card?["dueComplete"]?.bool ?? !before))
                    details.dueComplete = before
                }
                cards[card] = details
            case let type where Self.commentWritings.contains(type):
                guard let card else { continue }
                let author = timed[index].actor
                let text = texts[action.id] ?? data.text ?? ""
                changes[index] = [.comment(card: card, id: action.id, after: TrelloCommentState(id: action.id, author: author, authorID: action.idMemberCreator ?? author, text: text))]
                texts[action.id] = nil
            case "updateComment":
                guard let card, let id = data.action?["id"]?.string else { continue }
                let author = timed[index].actor
                let after = texts[id] ?? data.action?["text"]?.string ?? ""
                changes[index] = [.comment(card: card, id: id, after: TrelloCommentState(id: id, author: author, authorID: action.idMemberCreator ?? author, text: after))]
                let before = data.old?["text"]?.string ?? after
                texts[id] = before
                // A comment no kept action writes is older than them: it was there before.
                guard !written.contains(id) else { continue }
                var details = cards[card] ?? TrelloCardDetails()
                if let position = details.comments.firstIndex(where: { $0.id == id }) {
                    details.comments[position].text = before
                } else {
                    details.comments.append(TrelloCommentState(id: id, author: author, authorID: action.idMemberCreator ?? author, text: before))
                }
                cards[card] = details
            case "deleteComment":
                guard let card, let id = data.action?["id"]?.string else { continue }
                changes[index] = [.comment(card: card, id: id, after: nil)]
            case "addChecklistToCard":
                guard let card, let id = data.checklistID else { continue }
                let state = checklists[id] ?? checklist(data)
                checklists[id] = state
                var details = cards[card] ?? TrelloCardDetails()
                let born = details.items.values.filter { $0.checklist == id }.sorted { ($0.pos, $0.id) < ($1.pos, $1.id) }
                changes[index] = [.checklist(card: card, id: id, after: state, items: born)]
                for item in born { details.items[item.id] = nil }
                cards[card] = details
            case "removeChecklistFromCard":
                guard let card, let id = data.checklistID else { continue }
                changes[index] = [.checklist(card: card, id: id, after: nil, items: [])]
                if checklists[id] == nil { checklists[id] = checklist(data) }
            case "updateChecklist":
                guard let id = data.checklistID, let card = card ?? checklistCards[id] else { continue }
                let after = checklists[id] ?? checklist(data)
                changes[index] = [.checklist(card: card, id: id, after: after, items: [])]
                var before = after
                if let name = data.old?["name"]?.string { before.name = name }
                if let pos = data.old?["pos"]?.number { before.pos = pos }
                checklists[id] = before
            case "createCheckItem", "updateCheckItem", "updateCheckItemStateOnCard", "deleteCheckItem":
                guard let card, let id = data.checkItemID else { continue }
                // An item's due date or member are Trello's own: such an update changes nothing here.
                if action.type == "updateCheckItem", !(data.old?.keys.contains(where: Self.itemFields.contains) ?? false) { continue }
                var details = cards[card] ?? TrelloCardDetails()
                if let checklistID = data.checklistID, checklists[checklistID] == nil { checklists[checklistID] = checklist(data) }
                switch action.type {
                case "createCheckItem":
                    changes[index] = [.item(card: card, id: id, after: details.items[id] ?? item(id, data))]
                    details.items[id] = nil
                case "deleteCheckItem":
                    changes[index] = [.item(card: card, id: id, after: nil)]
                    details.items[id] = item(id, data)
                case "updateCheckItemStateOnCard":
                    let after = details.items[id] ?? item(id, data)
                    changes[index] = [.item(card: card, id: id, after: after)]
                    var before = after
                    before.complete = data.checkItem?["state"]?.string != "complete"
                    details.items[id] = before
                default:
                    let after = details.items[id] ?? item(id, data)
                    changes[index] = [.item(card: card, id: id, after: after)]
                    var before = after
                    if let name = data.old?["name"]?.string { before.name = name }
                    if let pos = data.old?["pos"]?.number { before.pos = pos }
                    if let state = data.old?["state"]?.string { before.complete = state == "complete" }
                    if let checklist = data.old?["idChecklist"]?.string { before.checklist = checklist }
                    details.items[id] = before
                }
                cards[card] = details
            case "addAttachmentToCard":
                guard let card, let id = data.attachment?["id"]?.string else { continue }
                var details = cards[card] ?? TrelloCardDetails()
                let after = details.links.first { $0.id == id }
                    ?? TrelloLinkState(id: id, url: data.attachment?["url"]?.string ?? "", name: data.attachment?["name"]?.string ?? "")
                changes[index] = [.link(card: card, id: id, after: after)]
                details.links.removeAll { $0.id == id }
                cards[card] = details
            case "deleteAttachmentFromCard":
                guard let card, let id = data.attachment?["id"]?.string else { continue }
                changes[index] = [.link(card: card, id: id, after: nil)]
                // Put back only when the action says where it was.
                guard let url = data.attachment?["url"]?.string else { continue }
                var details = cards[card] ?? TrelloCardDetails()
                if !details.links.contains(where: { $0.id == id }) {
                    details.links.append(TrelloLinkState(id: id, url: url, name: data.attachment?["name"]?.string ?? ""))
                }
                cards[card] = details
            case "createLabel":
                guard let id = data.label.map(TrelloLabel.init).flatMap(catalog.id(of:)) else { continue }
                changes[index] = [.boardLabel(id: id, after: labels[id] ?? Self.label(data.label ?? [:], over: nil))]
                labels[id] = nil
            case "updateLabel":
                guard let id = data.label.map(TrelloLabel.init).flatMap(catalog.id(of:)) else { continue }
                let after = labels[id] ?? Self.label(data.label ?? [:], over: labelInfo[id])
                changes[index] = [.boardLabel(id: id, after: after)]
                var before = after
                if let name = data.old?["name"] { before.name = name.string }
                if let color = data.old?["color"] { before.color = color.string }
                labels[id] = before
            case "deleteLabel":
                guard let id = data.label.map(TrelloLabel.init).flatMap(catalog.id(of:)) else { continue }
                changes[index] = [.boardLabel(id: id, after: nil)]
                labels[id] = labelInfo[id] ?? Self.label(data.label ?? [:], over: nil)
            case let type where Self.boardMemberships.contains(type) || type == "removeMemberFromBoard":
                guard let id = member(action) else { continue }
                let present = type != "removeMemberFromBoard"
                changes[index] = [.boardMember(id: id, present: present)]
                if type == "addMemberToBoard" { members.remove(id) } else if !present { members.insert(id) }
            default:
                continue
            }
        }
        self.changes = changes
        self.arrivals = arrivals
        self.listArrivals = listArrivals
        initialCards = cards.filter { history.initialCards[$0.key] != nil }
        initialLabels = labels
        initialMembers = members
        self.checklists = checklists
        self.labelInfo = labelInfo
    }

    /// A label as an action's `data.label` describes it, over what was known of it.
    static func label(_ data: [String: TrelloValue], over known: TrelloLabelState?) -> TrelloLabelState {
        var state = known ?? TrelloLabelState(name: nil, color: nil)
        if let name = data["name"] { state.name = name.string }
        if let color = data["color"] { state.color = color.string }
        return state
    }
}

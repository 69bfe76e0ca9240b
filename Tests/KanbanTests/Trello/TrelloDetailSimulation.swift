import Foundation
import KanbanCore
@testable import KanbanTrello

/// Card and board details played forward at random beside a ``TrelloBoardSimulation``: the
/// board's members and labels, and each card's members, labels, due date mark, checklists,
/// comments and attachments, written out as Trello exports them (a comment's latest text in the
/// action that wrote it, a deleted comment's action gone). Details change on archived cards too.
/// It remembers the details after every action, so a test can compare our replay with Trello's
/// at each moment.
struct TrelloDetailSimulation {
    struct Label {
        var id: String
        /// Blank: shown by its colour.
        var name: String
        var color: String?
    }

    struct Item {
        var id: String
        var name: String
        var complete: Bool
        var pos: Double
    }

    struct Checklist {
        var id: String
        var name: String
        var pos: Double
        var items: [Item]
    }

    struct Comment {
        var id: String
        var author: String
        var text: String
    }

    struct Attachment {
        var id: String
        var name: String
        var url: String
    }

    struct Details {
        /// Member ids.
        var members: Set<String> = []
        /// Label ids.
        var labels: Set<String> = []
        var dueComplete = false
        var checklists: [Checklist] = []
        var comments: [Comment] = []
        var attachments: [Attachment] = []
    }

    /// The details after one action.
    struct Snapshot {
        var cards: [String: Details]
        var labels: [Label]
        /// Member ids.
        var members: Set<String>
    }

    /// What an export keeping the newest actions from index `first` on cannot tell.
    struct Unknowable {
        /// Every text of comments deleted (their writing is not in the export).
        var commentTexts: Set<String> = []
        /// Comments written before the kept actions that no kept action edits.
        var comments: Set<String> = []
        /// Items gone with their checklist that no kept action names.
        var items: Set<String> = []
        /// Attachments older than the kept actions deleted within them (a deletion says no address).
        var attachments: Set<String> = []
    }

    var board: TrelloBoardSimulation
    var generator: SeededGenerator
    var labels: [Label] = []
    var members: Set<String>
    var details: [String: Details] = [:]
    var snapshots: [Snapshot] = []
    var deletedComments = Set<String>()
    /// Every text each comment has had.
    var commentTexts: [String: [String]] = [:]
    /// The items gone with their checklist, by the index of the action that removed it.
    var removedWithChecklist: [Int: [String]] = [:]
    var counter = 0

    init(seed: UInt64) {
        board = TrelloBoardSimulation(seed: seed)
        generator = SeededGenerator(seed: seed &+ 77)
        members = [Self.id(of: "ana")]
    }

    /// A person's Trello id, as ``TrelloBoardSimulation`` gives its actors.
    static func id(of person: String) -> String {
        "m-\(person.utf8.count)"
    }

    func person(_ id: String) -> String {
        board.members.first { Self.id(of: $0) == id } ?? id
    }

    /// Our colour for Trello's: without `_dark` or `_light`; grey for none.
    static func colour(_ color: String?) -> String {
        guard var name = color else { return "grey" }
        for suffix in ["_dark", "_light"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        return name
    }

    /// A label's name on our board: its own, or its colour's.
    static func shownName(_ label: Label) -> String {
        label.name.isEmpty ? colour(label.color) : label.name
    }

    mutating func fresh() -> String {
        counter += 1
        return board.newID()
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element? {
        elements.randomElement(using: &generator)
    }

    mutating func act(_ type: String, _ data: [String: Any], by member: String? = nil, about person: String? = nil) {
        board.action(type, data, by: member)
        if let person { board.actions[board.actions.count - 1]["member"] = ["id": Self.id(of: person), "username": person] }
    }

    // MARK: Playing

    /// Plays `count` random actions, about half of them on details; the first few make lists.
    mutating func play(_ count: Int) {
        for _ in 0..<3 {
            board.createList()
            snapshots.append(Snapshot(cards: details, labels: labels, members: members))
        }
        for _ in 0..<count { step() }
    }

    mutating func step() {
        if Int.random(in: 0..<5, using: &generator) < 2 || !detailStep() {
            board.step()
            noteBoardStep()
        }
        snapshots.append(Snapshot(cards: details, labels: labels, members: members))
    }

    /// What a board action did to details: a deleted card's are gone, a comment is written.
    mutating func noteBoardStep() {
        for id in details.keys where board.cards[id] == nil { details[id] = nil }
        guard let last = board.actions.last, last["type"] as? String == "commentCard", let id = last["id"] as? String,
              let data = last["data"] as? [String: Any], let card = (data["card"] as? [String: Any])?["id"] as? String,
              let author = (last["memberCreator"] as? [String: Any])?["username"] as? String, let text = data["text"] as? String
        else { return }
        details[card, default: Details()].comments.append(Comment(id: id, author: author, text: text))
        commentTexts[id] = [text]
    }

    /// One action on details; `false` when the one drawn cannot be made now.
    mutating func detailStep() -> Bool {
        let roll = Int.random(in: 0..<22, using: &generator)
        // A card with what the action changes, when it needs one.
        let candidates = board.cards.values.sorted { $0.id < $1.id }.filter { card in
            let mine = details[card.id] ?? Details()
            switch roll {
            case 1: return !mine.members.isEmpty
            case 3: return !mine.labels.isEmpty
            case 8, 9: return !mine.comments.isEmpty
            case 11, 15, 16: return !mine.checklists.isEmpty
            case 12, 13, 14: return mine.checklists.contains { !$0.items.isEmpty }
            case 18: return !mine.attachments.isEmpty
            default: return true
            }
        }
        guard let card = pick(candidates) else { return false }
        let reference = board.cardRef(card)
        var mine = details[card.id] ?? Details()
        let names = ["Bug", "Feature", "Later", "긴급", "Café ☕️", "Ops", ""]
        let colours: [String?] = ["green", "yellow", "orange", "red", "purple", "blue", "sky", "lime", "pink", "black", "green_dark", "blue_light", nil]
        func free(_ label: Label) -> Bool {
            !labels.contains { $0.id != label.id && Self.shownName($0).lowercased() == Self.shownName(label).lowercased() }
        }
        func labelData(_ label: Label) -> [String: Any] {
            ["id": label.id, "name": label.name, "color": label.color ?? NSNull()]
        }
        func checklistData(_ checklist: Checklist) -> [String: Any] {
            ["id": checklist.id, "name": checklist.name, "pos": checklist.pos]
        }
        func itemData(_ item: Item) -> [String: Any] {
            ["id": item.id, "name": item.name, "state": item.complete ? "complete" : "incomplete", "pos": item.pos]
        }
        let items = mine.checklists.indices.flatMap { list in mine.checklists[list].items.indices.map { (list, $0) } }

        switch roll {
        case 0:
            guard let person = pick(board.members.filter { members.contains(Self.id(of: $0)) && !mine.members.contains(Self.id(of: $0)) }) else { return false }
            mine.members.insert(Self.id(of: person))
            details[card.id] = mine
            act("addMemberToCard", ["card": reference, "idMember": Self.id(of: person), "member": ["id": Self.id(of: person), "name": person]], about: person)
        case 1:
            guard let id = pick(mine.members.sorted()) else { return false }
            mine.members.remove(id)
            details[card.id] = mine
            act("removeMemberFromCard", ["card": reference, "idMember": id], about: person(id))
        case 2:
            guard let label = pick(labels.filter { !mine.labels.contains($0.id) }) else { return false }
            mine.labels.insert(label.id)
            details[card.id] = mine
            act("addLabelToCard", ["card": reference, "label": labelData(label)])
        case 3:
            guard let id = pick(mine.labels.sorted()), let label = labels.first(where: { $0.id == id }) else { return false }
            mine.labels.remove(id)
            details[card.id] = mine
            act("removeLabelFromCard", ["card": reference, "label": labelData(label)])
        case 4:
            guard let name = pick(names), let color = pick(colours) else { return false }
            let label = Label(id: fresh(), name: name, color: color)
            guard free(label) else { return false }
            labels.append(label)
            act("createLabel", ["label": labelData(label)])
        case 5:
            guard let index = pick(Array(labels.indices)) else { return false }
            var label = labels[index]
            var old: [String: Any] = [:]
            if Bool.random(using: &generator) {
                guard let name = pick(names), name != label.name else { return false }
                old["name"] = label.name
                label.name = name
            } else {
                guard let color = pick(colours), color != label.color else { return false }
                old["color"] = label.color ?? NSNull()
                label.color = color
            }
            guard free(label) else { return false }
            labels[index] = label
            act("updateLabel", ["label": labelData(label), "old": old])
        case 6:
            guard let label = pick(labels) else { return false }
            labels.removeAll { $0.id == label.id }
            for id in details.keys { details[id]?.labels.remove(label.id) }
            act("deleteLabel", ["label": labelData(label)])
        case 7:
            guard let author = pick(board.members) else { return false }
            let text = "comment \(fresh())"
            act("commentCard", ["card": reference, "text": text], by: author)
            let id = board.actions[board.actions.count - 1]["id"] as? String ?? ""
            mine.comments.append(Comment(id: id, author: author, text: text))
            commentTexts[id] = [text]
            details[card.id] = mine
        case 8:
            guard let index = pick(Array(mine.comments.indices)) else { return false }
            let comment = mine.comments[index]
            let text = "\(comment.text), edited \(fresh())"
            mine.comments[index].text = text
            commentTexts[comment.id, default: []].append(text)
            details[card.id] = mine
            act("updateComment", ["card": reference, "action": ["id": comment.id, "text": text], "old": ["text": comment.text]], by: comment.author)
        case 9:
            guard let index = pick(Array(mine.comments.indices)) else { return false }
            let comment = mine.comments.remove(at: index)
            deletedComments.insert(comment.id)
            details[card.id] = mine
            act("deleteComment", ["card": reference, "action": ["id": comment.id]], by: comment.author)
        case 10:
            guard let name = pick(["Checklist", "Before release", "QA", "할 일"]) else { return false }
            var checklist = Checklist(id: fresh(), name: name, pos: Double.random(in: 1...1000, using: &generator).rounded(), items: [])
            // Copied from another checklist: its items come without actions.
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                checklist.items.append(Item(id: fresh(), name: "copied \(counter)", complete: Bool.random(using: &generator), pos: Double.random(in: 1...1000, using: &generator).rounded()))
            }
            mine.checklists.append(checklist)
            details[card.id] = mine
            act("addChecklistToCard", ["card": reference, "checklist": checklistData(checklist)])
        case 11:
            guard let list = pick(Array(mine.checklists.indices)) else { return false }
            let item = Item(id: fresh(), name: "item \(counter)", complete: false, pos: Double.random(in: 1...1000, using: &generator).rounded())
            mine.checklists[list].items.append(item)
            details[card.id] = mine
            act("createCheckItem", ["card": reference, "checklist": checklistData(mine.checklists[list]), "checkItem": itemData(item)])
        case 12:
            guard let (list, index) = pick(items) else { return false }
            var item = mine.checklists[list].items[index]
            var old: [String: Any] = [:]
            if Bool.random(using: &generator) {
                old["name"] = item.name
                item.name = "renamed \(fresh())"
            } else {
                old["pos"] = item.pos
                item.pos = Double.random(in: 1...1000, using: &generator).rounded()
            }
            mine.checklists[list].items[index] = item
            details[card.id] = mine
            act("updateCheckItem", ["card": reference, "checklist": checklistData(mine.checklists[list]), "checkItem": itemData(item), "old": old])
        case 13:
            guard let (list, index) = pick(items) else { return false }
            mine.checklists[list].items[index].complete.toggle()
            details[card.id] = mine
            act("updateCheckItemStateOnCard", ["card": reference, "checklist": checklistData(mine.checklists[list]), "checkItem": itemData(mine.checklists[list].items[index])])
        case 14:
            guard let (list, index) = pick(items) else { return false }
            let item = mine.checklists[list].items.remove(at: index)
            details[card.id] = mine
            act("deleteCheckItem", ["card": reference, "checklist": checklistData(mine.checklists[list]), "checkItem": itemData(item)])
        case 15:
            guard let list = pick(Array(mine.checklists.indices)) else { return false }
            let checklist = mine.checklists.remove(at: list)
            details[card.id] = mine
            removedWithChecklist[board.actions.count] = checklist.items.map(\.id)
            act("removeChecklistFromCard", ["card": reference, "checklist": checklistData(checklist)])
        case 16:
            guard let list = pick(Array(mine.checklists.indices)), let name = pick(["Renamed", "Done when", "검토"]), name != mine.checklists[list].name else { return false }
            let old = mine.checklists[list].name
            mine.checklists[list].name = name
            details[card.id] = mine
            act("updateChecklist", ["card": reference, "checklist": checklistData(mine.checklists[list]), "old": ["name": old]])
        case 17:
            let number = fresh()
            let url = Int.random(in: 0..<5, using: &generator) == 0 ? "file:///tmp/\(number)" : "https://example.com/\(number)"
            let attachment = Attachment(id: number, name: "file \(counter).pdf", url: url)
            mine.attachments.append(attachment)
            details[card.id] = mine
            act("addAttachmentToCard", ["card": reference, "attachment": ["id": attachment.id, "name": attachment.name, "url": attachment.url]])
        case 18:
            guard let index = pick(Array(mine.attachments.indices)) else { return false }
            let attachment = mine.attachments.remove(at: index)
            details[card.id] = mine
            act("deleteAttachmentFromCard", ["card": reference, "attachment": ["id": attachment.id, "name": attachment.name]])
        case 19:
            guard let person = pick(board.members.filter { !members.contains(Self.id(of: $0)) }) else { return false }
            members.insert(Self.id(of: person))
            act("addMemberToBoard", ["idMemberAdded": Self.id(of: person)], about: person)
        case 20:
            // One no card has: Trello would take them off their cards.
            let assigned = Set(details.values.flatMap(\.members))
            guard let id = pick(members.subtracting(assigned).sorted()) else { return false }
            members.remove(id)
            act("removeMemberFromBoard", ["idMember": id], about: person(id))
        default:
            mine.dueComplete.toggle()
            details[card.id] = mine
            act("updateCard", ["card": board.cardRef(card, ["dueComplete": mine.dueComplete]), "old": ["dueComplete": !mine.dueComplete], "list": board.listRef(card.idList)])
        }
        return true
    }

    // MARK: Exporting

    /// The export, keeping the newest `kept` actions.
    func export(keeping kept: Int) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: board.export(keeping: kept)) as? [String: Any] ?? [:]
        var latest: [String: String] = [:]
        for card in details.values {
            for comment in card.comments { latest[comment.id] = comment.text }
        }
        let actions = object["actions"] as? [[String: Any]] ?? []
        object["actions"] = actions.compactMap { action -> [String: Any]? in
            guard action["type"] as? String == "commentCard", let id = action["id"] as? String else { return action }
            // Trello deletes a deleted comment's action, and keeps a comment's latest text in it.
            guard !deletedComments.contains(id) else { return nil }
            var action = action
            var data = action["data"] as? [String: Any] ?? [:]
            if let text = latest[id] { data["text"] = text }
            action["data"] = data
            return action
        }
        let cards = object["cards"] as? [[String: Any]] ?? []
        object["cards"] = cards.map { card -> [String: Any] in
            var card = card
            let mine = details[card["id"] as? String ?? ""] ?? Details()
            card["idMembers"] = mine.members.sorted()
            card["idLabels"] = mine.labels.sorted()
            card["dueComplete"] = mine.dueComplete
            card["attachments"] = mine.attachments.map { ["id": $0.id, "name": $0.name, "url": $0.url] }
            return card
        }
        var checklists: [[String: Any]] = []
        for (card, mine) in details.sorted(by: { $0.key < $1.key }) where board.cards[card] != nil {
            for checklist in mine.checklists {
                checklists.append([
                    "id": checklist.id, "name": checklist.name, "idCard": card, "pos": checklist.pos,
                    "checkItems": checklist.items.map { ["id": $0.id, "name": $0.name, "state": $0.complete ? "complete" : "incomplete", "pos": $0.pos] },
                ])
            }
        }
        object["checklists"] = checklists
        object["labels"] = labels.map { ["id": $0.id, "name": $0.name, "color": $0.color ?? NSNull()] as [String: Any] }
        object["members"] = members.sorted().map { ["id": $0, "username": person($0)] }
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// What an export keeping the actions from index `first` on cannot tell.
    func unknowable(from first: Int) -> Unknowable {
        var unknowable = Unknowable()
        for id in deletedComments { unknowable.commentTexts.formUnion(commentTexts[id] ?? []) }
        let kept = board.actions[first...]
        func ids(_ type: String, _ key: String) -> Set<String> {
            Set(kept.filter { $0["type"] as? String == type }.compactMap { (($0["data"] as? [String: Any])?[key] as? [String: Any])?["id"] as? String })
        }
        let written = Set(kept.filter { $0["type"] as? String == "commentCard" }.compactMap { $0["id"] as? String })
        let edited = ids("updateComment", "action")
        for (id, _) in commentTexts where !written.contains(id) && !edited.contains(id) { unknowable.comments.insert(id) }
        let named = ids("createCheckItem", "checkItem").union(ids("updateCheckItem", "checkItem"))
            .union(ids("updateCheckItemStateOnCard", "checkItem")).union(ids("deleteCheckItem", "checkItem"))
        for (index, items) in removedWithChecklist where index >= first {
            unknowable.items.formUnion(Set(items).subtracting(named))
        }
        unknowable.attachments = ids("deleteAttachmentFromCard", "attachment").subtracting(ids("addAttachmentToCard", "attachment"))
        return unknowable
    }

    /// A card's details as our board should show them after action `index`.
    func expected(_ card: String, after index: Int, _ unknowable: Unknowable) -> TrelloDetailsTests.Shown {
        let snapshot = snapshots[index]
        let mine = snapshot.cards[card] ?? Details()
        let names = Dictionary(snapshot.labels.map { ($0.id, Self.shownName($0)) }, uniquingKeysWith: { first, _ in first })
        var items: [(key: (Double, String, Double, String), text: String)] = []
        for checklist in mine.checklists {
            for item in checklist.items where !unknowable.items.contains(item.id) {
                items.append(((checklist.pos, checklist.id, item.pos, item.id), "\(checklist.name): \(item.name)\(item.complete ? " [x]" : "")"))
            }
        }
        return TrelloDetailsTests.Shown(
            assignees: mine.members.map(person).sorted(),
            labels: mine.labels.compactMap { names[$0] }.sorted(),
            dueDone: mine.dueComplete,
            checklist: items.sorted { $0.key < $1.key }.map(\.text),
            comments: mine.comments.filter { !unknowable.comments.contains($0.id) && !deletedComments.contains($0.id) }.map { "\($0.author): \($0.text)" },
            links: mine.attachments.filter { $0.url.hasPrefix("https://") && !unknowable.attachments.contains($0.id) }.map { "\($0.name) <\($0.url)>" }
        )
    }

    /// The names of the labels card `card` carries after action `index` that an export keeping
    /// the actions from `first` on cannot tell: a label deleted within them, put on the card before
    /// them (Trello's deletion does not say which cards had it) and not taken off before it goes.
    func hiddenLabels(_ card: String, after index: Int, from first: Int) -> Set<String> {
        let snapshot = snapshots[index]
        guard let mine = snapshot.cards[card] else { return [] }
        func names(_ action: [String: Any], _ type: String, _ label: String) -> Bool {
            guard action["type"] as? String == type, let data = action["data"] as? [String: Any] else { return false }
            let names = ((data["label"] as? [String: Any])?["id"] as? String) == label
            return names && (type == "deleteLabel" || ((data["card"] as? [String: Any])?["id"] as? String) == card)
        }
        var hidden = Set<String>()
        for label in snapshot.labels where mine.labels.contains(label.id) {
            guard let deleted = board.actions.indices.first(where: { $0 > index && $0 >= first && names(board.actions[$0], "deleteLabel", label.id) }) else { continue }
            let added = first <= index && (first...index).contains { names(board.actions[$0], "addLabelToCard", label.id) }
            let removed = (index + 1..<deleted).contains { names(board.actions[$0], "removeLabelFromCard", label.id) }
            if !added && !removed { hidden.insert(Self.shownName(label)) }
        }
        return hidden
    }

    /// The board's labels (`name colour`, by name) and members after action `index`.
    func expectedBoard(after index: Int) -> (labels: [String], members: [String]) {
        let snapshot = snapshots[index]
        let labels = snapshot.labels.map { (Self.shownName($0), Self.colour($0.color)) }.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }
        return (labels, snapshot.members.map(person).sorted())
    }
}

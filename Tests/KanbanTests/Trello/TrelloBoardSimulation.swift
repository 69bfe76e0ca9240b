import Foundation
import KanbanCore
@testable import KanbanTrello

/// A Trello board played forward at random, written out as Trello exports it: the final lists
/// and cards, and the newest actions (newest first) with their `old` values. It remembers the
/// board after every action, so a test can compare our replay with Trello at each moment.
struct TrelloBoardSimulation {
    struct List {
        var id: String
        var name: String
        var pos: Double
        var closed = false
    }

    struct Card {
        var id: String
        var name: String
        var desc: String
        var due: String?
        var idList: String
        var pos: Double
        var closed: Bool
    }

    /// What a board shows: per list in `pos` order, its name and its open cards' titles,
    /// descriptions and due dates in `pos` order.
    struct Shown: Equatable, CustomStringConvertible {
        var columns: [Column]

        struct Column: Equatable {
            var name: String
            var cards: [String]
        }

        var description: String {
            columns.map { "\($0.name): \($0.cards.joined(separator: " | "))" }.joined(separator: "\n")
        }
    }

    var generator: SeededGenerator
    var lists: [List] = []
    var cards: [String: Card] = [:]
    var actions: [[String: Any]] = []
    /// The board after each action (same index as `actions`): per list in `pos` order, its name
    /// and open cards in `pos` order.
    var states: [[(name: String, cards: [Card])]] = []
    /// Every title each card has had.
    var titles: [String: Set<String>] = [:]
    /// The moment of each action.
    var times: [Timestamp] = []
    var clock = Timestamp(millisecondsSinceEpoch: 1_640_995_200_000) // 2022-01-01
    /// Whether lists are archived, reopened and moved to and from other boards too (an archived
    /// list holds no open card).
    var movesLists = false
    /// The cards that left with a list, by the index of its `moveListFromBoard`.
    var departedWithList: [Int: Set<String>] = [:]
    var counter: UInt32 = 0
    let members = ["ana", "민준", "Zoë Martin", "-dash", "bob, the builder"]

    init(seed: UInt64, movesLists: Bool = false) {
        generator = SeededGenerator(seed: seed)
        self.movesLists = movesLists
    }

    /// A fresh Trello id made at the current moment, as Trello's ObjectIds are.
    mutating func newID() -> String {
        counter += 1
        let seconds = UInt32(clamping: clock.millisecondsSinceEpoch / 1000)
        return String(format: "%08x%016x", seconds, UInt64(counter))
    }

    static func iso(_ time: Timestamp) -> String {
        let text = time.description
        return text.hasSuffix("Z") && !text.contains(".") ? String(text.dropLast()) + ".000Z" : text
    }

    mutating func title() -> String {
        let words = ["Fix login", "# Heading", "-starts with dash", "회의 준비", "Café ☕️", "emoji 🎉", "a, b, c", "**bold**", "x"]
        var text = words.randomElement(using: &generator)! + " \(counter)"
        if Int.random(in: 0..<12, using: &generator) == 0 { text = "\(counter) " + String(repeating: "long ", count: 50) }
        return text
    }

    mutating func description() -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: String(repeating: "설명 ", count: 400)
        case 1: ""
        default: "notes \(counter)\n- item"
        }
    }

    /// Records an action by `chosen` (default: a member at random).
    mutating func action(_ type: String, _ data: [String: Any], by chosen: String? = nil) {
        clock.millisecondsSinceEpoch += 60_000
        let member = chosen ?? members.randomElement(using: &generator)!
        actions.append([
            "id": newID(), "type": type, "date": Self.iso(clock),
            "idMemberCreator": "m-\(member.utf8.count)", "memberCreator": ["username": member],
            "data": data,
        ])
        states.append(board())
        times.append(clock)
        for card in cards.values { titles[card.id, default: []].insert(card.name) }
    }

    func board() -> [(name: String, cards: [Card])] {
        lists.filter { !$0.closed }.sorted { ($0.pos, $0.id) < ($1.pos, $1.id) }.map { list in
            (list.name, cards.values.filter { $0.idList == list.id && !$0.closed }.sorted { ($0.pos, $0.id) < ($1.pos, $1.id) })
        }
    }

    /// What `state` shows, without the cards `excluded`.
    static func shown(_ state: [(name: String, cards: [Card])], excluding excluded: Set<String> = []) -> Shown {
        Shown(columns: state.map { column in
            Shown.Column(name: column.name, cards: column.cards.filter { !excluded.contains($0.id) }.map { "\($0.name)¶\($0.desc)¶\($0.due ?? "-")" })
        })
    }

    /// The cards an export keeping the newest `kept` actions cannot describe before they go: those
    /// deleted within the kept actions (Trello's deletions name no place in the list, nor, for a
    /// card older than the kept actions, its title, description or due date), and those that
    /// left with their list (no action names them). With every title they had.
    func unknowable(keeping kept: Int) -> (ids: Set<String>, titles: Set<String>) {
        var ids = Set<String>()
        for action in actions.suffix(kept) where action["type"] as? String == "deleteCard" {
            guard let data = action["data"] as? [String: Any], let card = data["card"] as? [String: Any], let id = card["id"] as? String else { continue }
            ids.insert(id)
        }
        for (index, departed) in departedWithList where index >= actions.count - kept { ids.formUnion(departed) }
        return (ids, Set(ids.flatMap { titles[$0] ?? [] }))
    }

    func listRef(_ id: String) -> [String: Any] {
        ["id": id, "name": lists.first { $0.id == id }?.name ?? ""]
    }

    func cardRef(_ card: Card, _ extra: [String: Any] = [:]) -> [String: Any] {
        var reference: [String: Any] = ["id": card.id, "name": card.name, "idShort": 1]
        for (key, value) in extra { reference[key] = value }
        return reference
    }

    // MARK: Playing

    /// Plays `count` random actions; the first few make lists.
    mutating func play(_ count: Int) {
        for _ in 0..<3 { createList() }
        for _ in 0..<count { step() }
    }

    mutating func createList() {
        let id = newID()
        let names = ["TODO", "Doing ⚙️", "Done! 🙌", "Backlog, later", "검토", "todo"]
        var name = names.randomElement(using: &generator)!
        if lists.contains(where: { $0.name.lowercased() == name.lowercased() }) { name += " \(counter)" }
        lists.append(List(id: id, name: name, pos: Double.random(in: 1...100_000, using: &generator).rounded()))
        action("createList", ["list": ["id": id, "name": name], "board": ["id": "board"]])
    }

    mutating func step() {
        let open = cards.values.filter { !$0.closed }.sorted { $0.id < $1.id }
        let closed = cards.values.filter(\.closed).sorted { $0.id < $1.id }
        let openLists = lists.filter { !$0.closed }
        let openIDs = Set(openLists.map(\.id))
        // 20 and up only when lists move.
        switch Int.random(in: 0..<(movesLists ? 24 : 20), using: &generator) {
        case 0...4 where !openLists.isEmpty:
            let list = openLists.randomElement(using: &generator)!
            let card = Card(id: newID(), name: title(), desc: "", due: nil, idList: list.id, pos: Double.random(in: 1...100_000, using: &generator).rounded(), closed: false)
            cards[card.id] = card
            action("createCard", ["card": cardRef(card), "list": listRef(list.id)])
        case 5 where !cards.isEmpty:
            // Archived cards can be renamed too.
            var card = (open + closed).randomElement(using: &generator)!
            let old = card.name
            card.name = title()
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card), "old": ["name": old], "list": listRef(card.idList)])
        case 6 where !open.isEmpty:
            var card = open.randomElement(using: &generator)!
            let old = card.desc
            card.desc = description()
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, ["desc": card.desc]), "old": ["desc": old], "list": listRef(card.idList)])
        case 7 where !open.isEmpty:
            var card = open.randomElement(using: &generator)!
            let old: Any = card.due ?? NSNull()
            card.due = Bool.random(using: &generator) ? nil : Self.iso(Timestamp(millisecondsSinceEpoch: clock.millisecondsSinceEpoch + 86_400_000))
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, ["due": card.due ?? NSNull()]), "old": ["due": old], "list": listRef(card.idList)])
        case 8...10 where !open.isEmpty && openLists.count > 1:
            var card = open.randomElement(using: &generator)!
            let from = card.idList
            let to = openLists.filter { $0.id != from }.randomElement(using: &generator)!.id
            card.idList = to
            var old: [String: Any] = ["idList": from]
            var new = ["idList": to] as [String: Any]
            if Bool.random(using: &generator) {
                old["pos"] = card.pos
                card.pos = Double.random(in: 1...100_000, using: &generator).rounded()
                new["pos"] = card.pos
            }
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, new), "old": old, "listBefore": listRef(from), "listAfter": listRef(to)])
        case 11 where !open.isEmpty:
            var card = open.randomElement(using: &generator)!
            let old = card.pos
            card.pos = Double.random(in: 1...100_000, using: &generator).rounded()
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, ["pos": card.pos]), "old": ["pos": old], "list": listRef(card.idList)])
        case 12 where !open.isEmpty:
            var card = open.randomElement(using: &generator)!
            card.closed = true
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, ["closed": true]), "old": ["closed": false], "list": listRef(card.idList)])
        case 13 where closed.contains { openIDs.contains($0.idList) }:
            var card = closed.filter { openIDs.contains($0.idList) }.randomElement(using: &generator)!
            card.closed = false
            cards[card.id] = card
            action("updateCard", ["card": cardRef(card, ["closed": false]), "old": ["closed": true], "list": listRef(card.idList)])
        case 14 where !cards.isEmpty:
            let card = (open + closed).randomElement(using: &generator)!
            cards[card.id] = nil
            action("deleteCard", ["card": ["id": card.id, "idShort": 1], "list": listRef(card.idList)])
        case 15 where lists.count < 6:
            createList()
        case 20 where openLists.count > 1 && openLists.contains { list in !cards.values.contains { $0.idList == list.id } }:
            // An archived list holds no card here: Trello would hide open ones, we cannot; and a
            // card archived before the kept actions and deleted within them looks open to us.
            let list = openLists.filter { list in !cards.values.contains { $0.idList == list.id } }.randomElement(using: &generator)!
            let index = lists.firstIndex { $0.id == list.id }!
            lists[index].closed = true
            action("updateList", ["list": ["id": list.id, "name": list.name, "closed": true], "old": ["closed": false]])
        case 21 where lists.contains(where: \.closed):
            let index = lists.indices.filter { lists[$0].closed }.randomElement(using: &generator)!
            lists[index].closed = false
            action("updateList", ["list": ["id": lists[index].id, "name": lists[index].name, "closed": false], "old": ["closed": true]])
        case 22 where openLists.count > 1:
            // To another board, with every card in it.
            let list = openLists.randomElement(using: &generator)!
            lists.removeAll { $0.id == list.id }
            let leaving = cards.values.filter { $0.idList == list.id }.map(\.id)
            for id in leaving { cards[id] = nil }
            departedWithList[actions.count] = Set(leaving)
            action("moveListFromBoard", ["list": ["id": list.id, "name": list.name, "pos": list.pos], "boardTarget": ["id": "5e110382bbcd021dda283499"]])
        case 23 where lists.count < 7:
            // From another board, with a card or two (one archived, perhaps).
            let id = newID()
            let name = "Brought \(counter)"
            let list = List(id: id, name: name, pos: Double.random(in: 1...100_000, using: &generator).rounded())
            lists.append(list)
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let card = Card(id: newID(), name: title(), desc: description(), due: nil, idList: id,
                                pos: Double.random(in: 1...100_000, using: &generator).rounded(), closed: Int.random(in: 0..<4, using: &generator) == 0)
                cards[card.id] = card
            }
            action("moveListToBoard", ["list": ["id": id, "name": name, "pos": list.pos], "boardSource": ["id": "5e110382bbcd021dda283499"]])
        case 16 where !lists.isEmpty:
            let index = Int.random(in: 0..<lists.count, using: &generator)
            let old = lists[index].name
            var name = ["Review", "진행 중", "Blocked 🚧", "Done", "Ready, set"].randomElement(using: &generator)!
            if lists.contains(where: { $0.name.lowercased() == name.lowercased() }) { name += " \(counter)" }
            lists[index].name = name
            action("updateList", ["list": ["id": lists[index].id, "name": name], "old": ["name": old]])
        case 17 where !lists.isEmpty:
            let index = Int.random(in: 0..<lists.count, using: &generator)
            let old = lists[index].pos
            lists[index].pos = Double.random(in: 1...100_000, using: &generator).rounded()
            action("updateList", ["list": ["id": lists[index].id, "name": lists[index].name, "pos": lists[index].pos], "old": ["pos": old]])
        case 18 where !open.isEmpty:
            // A label no export names: the import counts it and shows nothing.
            let card = open.randomElement(using: &generator)!
            action("updateCard", ["card": cardRef(card, ["idLabels": ["x"]]), "old": ["idLabels": [String]()], "list": listRef(card.idList)])
        default:
            if let card = open.randomElement(using: &generator) {
                action("commentCard", ["text": "a comment \(counter)", "card": cardRef(card), "list": listRef(card.idList)])
            } else {
                action("commentCard", ["text": "nothing to comment on"])
            }
        }
    }

    // MARK: Exporting

    /// The export, keeping the newest `kept` actions.
    func export(keeping kept: Int, name: String = "Simulated board") throws -> Data {
        let board: [String: Any] = [
            "id": "5e110382bbcd021dda283413", "name": name,
            "lists": lists.map { ["id": $0.id, "name": $0.name, "pos": $0.pos, "closed": $0.closed] as [String: Any] },
            "cards": cards.values.sorted { $0.id < $1.id }.map { card in
                ["id": card.id, "name": card.name, "desc": card.desc, "due": card.due ?? NSNull(), "idList": card.idList,
                 "pos": card.pos, "closed": card.closed] as [String: Any]
            },
            "actions": Array(actions.suffix(kept).reversed()),
            "members": [],
        ]
        return try JSONSerialization.data(withJSONObject: board)
    }
}

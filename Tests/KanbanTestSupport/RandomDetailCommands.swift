import KanbanCore

/// Random commands on cards' and boards' details: assignees, labels, due done, comments,
/// checklist items, links, members, board labels and column limits (plain and strict), mostly on live cards of the
/// default board and mostly valid, some refused (unknown items, bad addresses and colours,
/// limits out of range, someone else's comment).
public enum RandomDetailCommands {
    static let people = ["ana", "bo", "Chloé", "지민", "dev ops"]
    static let labels = ["bug", "Feature", "긴급", "à faire"]
    static let colours = ["green", "red", "blue", "Gray", "mauve"]

    /// A command to try on `state` as `actor`.
    public static func next(in state: KanbanState, using random: inout some RandomNumberGenerator) -> Command {
        let board = DefaultBoard.name
        let cards = state.cards.values.filter { state.columns[$0.column].map { state.boards[$0.board]?.name == board } ?? false }
            .sorted { $0.id < $1.id }
        guard let card = cards.randomElement(using: &random) else {
            return .addCard(board: board, title: "card \(Int.random(in: 0..<1000, using: &random))")
        }
        let id = Int.random(in: 0..<10, using: &random) == 0 ? "no-such-card" : String(card.id.description.prefix(Int.random(in: 8...36, using: &random)))
        let details = state.details(of: card.id)
        func pick(_ ids: [DetailID]) -> String {
            guard let chosen = ids.randomElement(using: &random), Int.random(in: 0..<10, using: &random) > 0 else { return "ffff" }
            return Bool.random(using: &random) ? chosen.description : String(chosen.description.prefix(10))
        }
        let text = ["Write tests", "**Ship** it", "테스트 작성", "Vérifier l’été", "- [ ] a, b", "  ", "🎉 done"].randomElement(using: &random)!
        switch Int.random(in: 0..<21, using: &random) {
        case 0: return .assign(board: board, card: id, person: people.randomElement(using: &random)!)
        case 1: return .unassign(board: board, card: id, person: details.assignees.randomElement(using: &random) ?? "nobody")
        case 2: return .label(board: board, card: id, label: labels.randomElement(using: &random)!)
        case 3: return .unlabel(board: board, card: id, label: details.labels.randomElement(using: &random) ?? "none")
        case 4: return .markDue(board: board, card: id, done: Bool.random(using: &random))
        case 5, 6: return .addComment(board: board, card: id, text: text)
        case 7: return .editComment(board: board, card: id, comment: pick(details.comments.map(\.id)), text: text)
        case 8: return .deleteComment(board: board, card: id, comment: pick(details.comments.map(\.id)))
        case 9, 10, 20:
            let index: Int? = Bool.random(using: &random) ? nil : Int.random(in: -1...(details.checklist.count + 1), using: &random)
            return .addChecklistItem(board: board, card: id, text: text, checklist: Bool.random(using: &random) ? nil : "Release", index: index)
        case 11: return .renameChecklistItem(board: board, card: id, item: pick(details.checklist.map(\.id)), text: text)
        case 12: return .checkChecklistItem(board: board, card: id, item: pick(details.checklist.map(\.id)), done: Bool.random(using: &random))
        case 13: return .removeChecklistItem(board: board, card: id, item: pick(details.checklist.map(\.id)))
        case 14:
            // Mostly a valid place other than the item's own (a move to where it is appends
            // nothing): an item moves only between two of them.
            let items = details.checklist.map(\.id)
            let item = pick(items)
            let from = items.firstIndex { $0.description.hasPrefix(item) } ?? 0
            let to: Int = if Int.random(in: 0..<10, using: &random) == 0 || items.count < 2 {
                Int.random(in: 0..<10, using: &random) == 0 ? items.count : 0
            } else {
                (from + Int.random(in: 1..<items.count, using: &random)) % items.count
            }
            return .moveChecklistItem(board: board, card: id, item: item, index: to)
        case 15:
            let url = ["https://example.com/spec?a=1,2", "mailto:ana@example.com", "javascript:alert(1)", "http://x y"].randomElement(using: &random)!
            return .attachLink(board: board, card: id, url: url, name: Bool.random(using: &random) ? nil : "Spec, v2")
        case 16: return .removeLink(board: board, card: id, link: pick(details.links.map(\.id)))
        case 17:
            let person = people.randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return .addMember(board: board, person: person)
            case 1, 2:
                // Mostly a member without a role of their own, whose removal is a plain `memberRemoved`.
                let details = state.boards.values.first { $0.name == board }.map { state.details(ofBoard: $0.id) }
                let plain = (details?.members ?? []).filter { details?.role(ofMember: $0) == .member }.sorted()
                return .removeMember(board: board, person: plain.randomElement(using: &random) ?? person)
            case 3: return .setVisibility(board: board, visibility: BoardVisibility.allCases.randomElement(using: &random)!)
            default:
                // A role given to a member, or to someone added with it (with or without one).
                // Only to the first three people: the others, added and removed without a role,
                // keep plain `memberAdded` and `memberRemoved` events coming (a member removed
                // with a role is one `memberRoleChanged`).
                let role = BoardRole.allCases.randomElement(using: &random)!
                let given = people[Int.random(in: 0..<3, using: &random)]
                return .setMemberRole(board: board, person: given, role: role, adding: Bool.random(using: &random))
            }
        case 18:
            let colour: String? = Int.random(in: 0..<4, using: &random) == 0 ? nil : colours.randomElement(using: &random)!
            return .setLabel(board: board, name: labels.randomElement(using: &random)!, colour: colour)
        default:
            let column = state.boards.values.first { $0.name == board }?.columns.randomElement(using: &random).flatMap { state.columns[$0]?.name } ?? "TODO"
            let limit: Int? = Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: -1...1000, using: &random)
            if let limit, Int.random(in: 0..<3, using: &random) == 0 {
                // Strict, mostly at the cards the column holds or one more: a limit that binds.
                let held = state.boards.values.first { $0.name == board }?.columns.first { state.columns[$0]?.name == column }.map(state.cardCount(in:)) ?? 0
                return .setStrictColumnLimit(board: board, column: column, limit: Bool.random(using: &random) ? limit : max(held, 1) + Int.random(in: 0...1, using: &random))
            }
            return .setColumnLimit(board: board, column: column, limit: limit)
        }
    }
}

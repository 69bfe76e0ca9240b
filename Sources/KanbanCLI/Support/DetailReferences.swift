import Foundation
import Kanban
import KanbanCore
import KanbanReplica

/// How a replica queues a change to a card's or board's details: the card and the comment,
/// checklist item or link it names are written as full ids (a prefix could name another one by
/// the time the server decides it), found on the replica's board or among the changes still
/// queued; an added comment, item or link gets its id here, so later commands can name it.
struct DetailReferences {
    let engine: KanbanEngine
    let replica: Replica

    /// `command` with its references made full ids and the id a new comment, item or link
    /// gets; `nil` when `command` does not change details. Checked as the replica's board would
    /// decide it when the board has everything it names.
    func resolved(_ command: Command, actor: String) throws -> (Command, DetailID?)? {
        var newDetail: DetailID?
        var known = true
        func card(_ reference: String, _ board: String) throws -> String {
            let (id, here) = try ReplicaWrites.resolve(reference, board: board, engine: engine, replica: replica)
            known = known && here
            return id
        }
        func detail(_ reference: String, _ card: String, _ kind: DetailKind) throws -> String {
            let (id, here) = try resolve(reference, kind, card: card)
            known = known && here
            return id
        }
        let resolved: Command
        switch command {
        case .assign(let board, let reference, let person):
            resolved = .assign(board: board, card: try card(reference, board), person: person)
        case .unassign(let board, let reference, let person):
            resolved = .unassign(board: board, card: try card(reference, board), person: person)
        case .label(let board, let reference, let label):
            resolved = .label(board: board, card: try card(reference, board), label: label)
        case .unlabel(let board, let reference, let label):
            resolved = .unlabel(board: board, card: try card(reference, board), label: label)
        case .markDue(let board, let reference, let done):
            resolved = .markDue(board: board, card: try card(reference, board), done: done)
        case .addComment(let board, let reference, let text):
            newDetail = DetailID(.random())
            resolved = .addComment(board: board, card: try card(reference, board), text: text)
        case .editComment(let board, let reference, let comment, let text):
            let id = try card(reference, board)
            resolved = .editComment(board: board, card: id, comment: try detail(comment, id, .comment), text: text)
        case .deleteComment(let board, let reference, let comment):
            let id = try card(reference, board)
            resolved = .deleteComment(board: board, card: id, comment: try detail(comment, id, .comment))
        case .addChecklistItem(let board, let reference, let text, let checklist, let index):
            newDetail = DetailID(.random())
            resolved = .addChecklistItem(board: board, card: try card(reference, board), text: text, checklist: checklist, index: index)
        case .renameChecklistItem(let board, let reference, let item, let text):
            let id = try card(reference, board)
            resolved = .renameChecklistItem(board: board, card: id, item: try detail(item, id, .item), text: text)
        case .checkChecklistItem(let board, let reference, let item, let done):
            let id = try card(reference, board)
            resolved = .checkChecklistItem(board: board, card: id, item: try detail(item, id, .item), done: done)
        case .removeChecklistItem(let board, let reference, let item):
            let id = try card(reference, board)
            resolved = .removeChecklistItem(board: board, card: id, item: try detail(item, id, .item))
        case .moveChecklistItem(let board, let reference, let item, let index):
            let id = try card(reference, board)
            resolved = .moveChecklistItem(board: board, card: id, item: try detail(item, id, .item), index: index)
        case .attachLink(let board, let reference, let url, let name):
            newDetail = DetailID(.random())
            resolved = .attachLink(board: board, card: try card(reference, board), url: url, name: name)
        case .removeLink(let board, let reference, let link):
            let id = try card(reference, board)
            resolved = .removeLink(board: board, card: id, link: try detail(link, id, .link))
        case .addMember, .removeMember, .setLabel, .setColumnLimit, .setStrictColumnLimit:
            resolved = command
        default:
            return nil
        }
        if known { try ReplicaWrites.check(resolved, on: engine, actor: actor) }
        return (resolved, newDetail)
    }

    /// What a detail reference names.
    enum DetailKind {
        case comment, item, link

        /// The card a queued `command` adds one of this kind to, if it adds one.
        func card(addedTo command: Command) -> String? {
            switch (self, command) {
            case (.comment, .addComment(_, let card, _)), (.item, .addChecklistItem(_, let card, _, _, _)), (.link, .attachLink(_, let card, _, _)): card
            default: nil
            }
        }
    }

    /// The full id of the `kind` that `reference` names on card `card` (a full id): one the
    /// replica's card has, or one a queued change adds to it; and whether the replica has it.
    private func resolve(_ reference: String, _ kind: DetailKind, card: String) throws -> (String, Bool) {
        let prefix = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let here: [String] = try engine.withState { state in
            guard let id = Identifier(card) else { return [] }
            let details = state.details(of: CardID(id))
            let ids = switch kind {
            case .comment: details.comments.map(\.id)
            case .item: details.checklist.map(\.id)
            case .link: details.links.map(\.id)
            }
            return ids.map(\.description)
        }
        if let exact = here.first(where: { $0 == prefix }) { return (exact, true) }
        let queued = try replica.pending().compactMap { pending -> String? in
            guard kind.card(addedTo: pending.mutation.command) == card else { return nil }
            return pending.mutation.newDetail?.description
        }
        if let exact = queued.first(where: { $0 == prefix }) { return (exact, false) }
        let matches = here.filter { $0.hasPrefix(prefix) }.map { ($0, true) } + queued.filter { $0.hasPrefix(prefix) }.map { ($0, false) }
        // Not found: the replica's board says so as the server would (an unknown or ambiguous reference).
        guard !prefix.isEmpty, matches.count == 1, let only = matches.first else { return (reference, true) }
        return only
    }
}

import KanbanCore
import Kanban

extension TrelloPlan.Builder {
    /// An operation with the actor it is carried out as.
    typealias Emitted = (actor: String, operation: TrelloOperation)

    // MARK: Steps

    /// `operations`, each as `actor`.
    func operations(_ operations: [TrelloOperation], as actor: String) -> [Emitted] {
        operations.map { (actor: actor, operation: $0) }
    }

    /// Adds `emitted` at `time` for `action` as steps: one per run of the same actor.
    mutating func add(_ emitted: [Emitted], at time: Timestamp, action: String?) {
        var step: TrelloStep?
        for (actor, operation) in emitted {
            if step?.actor == actor {
                step?.operations.append(operation)
                continue
            }
            if let step { add(step) }
            step = TrelloStep(time: time, actor: actor, action: action, operations: [operation])
        }
        if let step { add(step) }
    }

    /// `operation` on card `card` as `actor`, at the action's moment, whether the card is on the
    /// board or archived (our deleted card, whose details are kept by its id: it finds them when
    /// it comes back, and its history shows each change when it happened).
    mutating func emit(_ operation: TrelloOperation, card: String, actor: String, action: String?, into emitted: inout [Emitted]) {
        emitted.append((actor, operation))
    }

    // MARK: Rebuilding

    /// The board's labels and members as they were before the oldest action.
    mutating func rebuildBoard(actor: String, into emitted: inout [Emitted]) {
        for id in detailHistory.initialLabels.keys.sorted() {
            _ = reachLabel(id, detailHistory.initialLabels[id], actor: actor, action: nil, into: &emitted)
        }
        for id in detailHistory.initialMembers.sorted() {
            _ = reachMember(id, present: true, actor: actor, into: &emitted)
        }
    }

    /// Gives card `id`, just put on the board, the details it had in Trello then.
    mutating func rebuild(_ id: String, _ details: TrelloCardDetails, actor: String, action: String?, into emitted: inout [Emitted]) {
        _ = reachDetail(.members(card: id, added: details.members.sorted(), removed: []), actor: actor, action: action, into: &emitted)
        _ = reachDetail(.labels(card: id, added: details.labels.sorted(), removed: []), actor: actor, action: action, into: &emitted)
        if details.dueComplete {
            _ = reachDetail(.dueComplete(card: id, done: true), actor: actor, action: action, into: &emitted)
        }
        let items = details.items.values.sorted { order(of: $0.checklist, $0.pos, $0.id) < order(of: $1.checklist, $1.pos, $1.id) }
        for item in items {
            _ = reachDetail(.item(card: id, id: item.id, after: item), actor: actor, action: action, into: &emitted)
        }
        for link in details.links {
            if let reason = reachDetail(.link(card: id, id: link.id, after: link), actor: actor, action: action, into: &emitted) {
                notImported["attachment (\(reason))", default: 0] += 1
            }
        }
        for comment in details.comments.sorted(by: { $0.id < $1.id }) {
            _ = reachDetail(.comment(card: id, id: comment.id, after: comment), actor: actor, action: action, into: &emitted)
        }
    }

    /// Carries out what an action changed of the details; for each change, `nil` when it is
    /// replayed, else why not.
    mutating func replayDetails(_ changes: [TrelloDetailChange], actor: String, action: String, into emitted: inout [Emitted]) -> [String?] {
        changes.map { reachDetail($0, actor: actor, action: action, into: &emitted) }
    }

    // MARK: Reaching a change

    /// The operations that reach `change`, as `actor`: `nil` when it is replayed (perhaps as
    /// nothing, when our board has it already), else the reason it is not.
    mutating func reachDetail(_ change: TrelloDetailChange, actor: String, action: String?, into emitted: inout [Emitted]) -> String? {
        switch change {
        case .boardLabel(let id, let after):
            return reachLabel(id, after, actor: actor, action: action, into: &emitted)
        case .boardMember(let id, let present):
            return reachMember(id, present: present, actor: actor, into: &emitted)
        case .members(let card, let added, let removed):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            var reason: String?
            var done = !removed.isEmpty
            for id in removed {
                let person = person(id)
                if details.assignees.remove(person) != nil { emit(.unassign(card: card, person: person), card: card, actor: actor, action: action, into: &emitted) }
            }
            for id in added {
                let person = person(id)
                guard !details.assignees.contains(person) else {
                    done = true
                    continue
                }
                guard details.assignees.count < Limits.detailsPerCard else {
                    reason = "over the limit"
                    continue
                }
                details.assignees.insert(person)
                done = true
                emit(.assign(card: card, person: person), card: card, actor: actor, action: action, into: &emitted)
            }
            mirror.cards[card] = details
            return done || reason == nil ? nil : reason
        case .labels(let card, let added, let removed):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            var reason: String?
            var done = !removed.isEmpty
            for id in removed {
                if let name = details.labels.removeValue(forKey: id) { emit(.unlabel(card: card, label: name), card: card, actor: actor, action: action, into: &emitted) }
            }
            for id in added {
                guard details.labels[id] == nil else {
                    done = true
                    continue
                }
                // A label the board does not have yet (one only cards or actions name) is made first.
                if mirror.labels[id] == nil, let known = detailHistory.labelInfo[id] {
                    _ = reachLabel(id, known, actor: actor, action: action, into: &emitted)
                }
                guard let name = labelName(id) else {
                    reason = "unknown label"
                    continue
                }
                guard details.labels.count < Limits.detailsPerCard else {
                    reason = "over the limit"
                    continue
                }
                // Another of the board's labels may carry the same name on this card already.
                if details.labels.values.contains(where: { $0.lowercased() == name.lowercased() }) {
                    details.labels[id] = name
                    done = true
                    continue
                }
                details.labels[id] = name
                done = true
                emit(.label(card: card, label: name), card: card, actor: actor, action: action, into: &emitted)
            }
            mirror.cards[card] = details
            return done || reason == nil ? nil : reason
        case .dueComplete(let card, let done):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            if details.dueDone != done {
                details.dueDone = done
                emit(.markDue(card: card, done: done), card: card, actor: actor, action: action, into: &emitted)
            }
            mirror.cards[card] = details
            return nil
        case .comment(let card, let id, let after):
            guard cards[card] != nil else { return "unknown card" }
            return reachComment(card, id, after, action: action, into: &emitted)
        case .item(let card, let id, let after):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            defer { mirror.cards[card] = details }
            return reachItem(card, id, after, details: &details, actor: actor, action: action, into: &emitted)
        case .checklist(let card, let id, let after, let born):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            defer { mirror.cards[card] = details }
            guard let after else {
                for item in details.items where item.checklist == id {
                    emit(.removeItem(card: card, item: item.id), card: card, actor: actor, action: action, into: &emitted)
                }
                details.items.removeAll { $0.checklist == id }
                return nil
            }
            mirror.checklists[id] = after
            // Our items carry their checklist's name: those of a renamed checklist are made again.
            let name = checklistName(id)
            for item in details.items where item.checklist == id && item.checklistName != name {
                emit(.removeItem(card: card, item: item.id), card: card, actor: actor, action: action, into: &emitted)
                details.items.removeAll { $0.id == item.id }
                var renamed = item
                renamed.checklistName = name
                _ = insert(renamed, card: card, details: &details, actor: actor, action: action, into: &emitted)
            }
            reorder(card, details: &details, actor: actor, action: action, into: &emitted)
            for item in born {
                _ = reachItem(card, item.id, item, details: &details, actor: actor, action: action, into: &emitted)
            }
            return nil
        case .link(let card, let id, let after):
            guard cards[card] != nil else { return "unknown card" }
            var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
            defer { mirror.cards[card] = details }
            guard let after else {
                guard details.links.remove(id) != nil else { return mirror.skippedLinks.contains(id) ? "not a link" : "attachment not in the export" }
                emit(.removeLink(card: card, link: id), card: card, actor: actor, action: action, into: &emitted)
                return nil
            }
            guard !details.links.contains(id) else { return nil }
            guard let url = Self.link(after.url) else {
                mirror.skippedLinks.insert(id)
                return "not a link"
            }
            guard details.links.count < Limits.detailsPerCard else { return "over the limit" }
            let trimmed = after.name.trimmingBlanks()
            let name = cut(trimmed, to: Limits.titleLength, field: "link", trello: id, noting: true)
            details.links.insert(id)
            emit(.attachLink(card: card, link: id, url: url, name: name), card: card, actor: actor, action: action, into: &emitted)
            return nil
        }
    }

    // MARK: Comments

    /// Comment `id` on card `card` brought to `after` (`nil`: deleted). A comment is written as
    /// its author, and changed as its author: the only one who may.
    mutating func reachComment(_ card: String, _ id: String, _ after: TrelloCommentState?, action: String?, into emitted: inout [Emitted]) -> String? {
        var details = mirror.cards[card] ?? TrelloDetailMirror.Card()
        defer { mirror.cards[card] = details }
        guard let after else {
            guard let comment = details.comments.removeValue(forKey: id) else { return "comment not in the export" }
            emit(.deleteComment(card: card, comment: id), card: card, actor: comment.author, action: action, into: &emitted)
            return nil
        }
        let trimmed = after.text.trimmingBlanks()
        guard !trimmed.isEmpty else { return "empty" }
        let text = cut(trimmed, to: Limits.commentLength, field: "comment", trello: id, noting: true)
        if let comment = details.comments[id] {
            guard comment.text != text else { return nil }
            details.comments[id]?.text = text
            emit(.editComment(card: card, comment: id, text: text), card: card, actor: comment.author, action: action, into: &emitted)
            return nil
        }
        guard details.comments.count < Limits.detailsPerCard else { return "over the limit" }
        let author = cutName(after.author, field: "member", trello: after.authorID, fallback: TrelloPlan.importActor)
        details.comments[id] = TrelloDetailMirror.Comment(author: author, text: text)
        emit(.addComment(card: card, comment: id, text: text), card: card, actor: author, action: action, into: &emitted)
        return nil
    }

    // MARK: Checklists

    /// Checklist item `id` of card `card` brought to `after` (`nil`: removed).
    mutating func reachItem(
        _ card: String, _ id: String, _ after: TrelloCheckItemState?,
        details: inout TrelloDetailMirror.Card, actor: String, action: String?, into emitted: inout [Emitted]
    ) -> String? {
        guard let after else {
            guard details.items.contains(where: { $0.id == id }) else { return nil }
            details.items.removeAll { $0.id == id }
            emit(.removeItem(card: card, item: id), card: card, actor: actor, action: action, into: &emitted)
            return nil
        }
        let name = checklistName(after.checklist)
        let text = itemText(after.name, id: id)
        if let index = details.items.firstIndex(where: { $0.id == id }) {
            var item = details.items[index]
            if item.checklist == after.checklist && item.checklistName == name {
                if item.text != text { emit(.renameItem(card: card, item: id, text: text), card: card, actor: actor, action: action, into: &emitted) }
                if item.done != after.complete { emit(.checkItem(card: card, item: id, done: after.complete), card: card, actor: actor, action: action, into: &emitted) }
                item.text = text
                item.done = after.complete
                item.pos = after.pos
                details.items[index] = item
                reorder(card, details: &details, actor: actor, action: action, into: &emitted)
                return nil
            }
            // Moved to another checklist: made again there.
            details.items.remove(at: index)
            emit(.removeItem(card: card, item: id), card: card, actor: actor, action: action, into: &emitted)
        }
        let item = TrelloDetailMirror.Item(id: id, checklist: after.checklist, checklistName: name, text: text, done: after.complete, pos: after.pos)
        return insert(item, card: card, details: &details, actor: actor, action: action, into: &emitted)
    }

    /// Adds `item` where our order puts it (checked, if done).
    mutating func insert(
        _ item: TrelloDetailMirror.Item, card: String,
        details: inout TrelloDetailMirror.Card, actor: String, action: String?, into emitted: inout [Emitted]
    ) -> String? {
        guard details.items.count < Limits.detailsPerCard else { return "over the limit" }
        let key = order(of: item.checklist, item.pos, item.id)
        let index = details.items.firstIndex { order(of: $0.checklist, $0.pos, $0.id) > key } ?? details.items.count
        details.items.insert(item, at: index)
        emit(.addItem(card: card, item: item.id, text: item.text, checklist: item.checklistName, index: index), card: card, actor: actor, action: action, into: &emitted)
        if item.done { emit(.checkItem(card: card, item: item.id, done: true), card: card, actor: actor, action: action, into: &emitted) }
        return nil
    }

    /// Moves the card's items into our order, one at a time.
    mutating func reorder(_ card: String, details: inout TrelloDetailMirror.Card, actor: String, action: String?, into emitted: inout [Emitted]) {
        let target = details.items.sorted { order(of: $0.checklist, $0.pos, $0.id) < order(of: $1.checklist, $1.pos, $1.id) }
        for (index, wanted) in target.enumerated() where details.items[index].id != wanted.id {
            guard let from = details.items.firstIndex(where: { $0.id == wanted.id }) else { continue }
            details.items.insert(details.items.remove(at: from), at: index)
            emit(.moveItem(card: card, item: wanted.id, index: index), card: card, actor: actor, action: action, into: &emitted)
        }
    }

    /// Where an item goes among a card's: by its checklist's `pos`, its checklist, its `pos`, its id.
    func order(of checklist: String, _ pos: Double, _ id: String) -> (Double, String, Double, String) {
        (mirror.checklists[checklist]?.pos ?? .greatestFiniteMagnitude, checklist, pos, id)
    }

    /// The name checklist `id` carries here: Trello's, cut to a name's length; `Checklist` when blank.
    mutating func checklistName(_ id: String) -> String {
        let trimmed = (mirror.checklists[id]?.name ?? "").trimmingBlanks()
        guard !trimmed.isEmpty else { return "Checklist" }
        return cut(trimmed, to: Limits.nameLength, field: "checklist", trello: id, noting: true)
    }

    /// An item's text: cut to an item's length, `(untitled)` when blank (both noted).
    mutating func itemText(_ name: String, id: String) -> String {
        let trimmed = name.trimmingBlanks()
        guard !trimmed.isEmpty else { return blank(field: "checklist item", trello: id, fallback: "(untitled)") }
        return cut(trimmed, to: Limits.checklistItemLength, field: "checklist item", trello: id, noting: true)
    }

    // MARK: Labels and members

    /// The board's label `id` brought to `after` (`nil`: deleted, and taken off every card, as
    /// Trello does). A label whose name changes is made anew under its new name, on the same cards.
    mutating func reachLabel(_ id: String, _ after: TrelloLabelState?, actor: String, action: String?, into emitted: inout [Emitted]) -> String? {
        let holders = mirror.cards.keys.filter { mirror.cards[$0]?.labels[id] != nil }.sorted()
        guard let after else {
            guard let made = mirror.labels.removeValue(forKey: id) else { return "label not in the export" }
            for card in holders {
                guard let name = mirror.cards[card]?.labels.removeValue(forKey: id) else { continue }
                emit(.unlabel(card: card, label: name), card: card, actor: actor, action: action, into: &emitted)
            }
            emitted.append((actor, .setLabel(name: made.name, colour: nil)))
            return nil
        }
        let colour = Self.colour(after.color)
        let base = labelBase(id, after)
        guard let made = mirror.labels[id] else {
            guard mirror.labels.count < Limits.columnsPerBoard else { return "over the limit" }
            let name = uniqueLabelName(base, except: id)
            mirror.labels[id] = TrelloDetailMirror.Label(name: name, colour: colour, base: base)
            emitted.append((actor, .setLabel(name: name, colour: colour)))
            return nil
        }
        if base != made.base {
            // Off the cards and the board under the old name first: names ignore case.
            let name = uniqueLabelName(base, except: id)
            for card in holders {
                guard let old = mirror.cards[card]?.labels[id] else { continue }
                emit(.unlabel(card: card, label: old), card: card, actor: actor, action: action, into: &emitted)
            }
            emitted.append((actor, .setLabel(name: made.name, colour: nil)))
            emitted.append((actor, .setLabel(name: name, colour: colour)))
            for card in holders {
                mirror.cards[card]?.labels[id] = name
                emit(.label(card: card, label: name), card: card, actor: actor, action: action, into: &emitted)
            }
            mirror.labels[id] = TrelloDetailMirror.Label(name: name, colour: colour, base: base)
        } else if colour != made.colour {
            mirror.labels[id]?.colour = colour
            emitted.append((actor, .setLabel(name: made.name, colour: colour)))
        }
        return nil
    }

    /// The name label `id` carries: the board's, else what the export says of it; `nil` when
    /// nothing does.
    mutating func labelName(_ id: String) -> String? {
        if let made = mirror.labels[id] { return made.name }
        return detailHistory.labelInfo[id].map { labelBase(id, $0) }
    }

    /// A label's name before it is made unique: Trello's, cut to a name's length, or its
    /// colour's for a label without one.
    mutating func labelBase(_ id: String, _ state: TrelloLabelState) -> String {
        let trimmed = (state.name ?? "").trimmingBlanks()
        guard !trimmed.isEmpty else { return Self.colour(state.color) }
        return cut(trimmed, to: Limits.nameLength, field: "label", trello: id, noting: true)
    }

    /// `base`, or `base (2)`, `base (3)`… when another of the board's labels has it (ignoring case).
    func uniqueLabelName(_ base: String, except id: String) -> String {
        let taken = Set(mirror.labels.filter { $0.key != id }.map { $0.value.name.lowercased() })
        return base.numbered { taken.contains($0.lowercased()) }
    }

    /// Member `id` made a member of the board, or no longer one.
    mutating func reachMember(_ id: String, present: Bool, actor: String, into emitted: inout [Emitted]) -> String? {
        let person = person(id)
        guard present else {
            guard mirror.members.remove(person) != nil else { return "not a member" }
            emitted.append((actor, .removeMember(person: person)))
            return nil
        }
        guard !mirror.members.contains(person) else { return "already a member" }
        guard mirror.members.count < Limits.detailsPerCard else { return "over the limit" }
        mirror.members.insert(person)
        emitted.append((actor, .addMember(person: person)))
        return nil
    }

    /// The name member `id` is known by here: as their actions are recorded.
    mutating func person(_ id: String) -> String {
        cutName(detailHistory.people[id] ?? id, field: "member", trello: id, fallback: TrelloPlan.importActor)
    }

    // MARK: Values

    /// Our colour for Trello's colour name: the same, without `_dark` or `_light`; `grey` for
    /// none or one we do not have.
    static func colour(_ trello: String?) -> String {
        guard var name = trello?.lowercased() else { return "grey" }
        for suffix in ["_dark", "_light"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        if name == "gray" { name = "grey" }
        return BoardLabel.colours.contains(name) ? name : "grey"
    }

    /// `url` trimmed, when it is a link our cards hold (`http`, `https` or `mailto`, at most
    /// 2,000 characters, no spaces or control characters); else `nil`.
    static func link(_ url: String) -> String? {
        let trimmed = url.trimmingBlanks()
        let lower = trimmed.lowercased()
        guard ["http://", "https://", "mailto:"].contains(where: { lower.hasPrefix($0) && lower.count > $0.count }) else { return nil }
        guard trimmed.utf8.count <= Limits.urlLength || trimmed.count <= Limits.urlLength else { return nil }
        let unwanted = trimmed.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
        return unwanted ? nil : trimmed
    }
}

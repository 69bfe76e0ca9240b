import KanbanCore

extension RandomEvents {
    /// A change to a card's or board's details of `kind`, with random values.
    static func detailPayload(of kind: EventKind, using random: inout some RandomNumberGenerator) -> EventPayload {
        func id() -> DetailID { DetailID(identifier(using: &random)) }
        func text() -> String { string(using: &random) }
        func change() -> Change<String> { Change(old: text(), new: text()) }
        func item() -> ChecklistItem { ChecklistItem(id: id(), checklist: text(), text: text(), done: Bool.random(using: &random)) }
        func optionalTime() -> Timestamp? { Bool.random(using: &random) ? timestamp(using: &random) : nil }
        func comment() -> Comment {
            Comment(id: id(), author: text(), text: text(), at: optionalTime(), editedAt: optionalTime())
        }
        func mark() -> CommentEditMark {
            Bool.random(using: &random) ? .now(previous: optionalTime()) : .set(Change(old: optionalTime(), new: optionalTime()))
        }
        func link() -> CardLink { CardLink(id: id(), url: text(), name: text()) }
        func optionalText() -> String? { Bool.random(using: &random) ? text() : nil }
        func optionalLimit() -> ColumnLimit? { Bool.random(using: &random) ? ColumnLimit(index(using: &random), strict: Bool.random(using: &random)) : nil }
        let edit: CardDetailEdit
        switch kind {
        case .cardAssigned: edit = .assigned(text())
        case .cardUnassigned: edit = .unassigned(text())
        case .cardLabelled: edit = .labelled(text())
        case .cardUnlabelled: edit = .unlabelled(text())
        case .dueMarked: edit = .dueMarked(done: Bool.random(using: &random))
        case .commentAdded: edit = .commentAdded(comment(), index: index(using: &random))
        case .commentEdited: edit = .commentEdited(id(), change(), mark: mark())
        case .commentDeleted: edit = .commentDeleted(comment(), index: index(using: &random))
        case .checklistItemAdded: edit = .itemAdded(item(), index: index(using: &random))
        case .checklistItemRenamed: edit = .itemRenamed(id(), change())
        case .checklistItemChecked: edit = .itemChecked(id(), text: text(), done: Bool.random(using: &random))
        case .checklistItemRemoved: edit = .itemRemoved(item(), index: index(using: &random))
        case .checklistItemMoved: edit = .itemMoved(id(), text: text(), from: index(using: &random), to: index(using: &random))
        case .linkAttached: edit = .linkAttached(link(), index: index(using: &random))
        case .linkRemoved: edit = .linkRemoved(link(), index: index(using: &random))
        case .memberAdded: return .boardDetail(BoardDetailChanged(edit: .memberAdded(text())))
        case .memberRemoved: return .boardDetail(BoardDetailChanged(edit: .memberRemoved(text())))
        case .memberRoleChanged:
            let roles: [BoardRole?] = [nil] + BoardRole.allCases
            var (old, new) = (roles.randomElement(using: &random)!, roles.randomElement(using: &random)!)
            if old == new { new = old == nil ? .viewer : nil }
            return .boardDetail(BoardDetailChanged(edit: .memberRoleChanged(text(), Change(old: old, new: new))))
        case .visibilityChanged:
            let change = Change(old: BoardVisibility.allCases.randomElement(using: &random)!, new: BoardVisibility.allCases.randomElement(using: &random)!)
            return .boardDetail(BoardDetailChanged(edit: .visibilityChanged(change)))
        case .labelChanged: return .boardDetail(BoardDetailChanged(edit: .labelChanged(text(), Change(old: optionalText(), new: optionalText()))))
        case .columnLimitChanged:
            let column = ColumnSpec(id: ColumnID(identifier(using: &random)), name: text())
            return .boardDetail(BoardDetailChanged(edit: .columnLimited(column, Change(old: optionalLimit(), new: optionalLimit()))))
        default: preconditionFailure("\(kind) is not a detail")
        }
        return .cardDetail(CardDetailChanged(card: CardID(identifier(using: &random)), title: text(), edit: edit))
    }
}

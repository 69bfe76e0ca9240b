extension Decider {
    /// The events that carry out a command on a card's or a board's details, or `nil` when
    /// `command` is not one. Each decides one event, or none when nothing would change (assigning
    /// someone assigned already).
    static func decideDetail(
        _ command: Command,
        actor: String,
        in state: KanbanState,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent]? {
        /// The card `reference` on board `boardName`, its details, and the event for `edit` on it.
        func onCard(_ boardName: String, _ reference: String) throws(KanbanError) -> (Board, Card, CardDetails) {
            let board = try board(boardName, in: state)
            let card = try state.card(matching: reference, on: board)
            return (board, card, state.details(of: card.id))
        }
        func event(_ board: Board, _ card: Card, _ edit: CardDetailEdit) -> [BoardEvent] {
            [BoardEvent(board: board.id, payload: .cardDetail(CardDetailChanged(card: card.id, title: card.title, edit: edit)))]
        }
        func boardEvent(_ board: Board, _ edit: BoardDetailEdit) -> [BoardEvent] {
            [BoardEvent(board: board.id, payload: .boardDetail(BoardDetailChanged(edit: edit)))]
        }
        /// The event setting the limit of column `columnName` of board `boardName` to `limit`.
        func limitColumn(_ boardName: String, _ columnName: String, _ limit: ColumnLimit?) throws(KanbanError) -> [BoardEvent] {
            let board = try board(boardName, in: state)
            let column = try column(columnName, of: board, in: state)
            if let cards = limit?.cards, !Limits.columnLimits.contains(cards) {
                throw .invalidDetail("a column's limit is \(Limits.columnLimits.lowerBound)–\(Limits.columnLimits.upperBound) cards; \(cards) is not")
            }
            let current = state.details(ofBoard: board.id).limit(of: column.id)
            guard current != limit else { return [] }
            return boardEvent(board, .columnLimited(ColumnSpec(id: column.id, name: column.name), Change(old: current, new: limit)))
        }
        func roomFor(_ count: Int, _ what: String) throws(KanbanError) {
            if count >= Limits.detailsPerCard { throw .invalidDetail("a card holds at most \(Limits.detailsPerCard) \(what)") }
        }

        switch command {
        case .assign(let boardName, let reference, let person):
            let (board, card, details) = try onCard(boardName, reference)
            let person = try Limits.checkedName(person)
            guard !details.assignees.contains(person) else { return [] }
            try roomFor(details.assignees.count, "assignees")
            return event(board, card, .assigned(person))

        case .unassign(let boardName, let reference, let person):
            let (board, card, details) = try onCard(boardName, reference)
            let person = person.trimmingWhitespace()
            guard details.assignees.contains(person) else { return [] }
            return event(board, card, .unassigned(person))

        case .label(let boardName, let reference, let label):
            let (board, card, details) = try onCard(boardName, reference)
            var label = try Limits.checkedName(label)
            // The board's label of that name, ignoring case, gives its spelling.
            if let made = state.details(ofBoard: board.id).labels.first(where: { $0.name.lowercased() == label.lowercased() }) { label = made.name }
            guard !details.labels.contains(label) else { return [] }
            try roomFor(details.labels.count, "labels")
            return event(board, card, .labelled(label))

        case .unlabel(let boardName, let reference, let label):
            let (board, card, details) = try onCard(boardName, reference)
            let wanted = label.trimmingWhitespace().lowercased()
            guard let label = details.labels.first(where: { $0.lowercased() == wanted }) else { return [] }
            return event(board, card, .unlabelled(label))

        case .markDue(let boardName, let reference, let done):
            let (board, card, details) = try onCard(boardName, reference)
            guard details.dueDone != done else { return [] }
            return event(board, card, .dueMarked(done: done))

        case .addComment(let boardName, let reference, let text):
            let (board, card, details) = try onCard(boardName, reference)
            let text = try Limits.checkedText(text, "comment", limit: Limits.commentLength)
            try roomFor(details.comments.count, "comments")
            let comment = Comment(id: .random(using: &ids), author: actor, text: text)
            return event(board, card, .commentAdded(comment, index: details.comments.count))

        case .editComment(let boardName, let reference, let commentReference, let text):
            let (board, card, details) = try onCard(boardName, reference)
            let index = try detail(commentReference, in: details.comments.map(\.id), what: "comment", card: card)
            let comment = details.comments[index]
            guard comment.author == actor else { throw .notYourComment(author: comment.author) }
            let text = try Limits.checkedText(text, "comment", limit: Limits.commentLength)
            guard text != comment.text else { return [] }
            return event(board, card, .commentEdited(comment.id, Change(old: comment.text, new: text), mark: .now(previous: comment.editedAt)))

        case .deleteComment(let boardName, let reference, let commentReference):
            let (board, card, details) = try onCard(boardName, reference)
            let index = try detail(commentReference, in: details.comments.map(\.id), what: "comment", card: card)
            let comment = details.comments[index]
            guard comment.author == actor else { throw .notYourComment(author: comment.author) }
            return event(board, card, .commentDeleted(comment, index: index))

        case .addChecklistItem(let boardName, let reference, let text, let checklist, let index):
            let (board, card, details) = try onCard(boardName, reference)
            let text = try Limits.checkedText(text, "checklist item", limit: Limits.checklistItemLength)
            let checklist = try Limits.checkedName(checklist ?? "Checklist")
            try roomFor(details.checklist.count, "checklist items")
            let position = index ?? details.checklist.count
            guard (0...details.checklist.count).contains(position) else {
                throw .indexOutOfRange(position, column: "checklist of '\(card.title)'", maximum: details.checklist.count)
            }
            return event(board, card, .itemAdded(ChecklistItem(id: .random(using: &ids), checklist: checklist, text: text), index: position))

        case .renameChecklistItem(let boardName, let reference, let itemReference, let text):
            let (board, card, details) = try onCard(boardName, reference)
            let item = details.checklist[try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)]
            let text = try Limits.checkedText(text, "checklist item", limit: Limits.checklistItemLength)
            guard text != item.text else { return [] }
            return event(board, card, .itemRenamed(item.id, Change(old: item.text, new: text)))

        case .checkChecklistItem(let boardName, let reference, let itemReference, let done):
            let (board, card, details) = try onCard(boardName, reference)
            let item = details.checklist[try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)]
            guard item.done != done else { return [] }
            return event(board, card, .itemChecked(item.id, text: item.text, done: done))

        case .removeChecklistItem(let boardName, let reference, let itemReference):
            let (board, card, details) = try onCard(boardName, reference)
            let index = try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)
            return event(board, card, .itemRemoved(details.checklist[index], index: index))

        case .moveChecklistItem(let boardName, let reference, let itemReference, let to):
            let (board, card, details) = try onCard(boardName, reference)
            let from = try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)
            guard details.checklist.indices.contains(to) else {
                throw .indexOutOfRange(to, column: "checklist of '\(card.title)'", maximum: details.checklist.count - 1)
            }
            guard from != to else { return [] }
            let item = details.checklist[from]
            return event(board, card, .itemMoved(item.id, text: item.text, from: from, to: to))

        case .attachLink(let boardName, let reference, let url, let name):
            let (board, card, details) = try onCard(boardName, reference)
            let url = try Limits.checkedURL(url)
            let trimmed = name?.trimmingWhitespace() ?? ""
            let name = trimmed.isEmpty ? url : try Limits.checkedText(trimmed, "link's name", limit: Limits.titleLength)
            try roomFor(details.links.count, "links")
            return event(board, card, .linkAttached(CardLink(id: .random(using: &ids), url: url, name: name), index: details.links.count))

        case .removeLink(let boardName, let reference, let linkReference):
            let (board, card, details) = try onCard(boardName, reference)
            let index = try detail(linkReference, in: details.links.map(\.id), what: "link", card: card)
            return event(board, card, .linkRemoved(details.links[index], index: index))

        case .addMember(let boardName, let person):
            let board = try board(boardName, in: state)
            let person = try Limits.checkedName(person)
            let members = state.details(ofBoard: board.id).members
            guard !members.contains(person) else { return [] }
            if members.count >= Limits.detailsPerCard { throw .invalidDetail("a board has at most \(Limits.detailsPerCard) members") }
            return boardEvent(board, .memberAdded(person))

        case .removeMember(let boardName, let person):
            let board = try board(boardName, in: state)
            let person = person.trimmingWhitespace()
            guard state.details(ofBoard: board.id).members.contains(person) else { return [] }
            return boardEvent(board, .memberRemoved(person))

        case .setLabel(let boardName, let name, let colour):
            let board = try board(boardName, in: state)
            let labels = state.details(ofBoard: board.id).labels
            var name = try Limits.checkedName(name)
            let made = labels.first { $0.name.lowercased() == name.lowercased() }
            if let made { name = made.name }
            let colour = try colour.map { (colour: String) throws(KanbanError) -> String in try Limits.checkedColour(colour) }
            guard made?.colour != colour else { return [] }
            if made == nil && labels.count >= Limits.columnsPerBoard { throw .invalidDetail("a board has at most \(Limits.columnsPerBoard) labels") }
            return boardEvent(board, .labelChanged(name, Change(old: made?.colour, new: colour)))

        case .setColumnLimit(let boardName, let columnName, let limit):
            return try limitColumn(boardName, columnName, limit.map { ColumnLimit($0) })

        case .setStrictColumnLimit(let boardName, let columnName, let limit):
            return try limitColumn(boardName, columnName, ColumnLimit(limit, strict: true))

        default:
            return nil
        }
    }

    /// The index in `ids` of the one whose id starts with `reference` (case-insensitive; a whole
    /// id always matches itself), or the reason there is none.
    static func detail(_ reference: String, in ids: [DetailID], what: String, card: Card) throws(KanbanError) -> Int {
        let wanted = reference.trimmingWhitespace().lowercased()
        guard !wanted.isEmpty else { throw .unknownDetail(reference, what: what, card: card.title) }
        if let exact = ids.firstIndex(where: { $0.description == wanted }) { return exact }
        let matches = ids.indices.filter { ids[$0].description.hasPrefix(wanted) }
        guard let first = matches.first else { throw .unknownDetail(reference, what: what, card: card.title) }
        guard matches.count == 1 else { throw .invalidDetail("\(what) '\(reference)' is ambiguous: \(matches.count) start with it; give more of the id") }
        return first
    }
}

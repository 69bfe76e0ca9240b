import KanbanCore
import KanbanTestSupport

extension EventOutputTests {
    static let item = DetailID(Sample.identifier(6))
    static let itemText = Sample.text(6)

    /// Every kind of change to a card's or board's details, and its JSON.
    static let detailExamples: [Example] = {
        func card(_ edit: CardDetailEdit, _ data: [String: JSONTree]) -> Example {
            var tree: [String: JSONTree] = ["card": .string(Sample.text(4)), "title": "X"]
            tree.merge(data) { _, new in new }
            return Example(payload: .cardDetail(CardDetailChanged(card: Sample.card, title: "X", edit: edit)), data: .object(tree))
        }
        let comment = Comment(id: item, author: "ana", text: "**Looks** good, 좋아요", at: Sample.moment)
        let commentJSON: JSONTree = ["id": .string(itemText), "author": "ana", "text": "**Looks** good, 좋아요", "at": "2027-01-15T08:00:00Z"]
        let checklistItem = ChecklistItem(id: item, checklist: "Release", text: "Tag it", done: true)
        let itemJSON: JSONTree = ["id": .string(itemText), "checklist": "Release", "text": "Tag it", "done": true]
        let link = CardLink(id: item, url: "https://example.com/a,b", name: "Spec, v2")
        let linkJSON: JSONTree = ["id": .string(itemText), "url": "https://example.com/a,b", "name": "Spec, v2"]
        return [
            card(.assigned("지민"), ["person": "지민"]),
            card(.unassigned("ana"), ["person": "ana"]),
            card(.labelled("bug"), ["label": "bug"]),
            card(.unlabelled("bug"), ["label": "bug"]),
            card(.dueMarked(done: true), ["done": true]),
            card(.commentAdded(Comment(id: item, author: "ana", text: "hi"), index: 0),
                 ["comment": ["id": .string(itemText), "author": "ana", "text": "hi"], "index": 0]),
            card(.commentEdited(item, Change(old: "hi", new: "hello"), mark: .now(previous: nil)), ["id": .string(itemText), "change": ["old": "hi", "new": "hello"]]),
            card(.commentEdited(item, Change(old: "hi", new: "hello"), mark: .now(previous: Sample.moment)),
                 ["id": .string(itemText), "change": ["old": "hi", "new": "hello"], "previousEdit": "2027-01-15T08:00:00Z"]),
            card(.commentEdited(item, Change(old: "hello", new: "hi"), mark: .set(Change(old: Sample.moment, new: nil))),
                 ["id": .string(itemText), "change": ["old": "hello", "new": "hi"], "edited": ["old": "2027-01-15T08:00:00Z", "new": nil]]),
            card(.commentDeleted(Comment(id: item, author: "ana", text: "hi", at: Sample.moment, editedAt: Sample.moment), index: 0),
                 ["comment": ["id": .string(itemText), "author": "ana", "text": "hi", "at": "2027-01-15T08:00:00Z", "edited": "2027-01-15T08:00:00Z"], "index": 0]),
            card(.commentDeleted(comment, index: 2), ["comment": commentJSON, "index": 2]),
            card(.itemAdded(checklistItem, index: 1), ["item": itemJSON, "index": 1]),
            card(.itemRenamed(item, Change(old: "Tag", new: "Tag it")), ["id": .string(itemText), "change": ["old": "Tag", "new": "Tag it"]]),
            card(.itemChecked(item, text: "Tag it", done: false), ["id": .string(itemText), "text": "Tag it", "done": false]),
            card(.itemRemoved(checklistItem, index: 0), ["item": itemJSON, "index": 0]),
            card(.itemMoved(item, text: "Tag it", from: 0, to: 3), ["id": .string(itemText), "text": "Tag it", "from": 0, "to": 3]),
            card(.linkAttached(link, index: 0), ["link": linkJSON, "index": 0]),
            card(.linkRemoved(link, index: 1), ["link": linkJSON, "index": 1]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .memberAdded("Chloé"))), data: ["person": "Chloé"]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .memberRemoved("bo"))), data: ["person": "bo"]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .memberRoleChanged("지민", Change(old: nil, new: .viewer)))),
                    data: ["person": "지민", "role": ["old": nil, "new": "viewer"]]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .memberRoleChanged("bo", Change(old: .admin, new: .commenter)))),
                    data: ["person": "bo", "role": ["old": "admin", "new": "commenter"]]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .visibilityChanged(Change(old: .open, new: .members)))),
                    data: ["visibility": ["old": "open", "new": "members"]]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .labelChanged("bug", Change(old: nil, new: "red")))),
                    data: ["label": "bug", "colour": ["old": nil, "new": "red"]]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .columnLimited(todoSpec, Change(old: ColumnLimit(3), new: nil)))),
                    data: ["column": todoJSON, "limit": ["old": 3, "new": nil]]),
            Example(payload: .boardDetail(BoardDetailChanged(edit: .columnLimited(todoSpec, Change(old: ColumnLimit(3), new: ColumnLimit(2, strict: true))))),
                    data: ["column": todoJSON, "limit": ["old": 3, "new": 2], "strict": ["old": false, "new": true]]),
        ]
    }()
}

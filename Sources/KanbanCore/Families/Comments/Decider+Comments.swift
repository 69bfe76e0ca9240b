/// Writing, editing and deleting comments: deciding, undoing, restoring.
extension Decider {
    static func decideAddComment(
        _ text: String, board boardName: String, card reference: String, actor: String, in state: KanbanState, ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let text = try Limits.checkedText(text, "comment", limit: Limits.commentLength)
        try roomFor(details.comments.count, "comments")
        let comment = Comment(id: .random(using: &ids), author: actor, text: text)
        return detailEvent(board, card, .commentAdded(comment, index: details.comments.count))
    }

    /// Only a comment's author may edit it.
    static func decideEditComment(
        _ commentReference: String, text: String, board boardName: String, card reference: String, actor: String, in state: KanbanState
    ) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let index = try detail(commentReference, in: details.comments.map(\.id), what: "comment", card: card)
        let comment = details.comments[index]
        guard comment.author == actor else { throw .notYourComment(author: comment.author) }
        let text = try Limits.checkedText(text, "comment", limit: Limits.commentLength)
        guard text != comment.text else { return [] }
        return detailEvent(board, card, .commentEdited(comment.id, Change(old: comment.text, new: text), mark: .now(previous: comment.editedAt)))
    }

    /// Only a comment's author may delete it.
    static func decideDeleteComment(
        _ commentReference: String, board boardName: String, card reference: String, actor: String, in state: KanbanState
    ) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let index = try detail(commentReference, in: details.comments.map(\.id), what: "comment", card: card)
        let comment = details.comments[index]
        guard comment.author == actor else { throw .notYourComment(author: comment.author) }
        return detailEvent(board, card, .commentDeleted(comment, index: index))
    }

    static func undoAddComment(_ comment: Comment, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let comments = undo.details.comments
        let index = try undo.index(of: comment.id, in: comments, \.id, "comment")
        return .commentDeleted(comments[index], index: index)
    }

    /// The text and the edit mark both go back: an undone edit leaves the comment as it was.
    static func undoEditComment(_ id: DetailID, _ change: Change<String>, mark: CommentEditMark, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let comment = undo.details.comments[try undo.index(of: id, in: undo.details.comments, \.id, "comment")]
        return .commentEdited(id, Change(old: comment.text, new: change.old), mark: .set(Change(old: comment.editedAt, new: mark.previous)))
    }

    static func undoDeleteComment(_ comment: Comment, index: Int, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard !undo.details.comments.contains(where: { $0.id == comment.id }) else { throw undo.refuse("the comment is there already") }
        return .commentAdded(comment, index: min(index, undo.details.comments.count))
    }

    /// For a restore: comments of now only go, those out of their old order go to come back in
    /// it, those of then come back where they stood; the rest get their text and mark back.
    static func restoreComments(to target: CardDetails, current: () -> CardDetails, emit: (CardDetailEdit) -> Void) {
        let wanted = target.comments.map(\.id)
        for comment in outOfPlace(current().comments.map(\.id), wanted: wanted).compactMap({ id in current().comments.first { $0.id == id } }) {
            emit(.commentDeleted(comment, index: current().comments.firstIndex { $0.id == comment.id } ?? 0))
        }
        for (index, comment) in target.comments.enumerated() where !current().comments.contains(where: { $0.id == comment.id }) {
            emit(.commentAdded(comment, index: index))
        }
        for comment in target.comments {
            guard let now = current().comments.first(where: { $0.id == comment.id }),
                  now.text != comment.text || now.editedAt != comment.editedAt
            else { continue }
            emit(.commentEdited(comment.id, Change(old: now.text, new: comment.text), mark: .set(Change(old: now.editedAt, new: comment.editedAt))))
        }
    }
}

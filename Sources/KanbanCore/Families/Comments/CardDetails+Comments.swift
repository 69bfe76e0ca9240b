/// How comments change a card's details (evolve). A change to a comment no longer there
/// changes nothing.
extension CardDetails {
    /// Writes `comment` at `index` (clamped), once; without a time of its own it was written at
    /// `time`, when the event happened.
    mutating func addComment(_ comment: Comment, at index: Int, writtenAt time: Timestamp?) {
        guard !comments.contains(where: { $0.id == comment.id }) else { return }
        var comment = comment
        if comment.at == nil { comment.at = time }
        comments.insert(comment, clampedAt: index)
    }

    /// Changes comment `id`'s text; `mark` says when it was last edited after: `time` (when the
    /// event happened), or the mark set.
    mutating func editComment(_ id: DetailID, _ change: Change<String>, mark: CommentEditMark, at time: Timestamp?) {
        guard let position = comments.firstIndex(where: { $0.id == id }) else { return }
        comments[position].text = change.new
        switch mark {
        case .now: comments[position].editedAt = time
        case .set(let marked): comments[position].editedAt = marked.new
        }
    }

    /// Deletes comment `id`.
    mutating func deleteComment(_ id: DetailID) {
        comments.removeAll { $0.id == id }
    }
}

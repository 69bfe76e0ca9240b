/// What a change to a comment's text does to the time the comment counts as last edited
/// (``Comment/editedAt``), for ``CardDetailEdit/commentEdited(_:_:mark:)``.
public enum CommentEditMark: Hashable, Sendable {
    /// An edit made now: the comment is marked edited at the event's own time. `previous` is the
    /// mark it had (`nil`: never edited), for an undo to put back. Edits in logs written before
    /// marks were recorded read as this with `nil`.
    case now(previous: Timestamp?)
    /// The mark set back from `old` to `new` (`nil`: not edited): an undo, a redo or a restore
    /// putting back what was.
    case set(Change<Timestamp?>)

    /// The mark the comment had before the change.
    public var previous: Timestamp? {
        switch self {
        case .now(let previous): previous
        case .set(let change): change.old
        }
    }
}

/// How an edit changes a card's due date.
public enum DueUpdate: Hashable, Sendable {
    /// Set the due date.
    case set(Due)
    /// Remove the due date.
    case remove

    /// The due date after the edit.
    public var newValue: Due? {
        switch self {
        case .set(let due): due
        case .remove: nil
        }
    }
}

/// The texts of one card that replay has read and not yet made into strings
/// (``CardTable/beginDeferringTexts()``): each either a ``TextSpan`` in an event's bytes, or
/// ``TextSpan/none`` when the card's own string stands.
struct DeferredTexts: Sendable {
    var title: TextSpan
    var description: TextSpan

    /// Nothing deferred: both of the card's strings stand.
    static let none = DeferredTexts(title: .none, description: .none)
}

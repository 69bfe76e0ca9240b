/// What an action's `data` holds that the import reads. `card` and `old` are open-ended: an
/// `updateCard` carries the changed fields' new values in `card` and their old values in `old`.
struct TrelloActionData: Decodable, Sendable {
    var card: [String: TrelloValue]?
    var old: [String: TrelloValue]?
    var list: [String: TrelloValue]?
    var listBefore: TrelloReference?
    var listAfter: TrelloReference?

    /// The card's id.
    var cardID: String? { card?["id"]?.string }
    /// The list's id.
    var listID: String? { list?["id"]?.string }
}

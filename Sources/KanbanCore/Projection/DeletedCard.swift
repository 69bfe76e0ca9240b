/// A card deleted from a board, as the event that deleted it recorded it: what a "Deleted
/// cards" list shows and what ``Decider/revive(board:card:column:index:deleted:in:)`` brings back.
/// The state keeps no deleted cards; they are read from the log.
public struct DeletedCard: Hashable, Sendable {
    /// The card as it was when deleted: its column then, its title, description and due date.
    public var card: Card
    /// Where it stood in its column then (0-based).
    public var index: Int
    /// The board it was deleted from.
    public var board: BoardID
    /// The sequence number of the event that deleted it.
    public var sequence: UInt64
    /// When it was deleted (``RecordedEvent/validTime``: for an imported history, when it happened).
    public var timestamp: Timestamp
    /// Who deleted it.
    public var actor: String

    public init(card: Card, index: Int, board: BoardID, sequence: UInt64, timestamp: Timestamp, actor: String) {
        self.card = card
        self.index = index
        self.board = board
        self.sequence = sequence
        self.timestamp = timestamp
        self.actor = actor
    }

    /// The cards `event` leaves deleted: a delete, an undone add or revive, a redone delete, or
    /// the deletions of a restore (a card a restore deletes and then adds again is not one).
    public static func deletions(in event: RecordedEvent) -> [DeletedCard] {
        var deleted: [(card: Card, index: Int)] = []
        func follow(_ payload: EventPayload) {
            switch payload.effect {
            case .cardDeleted(let removal):
                deleted.removeAll { $0.card.id == removal.card.id }
                deleted.append((removal.card, removal.index))
            case .cardAdded(let added): deleted.removeAll { $0.card.id == added.card.id }
            case .cardRevived(let revived): deleted.removeAll { $0.card.id == revived.card.id }
            case .restored(let restored): for change in restored.effects { follow(change) }
            default: break
            }
        }
        follow(event.payload)
        return deleted.map {
            DeletedCard(card: $0.card, index: $0.index, board: event.board, sequence: event.sequence, timestamp: event.validTime, actor: event.actor)
        }
    }
}

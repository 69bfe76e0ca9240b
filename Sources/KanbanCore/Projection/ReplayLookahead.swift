/// Encoded events held a few steps before they are applied, so that the memory each one
/// touches is on its way into the cache by the time it is: replay spends most of its time on a
/// card event waiting for two loads, the card's slot in the index and then the card
/// (``CardTable``), which miss the cache once a board holds more cards than it keeps. When an
/// event comes in, its slot is asked for (``CardTable/prefetchSlot(of:)``); two events later,
/// its card (``CardTable/prefetchCard(_:)``); two more, it is handed back to be applied. The
/// events come back in the order they went in; only when they are applied moves.
///
/// ```swift
/// var ahead = ReplayLookahead()
/// for (sequence, bytes) in events {
///     if let next = ahead.push(sequence, bytes, for: &state) { try state.apply(encoded: next.bytes, sequence: next.sequence) }
/// }
/// while let next = ahead.pop() { try state.apply(encoded: next.bytes, sequence: next.sequence) }
/// ```
///
/// The bytes of an event must stay valid until it is handed back (an LMDB read transaction's
/// values do, until it ends).
public struct ReplayLookahead {
    /// An event held: where it is in the log, its bytes and the card it concerns.
    private struct Held {
        var sequence: UInt64 = 0
        var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        var card: CardID?
    }

    /// How many events are held before the oldest is handed back (a power of two).
    static let depth = 4
    /// How many events after its slot an event's card is asked for.
    static let cardDistance = 2

    private var held = [Held](repeating: Held(), count: depth)
    /// How many events went in: the next goes at `pushed % depth`.
    private var pushed = 0
    /// How many came back out: the oldest held is at `popped % depth`.
    private var popped = 0

    /// Nothing held.
    public init() {}

    /// Takes in event `sequence`, whose bytes are `bytes`: asks for the memory of its card's
    /// slot (the card read from the head, ``EventCodec/cardAtFixedPlaces(_:)``) in the cards of `state`, and for the card of the event taken in ``cardDistance``
    /// before it. Hands back the oldest event once ``depth`` are held. `state` is only read
    /// (`inout` so that its table is read in place, not copied and released per event).
    public mutating func push(_ sequence: UInt64, _ bytes: UnsafeRawBufferPointer, for state: inout KanbanState) -> (sequence: UInt64, bytes: UnsafeRawBufferPointer)? {
        let card = EventCodec.cardAtFixedPlaces(bytes)
        let mask = Self.depth - 1
        return held.withUnsafeMutableBufferPointer { held in
            if let card { state.cards.prefetchSlot(of: card) }
            if pushed - popped >= Self.cardDistance, let earlier = held[(pushed - Self.cardDistance) & mask].card {
                state.cards.prefetchCard(earlier)
            }
            var handed: (sequence: UInt64, bytes: UnsafeRawBufferPointer)?
            if pushed - popped == Self.depth {
                let oldest = held[popped & mask]
                handed = (oldest.sequence, oldest.bytes)
                popped += 1
            }
            held[pushed & mask] = Held(sequence: sequence, bytes: bytes, card: card)
            pushed += 1
            return handed
        }
    }

    /// Hands back the oldest event held, or `nil` when none is: after the last ``push(_:_:for:)``,
    /// until `nil`.
    public mutating func pop() -> (sequence: UInt64, bytes: UnsafeRawBufferPointer)? {
        guard popped < pushed else { return nil }
        let oldest = held[popped & (Self.depth - 1)]
        popped += 1
        return (oldest.sequence, oldest.bytes)
    }
}

import CPrefetch

/// Live cards by id: a hash table built for replay, which looks a card up on almost every event.
///
/// The cards sit densely in ``values`` (in no particular order); an open-addressing index of
/// 8-byte slots, probed linearly and kept at most half full, maps an id to its position there.
/// Ids are random, so a multiplicative mix of their bits with a per-process seed hashes them
/// well at a fraction of `Hasher`'s cost; each slot keeps the top 32 bits of its id's hash, so
/// a probe rarely touches a card that is not the one sought, and deletion shifts entries back
/// rather than leave tombstones. A value type: copies share storage until one of them changes.
public struct CardTable: Sendable {
    /// The cards, densely packed, in no particular order.
    public private(set) var values: [Card] = []
    /// The index: 0 for an empty slot, else the top 32 bits of the card's hash above its
    /// position in `values` plus one. `slots.count` is 0 or a power of two.
    private var slots: [UInt64] = []
    /// `64 - log2(slots.count)`: a hash shifted right by this is its home slot.
    private var shift: UInt64 = 64
    /// This process's seed, so hashes (and probe sequences) differ from run to run.
    private let seed: UInt64 = CardTable.processSeed
    /// While texts are deferred (``beginDeferringTexts()``): the texts of the card at the same
    /// position of ``values`` that are still spans of bytes. Empty otherwise.
    private var deferred: [DeferredTexts] = []
    /// Whether texts are deferred.
    private(set) var isDeferringTexts = false

    private static let processSeed = UInt64.random(in: .min ... .max)

    /// An empty table.
    public init() {}

    /// An empty table with room for `minimumCapacity` cards before it grows.
    public init(minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
    }

    /// The number of cards.
    public var count: Int { values.count }

    /// Whether there are no cards.
    public var isEmpty: Bool { values.isEmpty }

    /// The card whose id is `id`, or `nil`. Setting `nil` removes it.
    public subscript(id: CardID) -> Card? {
        get { index(forKey: id).map { values[$0] } }
        set {
            if let card = newValue {
                precondition(card.id == id, "CardTable: a card is stored under its own id")
                if let position = index(forKey: id) {
                    values[position] = card
                    if isDeferringTexts { deferred[position] = .none }
                } else {
                    insertNew(card)
                }
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// The position in ``values`` of the card whose id is `id`, or `nil`.
    @inline(__always)
    public func index(forKey id: CardID) -> Int? {
        find(id).found
    }

    /// Makes room for `minimumCapacity` cards before the table grows.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        values.reserveCapacity(minimumCapacity)
        if minimumCapacity * 2 > slots.count { resize(toHold: minimumCapacity) }
    }

    /// Removes the card whose id is `id` and returns it, or returns `nil` when there is none.
    @discardableResult
    public mutating func removeValue(forKey id: CardID) -> Card? {
        let (position, slot) = find(id)
        guard let position else { return nil }
        return remove(at: position, slot: slot)
    }

    /// Adds `card`, whose id must not be in the table yet.
    @inline(__always)
    mutating func insertNew(_ card: consuming Card) {
        let (found, slot) = find(card.id)
        precondition(found == nil, "CardTable: card \(card.id) is already there")
        insertNew(card, at: slot)
    }

    /// Adds `card` at `slot`, the empty slot where ``find(_:)`` stopped looking for its id;
    /// while texts are deferred, with `texts` in place of its strings.
    mutating func insertNew(_ card: consuming Card, at slot: Int, texts: DeferredTexts = .none) {
        if isDeferringTexts { deferred.append(texts) }
        let hash = hash(card.id)
        if (values.count + 1) * 2 > slots.count {
            values.append(card)
            resize(toHold: values.count)
            place(hash, position: values.count - 1)
            return
        }
        slots[slot] = hash & CardTable.hashMask | UInt64(values.count + 1)
        values.append(card)
    }

    /// Changes the card at `position` of ``values`` in place; `body` must keep its id.
    @inline(__always)
    mutating func update<Result>(at position: Int, _ body: (inout Card) -> Result) -> Result {
        body(&values[position])
    }

    /// Where the card whose id is `id` is: its position in ``values`` (`nil` when absent) and its
    /// slot, or the empty slot where it would go (`-1` when the index is empty).
    @inline(__always)
    func find(_ id: CardID) -> (found: Int?, slot: Int) {
        guard !slots.isEmpty else { return (nil, -1) }
        let hash = hash(id)
        let tag = hash & CardTable.hashMask
        let mask = slots.count - 1
        return slots.withUnsafeBufferPointer { slots in
            values.withUnsafeBufferPointer { values in
                var slot = Int(truncatingIfNeeded: hash >> shift)
                while true {
                    let entry = slots[slot]
                    if entry == 0 { return (nil, slot) }
                    if entry & CardTable.hashMask == tag {
                        let position = Int(truncatingIfNeeded: entry & CardTable.positionMask) - 1
                        if values[position].id == id { return (position, slot) }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Asks the processor to start loading the index slot where the search for `id` begins: the
    /// first of the two loads a lookup waits for (``prefetchCard(_:)`` is the second). A hint:
    /// nothing changes, whatever the table holds (`mutating` only so that the table is read in
    /// place: a copy would retain and release its storage, which costs more than the hint saves).
    @inline(__always)
    mutating func prefetchSlot(of id: CardID) {
        guard !slots.isEmpty else { return }
        let slot = Int(truncatingIfNeeded: hash(id) >> shift)
        slots.withUnsafeBufferPointer { kanban_prefetch_for_write($0.baseAddress! + slot) }
    }

    /// Asks the processor to start loading the card whose id is `id`, found through the index
    /// by its hash's tag alone (best loaded already, by ``prefetchSlot(of:)``) without reading
    /// any card. A hint: nothing changes, and a card since moved is only a wasted load
    /// (`mutating` for the reason ``prefetchSlot(of:)`` is).
    @inline(__always)
    mutating func prefetchCard(_ id: CardID) {
        guard !slots.isEmpty else { return }
        let hash = hash(id)
        let tag = hash & CardTable.hashMask
        let mask = slots.count - 1
        slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: hash >> shift)
            while true {
                let entry = slots[slot]
                if entry == 0 { return }
                if entry & CardTable.hashMask == tag {
                    let position = Int(truncatingIfNeeded: entry & CardTable.positionMask) - 1
                    values.withUnsafeBufferPointer { values in
                        guard position < values.count, let base = values.baseAddress else { return }
                        kanban_prefetch_for_write(base + position)
                    }
                    return
                }
                slot = (slot + 1) & mask
            }
        }
    }

    // MARK: Deferred texts

    /// From now on, cards may keep their title and description as spans of bytes
    /// (``deferTexts(at:title:description:)``, ``insertNew(_:at:texts:)``) until
    /// ``endDeferringTexts()`` makes them strings: replay folds many texts that later events
    /// replace or delete, and so makes only the strings that last. The bytes must stay valid
    /// until then; a card's texts read while deferred are stale.
    mutating func beginDeferringTexts() {
        guard !isDeferringTexts else { return }
        isDeferringTexts = true
        deferred = Array(repeating: .none, count: values.count)
    }

    /// Keeps `title` and `description` (when given) as the texts of the card at `position`
    /// of ``values``, in place of its strings until ``endDeferringTexts()``.
    @inline(__always)
    mutating func deferTexts(at position: Int, title: TextSpan?, description: TextSpan?) {
        if let title { deferred[position].title = title }
        if let description { deferred[position].description = description }
    }

    /// Forgets the deferred title and description (those asked for) of the card at
    /// `position`: strings of its own were just set.
    @inline(__always)
    mutating func dropDeferredTexts(at position: Int, title: Bool, description: Bool) {
        if title { deferred[position].title = .none }
        if description { deferred[position].description = .none }
    }

    /// How many cards ahead ``endDeferringTexts()`` asks for texts' bytes.
    private static let textPrefetchDistance = 8

    /// Makes every deferred text the string of its card, and stops deferring.
    mutating func endDeferringTexts() {
        guard isDeferringTexts else { return }
        deferred.withUnsafeBufferPointer { deferred in
            values.withUnsafeMutableBufferPointer { values in
                let count = Swift.min(values.count, deferred.count)
                for position in 0..<count {
                    // The texts lie all over the log's map, mostly out of the cache by now: ask
                    // for those of a card a few places on while this one's are made.
                    if position + Self.textPrefetchDistance < count {
                        let ahead = deferred[position + Self.textPrefetchDistance]
                        if let title = ahead.title.lengthAt { kanban_prefetch_for_read(title) }
                        if let description = ahead.description.lengthAt { kanban_prefetch_for_read(description) }
                    }
                    let texts = deferred[position]
                    if texts.title.isText { values[position].title = texts.title.string }
                    if texts.description.isText { values[position].description = texts.description.string }
                }
            }
        }
        deferred = []
        isDeferringTexts = false
    }

    /// Calls `body` with a function that moves the card at a position of ``values`` out (each
    /// position at most once), then empties the table: `body` takes the cards it wants without
    /// copying them, and the rest go with the table.
    mutating func takingCards<Result>(_ body: ((Int) -> Card) -> Result) -> Result {
        // A card of no texts of its own stands in for each one taken, until the table goes.
        let result = values.withUnsafeMutableBufferPointer { values in
            body { position in
                var card = Card.standIn
                swap(&card, &values[position])
                return card
            }
        }
        self = CardTable()
        return result
    }

    /// Calls `body` with the cards where they lie, which it may read in place (and must not
    /// change: their ids are the index's keys).
    mutating func withUnsafeMutableCards<Result>(_ body: (UnsafeMutableBufferPointer<Card>) throws -> Result) rethrows -> Result {
        try values.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Removes the card at `position` of ``values``, whose index entry is at `slot`.
    private mutating func remove(at position: Int, slot: Int) -> Card {
        let mask = slots.count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            // Backward-shift deletion: pull later entries of the run into the hole unless
            // that would move them before their home slot.
            var hole = slot
            var next = (hole + 1) & mask
            while slots[next] != 0 {
                let home = Int(truncatingIfNeeded: slots[next] >> shift)
                if (next - home) & mask >= (next - hole) & mask {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            slots[hole] = 0
        }
        let last = values.count - 1
        if isDeferringTexts {
            // The deferred texts follow their card: the last one's fill the gap too.
            let lastTexts = deferred.removeLast()
            if position != last { deferred[position] = lastTexts }
        }
        guard position != last else { return values.removeLast() }
        // The last card fills the gap: point its entry at its new position, then move it there.
        let lastHash = hash(values[last].id)
        let lastEntry = UInt64(last + 1)
        slots.withUnsafeMutableBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: lastHash >> shift)
            while slots[slot] & CardTable.positionMask != lastEntry { slot = (slot + 1) & mask }
            slots[slot] = slots[slot] & CardTable.hashMask | UInt64(position + 1)
        }
        var card = values.removeLast()
        swap(&card, &values[position])
        return card
    }

    /// Rebuilds the index with the smallest power-of-two size at least twice `count` (and 16).
    private mutating func resize(toHold count: Int) {
        var size = 16
        while size < count * 2 { size *= 2 }
        precondition(size <= 1 << 32, "CardTable: too many cards")
        let old = slots
        slots = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        slots.withUnsafeMutableBufferPointer { slots in
            for entry in old where entry != 0 {
                var slot = Int(truncatingIfNeeded: entry >> shift)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = entry
            }
        }
    }

    /// Enters the card at `position` of ``values``, whose hash is `hash`, in the index.
    private mutating func place(_ hash: UInt64, position: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = hash & CardTable.hashMask | UInt64(position + 1)
    }

    /// A 64-bit mix of `id` and the seed whose top bits are well spread: ids are random,
    /// so two multiply-xor rounds suffice.
    @inline(__always)
    private func hash(_ id: CardID) -> UInt64 {
        ((id.raw.high ^ seed) &* 0x9E37_79B9_7F4A_7C15 ^ id.raw.low) &* 0xBF58_476D_1CE4_E5B9
    }

    private static let hashMask: UInt64 = 0xFFFF_FFFF_0000_0000
    private static let positionMask: UInt64 = 0x0000_0000_FFFF_FFFF
}

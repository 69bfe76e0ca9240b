// libFuzzer target: the binary event decoder, the replay fast path, the card peek, the
// snapshot decoder and the board outline's decoder, fed arbitrary bytes. Built into the KanbanCore module by ../run.sh.
//
// Properties (a violation traps, which libFuzzer reports as a crash):
// - none of EventCodec.decode, KanbanState.apply(encoded:sequence:), EventCodec.peekCard and
//   StateCodec.decode traps on any input (throwing is fine);
// - when decode succeeds: decode(encode(x)) == x and encode is stable across the round trip;
//   peekCard names the card the event's (innermost undid/redid) payload names;
//   the fast path accepts the bytes too, returns the same timestamp and folds to the same state
//   as apply(decode(bytes)), on an empty state and on a populated one, with and without the
//   order index;
// - when StateCodec.decode succeeds: the state survives a snapshot round trip, and decoding
//   one board's cards (StateCodec.decode(_:cardsOf:)) gives exactly that board's cards of it;
// - when OutlineCodec.decode succeeds: decode(encode(x)) == x, and adding a card on the
//   outline (every board, its first and its last column) decides or refuses without trapping;
// - every decoded event renders: its `kanban log` line and JSON, its history line (every
//   language, UTC offsets up to a day either way and real time zones) and history JSON, and
//   what `undo --list` says of it (Renderers.swift).

/// The card `peekCard` must report for a decoded payload: it looks through undo/redo wrappers
/// at the payload they undid or redid.
private func expectedPeek(_ payload: EventPayload) -> CardID? {
    switch payload {
    case .undone(let undone): expectedPeek(undone.undid)
    case .redone(let redone): expectedPeek(redone.redid)
    case .cardAdded(let added): added.card.id
    case .cardEdited(let edited): edited.card
    case .cardMoved(let moved): moved.card
    case .cardDeleted(let deleted): deleted.card.id
    case .cardRevived(let revived): revived.card.id
    case .cardDetail(let changed): changed.card
    default: nil
    }
}

private let bases: [KanbanState] = [KanbanState(), FuzzFixtures.populated, FuzzFixtures.populatedIndexed]

private func seeds() -> [[UInt8]] {
    var seeds = (FuzzFixtures.events + FuzzFixtures.extremeEvents).map(EventCodec.encode) + FuzzFixtures.refusedEncodings
    // A few snapshots, so StateCodec.decode gets deep too.
    var state = FuzzFixtures.populated
    seeds.append(StateCodec.encode(state))
    for event in FuzzFixtures.events.prefix(6) { state.apply(event) }
    seeds.append(StateCodec.encode(state))
    seeds.append(StateCodec.encode(KanbanState()))
    // Board outlines, so OutlineCodec.decode and the add decided on it get deep too.
    seeds.append(OutlineCodec.encode(BoardOutline(of: FuzzFixtures.populatedIndexed, lastTimestamp: Timestamp(millisecondsSinceEpoch: 1))))
    seeds.append(OutlineCodec.encode(of: state, lastTimestamp: Timestamp(millisecondsSinceEpoch: .max)))
    return seeds
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    writeSeedsIfAsked(seeds)
    _ = bases
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let sequence: UInt64 = 99

    // The full decoder.
    let decoded: RecordedEvent?
    do {
        decoded = try EventCodec.decode(bytes, sequence: sequence)
    } catch {
        _ = error.description
        decoded = nil
    }

    // The peek used to scan the log for undo conflicts.
    let peeked = EventCodec.peekCard(bytes)

    if let event = decoded {
        let encoded = EventCodec.encode(event)
        let again: RecordedEvent
        do {
            again = try EventCodec.decode(encoded, sequence: sequence)
        } catch {
            fuzzFailure("decode(encode(x)) threw \(error)")
        }
        if again != event { fuzzFailure("decode(encode(x)) != x") }
        if EventCodec.encode(again) != encoded { fuzzFailure("encode is not stable across a round trip") }
        if peeked != expectedPeek(event.payload) {
            fuzzFailure("peekCard = \(String(describing: peeked)), decoded payload names \(String(describing: expectedPeek(event.payload)))")
        }
        _ = event.payload.card
        _ = event.payload.effect
        exerciseRenderers(event)
    }

    // The replay fast path, against the full decoder.
    for base in bases {
        var fast = base
        let timestamp: Timestamp?
        do {
            timestamp = try fast.apply(encoded: bytes, sequence: sequence)
        } catch {
            timestamp = nil
        }
        if let event = decoded {
            guard let timestamp else { fuzzFailure("decode accepted the bytes but apply(encoded:) threw") }
            if timestamp != event.timestamp { fuzzFailure("apply(encoded:) returned another timestamp") }
            var slow = base
            slow.apply(event)
            if let difference = stateDifference(fast, slow) {
                fuzzFailure("apply(encoded:) and apply(decode(bytes)) differ in \(difference)")
            }
        }
        if timestamp != nil { exerciseState(fast) }
    }

    // The snapshot decoder, whole and one board's cards at a time.
    if let state = try? StateCodec.decode(bytes) {
        exerciseState(state)
        for board in state.boardOrder {
            guard let one = try? StateCodec.decode(bytes, cardsOf: board) else { fuzzFailure("one board's decode threw where the whole decode did not") }
            let expected = state.cards.values.filter { state.columns[$0.column]?.board == board }
            if Set(one.cards.values) != Set(expected) { fuzzFailure("one board's decode holds other cards than the whole decode's of that board") }
        }
    } else if let boards = try? StateCodec.decode(bytes, boardsOnly: true) {
        for board in boards.boardOrder { _ = try? StateCodec.decode(bytes, cardsOf: board) }
    }
    // The layouts with details (2) and with edit marks and strict limits (3).
    for version in [StateCodec.detailsVersion, StateCodec.markedDetailsVersion] {
        if let state = try? StateCodec.decode(bytes, version: version) { exerciseState(state) }
    }

    // The board outline's decoder, and the add decided on what it decodes.
    if let outline = try? OutlineCodec.decode(bytes) {
        let encoded = OutlineCodec.encode(outline)
        guard let again = try? encoded.withUnsafeBytes(OutlineCodec.decode) else { fuzzFailure("outline: decode(encode(x)) threw") }
        if again != outline { fuzzFailure("outline: decode(encode(x)) != x") }
        var ids = SeededGenerator(seed: UInt64(size))
        for board in outline.boards.boards.values {
            for column in [nil, board.columns.first.flatMap { outline.boards.columns[$0]?.name }, board.columns.last.flatMap { outline.boards.columns[$0]?.name }] {
                guard let event = try? Decider.addCard(board: board.name, title: "x", description: "", due: nil, column: column, in: outline, ids: &ids),
                      case .cardAdded(let added) = event.payload
                else { continue }
                let end = outline.end(of: added.card.column)
                if added.index != end.count { fuzzFailure("outline: an add lands at \(added.index), not at the end (\(end.count))") }
                if let last = end.lastKey, !(last < added.card.key) { fuzzFailure("outline: an add's key is not after the column's last") }
            }
        }
    }
    return 0
}

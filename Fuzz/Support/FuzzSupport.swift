// Shared by both fuzzers. Compiled into the KanbanCore module itself (see run.sh), so it may
// use internal API such as the order index; it is not part of the package.
import Foundation

/// Traps with `message`, so libFuzzer reports the input as a crash.
func fuzzFailure(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("FUZZ PROPERTY VIOLATED: \(message())", file: file, line: line)
}

/// Fixed ids, so seeds refer to the boards, columns and cards of ``FuzzFixtures/populated``.
enum FuzzFixtures {
    static func id(_ n: UInt64) -> Identifier { Identifier(high: 0x1111_2222_3333_4000 | n, low: 0x8000_0000_0000_0000 | n) }

    static let board = BoardID(id(1))
    static let board2 = BoardID(id(2))
    static let todo = ColumnID(id(10))
    static let doing = ColumnID(id(11))
    static let done = ColumnID(id(12))
    static let extra = ColumnID(id(13))
    static let card1 = CardID(id(20))
    static let card2 = CardID(id(21))
    static let card3 = CardID(id(22))
    static let card4 = CardID(id(23))

    static let longFraction = OrderKey(integer: -3, fraction: [0x80, 0x01, 0xFF, 0, 0, 7, 9, 0x42, 0x13, 0x37, 1])

    static let cardA = Card(id: card1, column: todo, key: OrderKey(integer: 0), title: "Write the README", description: "", due: .day(CalendarDay(daysSinceEpoch: 20_788)))
    static let cardB = Card(id: card2, column: todo, key: OrderKey(integer: 0, fraction: [0x80]), title: "디자인 검토 회의", description: "Café ☕️ — ünïcødé\n\ttabs", due: .moment(Timestamp(millisecondsSinceEpoch: 1_796_117_400_250)))
    static let cardC = Card(id: card3, column: doing, key: longFraction, title: "Fix login", description: String(repeating: "x", count: 300), due: nil)
    static let cardD = Card(id: card4, column: done, key: OrderKey(integer: 1 << 40), title: "🧪", description: "", due: .day(CalendarDay(daysSinceEpoch: -719_468)))

    static let columns = [ColumnSpec(id: todo, name: "TODO"), ColumnSpec(id: doing, name: "DOING"), ColumnSpec(id: done, name: "DONE")]

    /// The events that build ``populated``.
    static let setup: [(String, BoardID, EventPayload)] = [
        ("kanban", board, .boardCreated(BoardCreated(name: "main", columns: columns))),
        ("ana", board, .cardAdded(CardAdded(card: cardA, index: 0))),
        ("ana", board, .cardAdded(CardAdded(card: cardB, index: 1))),
        ("bob", board, .cardAdded(CardAdded(card: cardC, index: 0))),
        ("bob", board, .cardAdded(CardAdded(card: cardD, index: 0))),
        ("ana", board2, .boardCreated(BoardCreated(name: "Ops", columns: [ColumnSpec(id: extra, name: "Backlog")]))),
    ]

    /// One payload of every kind (and nested ones), referring to the fixtures.
    static let payloads: [EventPayload] = {
        let moved = EventPayload.cardMoved(CardMoved(card: card1, title: "Write the README", from: todo, fromIndex: 0, to: doing, toIndex: 1, key: OrderKey(integer: 1)))
        let edited = EventPayload.cardEdited(CardEdited(
            card: card2, title: "New",
            titleChange: Change(old: "디자인 검토 회의", new: "New"),
            descriptionChange: Change(old: "Café ☕️ — ünïcødé\n\ttabs", new: ""),
            dueChange: Change(old: .moment(Timestamp(millisecondsSinceEpoch: 1_796_117_400_250)), new: .day(CalendarDay(daysSinceEpoch: 1)))
        ))
        let editedTitleOnly = EventPayload.cardEdited(CardEdited(card: card3, title: "Fix login", descriptionChange: Change(old: "a", new: "b")))
        let editedDueOnly = EventPayload.cardEdited(CardEdited(card: card1, title: "Write the README", dueChange: Change(old: .day(CalendarDay(daysSinceEpoch: 20_788)), new: nil)))
        let added = EventPayload.cardAdded(CardAdded(card: Card(id: CardID(id(30)), column: doing, key: longFraction, title: "t", description: "d", due: .moment(Timestamp(millisecondsSinceEpoch: -1))), index: 2))
        let deleted = EventPayload.cardDeleted(CardDeleted(card: cardC, index: 0))
        let columnAdded = EventPayload.columnAdded(ColumnAdded(column: ColumnSpec(id: ColumnID(id(14)), name: "Review"), index: 1))
        let columnRenamed = EventPayload.columnRenamed(ColumnRenamed(column: doing, from: "DOING", to: "In progress"))
        let columnRemoved = EventPayload.columnRemoved(ColumnRemoved(column: ColumnSpec(id: extra, name: "Backlog"), index: 0))
        let boardCreated = EventPayload.boardCreated(BoardCreated(name: "Ops 2", columns: [ColumnSpec(id: ColumnID(id(15)), name: "A"), ColumnSpec(id: ColumnID(id(16)), name: "B")]))
        let boardRenamed = EventPayload.boardRenamed(BoardRenamed(from: "main", to: "Main board"))
        let boardRemoved = EventPayload.boardRemoved(BoardRemoved(name: "Ops", columns: [ColumnSpec(id: extra, name: "Backlog")]))
        let undone = EventPayload.undone(Undone(target: 3, undid: moved, compensation: .cardMoved(CardMoved(card: card1, title: "Write the README", from: doing, fromIndex: 1, to: todo, toIndex: 0, key: OrderKey(integer: -1)))))
        let undoneAdd = EventPayload.undone(Undone(target: 2, undid: added, compensation: .cardDeleted(CardDeleted(card: cardA, index: 0))))
        let redone = EventPayload.redone(Redone(target: 9, redid: moved, effect: moved))
        let redoneOfUndone = EventPayload.undone(Undone(target: 12, undid: redone, compensation: edited))
        let restored = EventPayload.restored(Restored(sequence: 4, timestamp: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), effects: [deleted, added, moved, edited, columnRenamed]))
        let restoredEmpty = EventPayload.restored(Restored(sequence: 0, timestamp: Timestamp(millisecondsSinceEpoch: -5), effects: []))
        let columnMoved = EventPayload.columnMoved(ColumnMoved(column: ColumnSpec(id: done, name: "DONE"), fromIndex: 2, toIndex: 0))
        let columnMovedFar = EventPayload.columnMoved(ColumnMoved(column: ColumnSpec(id: todo, name: "TODO"), fromIndex: 0, toIndex: Int(Int32.max)))
        let revived = EventPayload.cardRevived(CardRevived(card: Card(id: card3, column: done, key: longFraction, title: "Fix login", description: "back", due: .day(CalendarDay(daysSinceEpoch: 3))), index: 1))
        let undoneRevive = EventPayload.undone(Undone(target: 30, undid: revived, compensation: .cardDeleted(CardDeleted(card: cardC, index: 1))))
        let undoneColumnMove = EventPayload.undone(Undone(target: 31, undid: columnMoved, compensation: .columnMoved(ColumnMoved(column: ColumnSpec(id: done, name: "DONE"), fromIndex: 0, toIndex: 2))))
        let redoneRevive = EventPayload.redone(Redone(target: 32, redid: revived, effect: .cardAdded(CardAdded(card: cardC, index: 0))))
        let restoredColumns = EventPayload.restored(Restored(sequence: 5, timestamp: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), effects: [revived, columnMoved]))
        return [moved, edited, editedTitleOnly, editedDueOnly, added, deleted, columnAdded, columnRenamed, columnRemoved,
                boardCreated, boardRenamed, boardRemoved, undone, undoneAdd, redone, redoneOfUndone, restored, restoredEmpty,
                columnMoved, columnMovedFar, revived, undoneRevive, undoneColumnMove, redoneRevive, restoredColumns]
            + setup.map(\.2) + detailPayloads
    }()

    /// One change of every kind to a card's or board's details (kinds 30–48: comment edits made
    /// now and set back, plain and strict limits), and an undo of one.
    static let detailPayloads: [EventPayload] = {
        let item = ChecklistItem(id: DetailID(id(40)), checklist: "Release ✅", text: "Tag **v1**, then ship", done: true)
        let comment = Comment(id: DetailID(id(41)), author: "연아", text: "Looks good\n- [x] tests", at: Timestamp(millisecondsSinceEpoch: -1), editedAt: Timestamp(millisecondsSinceEpoch: .max))
        let link = CardLink(id: DetailID(id(42)), url: "https://example.com/a,b?c=d#e", name: "Spec, v2")
        let edits: [CardDetailEdit] = [
            .assigned("지민"), .unassigned("ana"), .labelled("bug"), .unlabelled("à faire"), .dueMarked(done: true), .dueMarked(done: false),
            .commentAdded(Comment(id: DetailID(id(43)), author: "ana", text: "hi"), index: 0), .commentEdited(DetailID(id(41)), Change(old: "a", new: "b"), mark: .now(previous: nil)),
            .commentEdited(DetailID(id(41)), Change(old: "b", new: "a"), mark: .set(Change(old: Timestamp(millisecondsSinceEpoch: .min), new: nil))),
            .commentDeleted(comment, index: Int(Int32.max)), .itemAdded(item, index: 3), .itemRenamed(DetailID(id(40)), Change(old: "", new: "x")),
            .itemChecked(DetailID(id(40)), text: "x", done: false), .itemRemoved(item, index: 0), .itemMoved(DetailID(id(40)), text: "x", from: 2, to: 0),
            .linkAttached(link, index: 0), .linkRemoved(link, index: 1),
        ]
        let cardEdits = edits.map { EventPayload.cardDetail(CardDetailChanged(card: card2, title: "디자인 검토 회의", edit: $0)) }
        let boardChanges: [BoardDetailEdit] = [
            .memberAdded("Chloé"), .memberRemoved("bo"), .labelChanged("bug", Change(old: nil, new: "red")), .labelChanged("bug", Change(old: "red", new: nil)),
            .columnLimited(ColumnSpec(id: doing, name: "DOING"), Change(old: nil, new: ColumnLimit(3))), .columnLimited(ColumnSpec(id: todo, name: "TODO"), Change(old: ColumnLimit(999), new: nil)),
            .columnLimited(ColumnSpec(id: doing, name: "DOING"), Change(old: ColumnLimit(3), new: ColumnLimit(2, strict: true))),
        ]
        let boardEdits = boardChanges.map { EventPayload.boardDetail(BoardDetailChanged(edit: $0)) }
        let undoneAssign = EventPayload.undone(Undone(target: 40, undid: cardEdits[0], compensation: cardEdits[1]))
        return cardEdits + boardEdits + [undoneAssign]
    }()

    /// Every payload as a recorded event, with varied envelopes.
    static let events: [RecordedEvent] = payloads.enumerated().map { index, payload in
        RecordedEvent(
            sequence: UInt64(index + 1),
            timestamp: Timestamp(millisecondsSinceEpoch: index.isMultiple(of: 5) ? -1 : 1_796_000_000_000 + Int64(index)),
            actor: ["ana", "bob", "kanban", "", "연아"][index % 5],
            id: EventID(id(100 + UInt64(index))),
            board: index.isMultiple(of: 7) ? board2 : board,
            payload: payload
        )
    }

    /// Values no command writes but a damaged log can hold, all decodable: the extreme
    /// timestamps and due dates, a restore to the lowest moment, an undo naming the highest
    /// sequence number, keys at the floor and the ceiling.
    static let extremeEvents: [RecordedEvent] = {
        let floorCard = Card(id: CardID(id(40)), column: todo, key: OrderKey(integer: Int64.min + 1), title: "-h floor", description: "- list", due: .day(CalendarDay(daysSinceEpoch: .max)))
        let ceilingCard = Card(id: CardID(id(41)), column: doing, key: OrderKey(integer: .max, fraction: [0xFF]), title: "ceiling", due: .moment(Timestamp(millisecondsSinceEpoch: .min)))
        let edit = CardEdited(card: card1, title: "Write the README", dueChange: Change(old: .day(CalendarDay(daysSinceEpoch: .min)), new: .moment(Timestamp(millisecondsSinceEpoch: .max))))
        let payloads: [(Int64, EventPayload)] = [
            (.max, .cardAdded(CardAdded(card: floorCard, index: 0))),
            (.min, .cardAdded(CardAdded(card: ceilingCard, index: Int(Int32.max)))),
            (.min + 1, .cardEdited(edit)),
            (.max - 1, .restored(Restored(sequence: .max, timestamp: Timestamp(millisecondsSinceEpoch: .min), effects: [.cardEdited(edit)]))),
            (-86_400_001, .undone(Undone(target: .max, undid: .cardEdited(edit), compensation: .cardEdited(edit)))),
            (0, .redone(Redone(target: .max, redid: .cardAdded(CardAdded(card: floorCard, index: 0)), effect: .cardDeleted(CardDeleted(card: ceilingCard, index: 0))))),
        ]
        return payloads.enumerated().map { index, entry in
            RecordedEvent(sequence: UInt64.max - UInt64(index), timestamp: Timestamp(millisecondsSinceEpoch: entry.0), actor: "-h",
                          id: EventID(id(300 + UInt64(index))), board: board, payload: entry.1)
        }
    }()

    /// Encodings the decoder refuses although every field is in range: board events with no
    /// columns (add would have nowhere to put a card) and the lowest order key (nothing sorts
    /// below it). Seeds, so the fuzzer starts next to these edges.
    static let refusedEncodings: [[UInt8]] = {
        let bottom = Card(id: CardID(id(42)), column: todo, key: OrderKey(integer: Int64.min), title: "bottom")
        let payloads: [EventPayload] = [
            .boardCreated(BoardCreated(name: "no columns", columns: [])),
            .boardRemoved(BoardRemoved(name: "no columns", columns: [])),
            .undone(Undone(target: 1, undid: .boardRemoved(BoardRemoved(name: "b", columns: columns)), compensation: .boardCreated(BoardCreated(name: "b", columns: [])))),
            .cardAdded(CardAdded(card: bottom, index: 0)),
            .cardMoved(CardMoved(card: bottom.id, title: "", from: todo, fromIndex: 0, to: todo, toIndex: 0, key: bottom.key)),
        ]
        return payloads.map { payload in
            EventCodec.encode(RecordedEvent(sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "ana", id: EventID(id(400)), board: board, payload: payload))
        }
    }()

    /// A state with two boards, four cards and two actors' stacks.
    static let populated: KanbanState = {
        var state = KanbanState()
        for (sequence, (actor, board, payload)) in setup.enumerated() {
            state.apply(RecordedEvent(sequence: UInt64(sequence + 1), timestamp: Timestamp(millisecondsSinceEpoch: 1_796_000_000_000),
                                      actor: actor, id: EventID(id(200 + UInt64(sequence))), board: board, payload: payload))
        }
        return state
    }()

    static let populatedIndexed: KanbanState = {
        var state = populated
        state.buildOrderIndex()
        return state
    }()
}

/// The first difference between two states, or `nil` when they are equal (the order index
/// is compared only when both have it).
func stateDifference(_ a: KanbanState, _ b: KanbanState) -> String? {
    if a.boards != b.boards { return "boards" }
    if a.boardOrder != b.boardOrder { return "boardOrder" }
    if a.columns != b.columns { return "columns" }
    if a.cards != b.cards { return "cards" }
    if a.lastSequence != b.lastSequence { return "lastSequence" }
    if a.boardsCreated != b.boardsCreated { return "boardsCreated" }
    if a.undoStacks != b.undoStacks { return "undoStacks" }
    if let orderA = a.orders, let orderB = b.orders, orderA != orderB {
        let keys = Set(orderA.keys).union(orderB.keys).filter { orderA[$0] != orderB[$0] }
        let detail = keys.map { key in
            "column \(key) (\(a.columns[key]?.name ?? "not a column")): \(orderA[key].map { "\($0.count) slots" } ?? "absent") vs \(orderB[key].map { "\($0.count) slots" } ?? "absent")"
        }
        return "orders: " + detail.joined(separator: "; ")
    }
    return nil
}

/// Exercises the read side of a state (what `kanban board`, `verify` and snapshots do) to
/// make sure nothing there traps, and checks that a snapshot of it decodes to the same state.
func exerciseState(_ state: KanbanState) {
    var indexed = state
    indexed.buildOrderIndex()
    for column in state.columns.keys {
        _ = state.cards(in: column)
        _ = indexed.cards(in: column)
        _ = state.cardCount(in: column)
    }
    for board in state.boards.values { _ = state.cardCount(on: board) }
    let bytes = StateCodec.encode(state)
    let decoded: KanbanState
    switch decodeState(bytes, version: StateCodec.version(of: state)) {
    case .success(let state): decoded = state
    case .failure(let error): fuzzFailure("StateCodec.decode(StateCodec.encode(state)) threw \(error)")
    }
    if let difference = stateDifference(state, decoded) {
        fuzzFailure("StateCodec round trip changed the state: \(difference)")
    }
    if StateCodec.encode(decoded) != bytes { fuzzFailure("StateCodec.encode is not stable across a round trip") }
}

/// `StateCodec.decode` of a byte array in layout `version`. (Plain closures: a typed-throws
/// closure passed to `withUnsafeBytes` crashed the 6.3.1 optimizer's inliner here.)
func decodeState(_ bytes: [UInt8], version: UInt8 = StateCodec.version) -> Result<KanbanState, EventDecodingError> {
    bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<KanbanState, EventDecodingError> in
        do throws(EventDecodingError) { return .success(try StateCodec.decode(buffer, version: version)) } catch { return .failure(error) }
    }
}

/// Applies an encoded event through the replay fast path; the error, if it throws.
func applyEncoded(_ bytes: [UInt8], to state: inout KanbanState, sequence: UInt64) -> EventDecodingError? {
    bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> EventDecodingError? in
        do throws(EventDecodingError) { try state.apply(encoded: buffer, sequence: sequence); return nil } catch { return error }
    }
}

/// Writes `seeds` as files `seed-N` in the directory named by `KANBAN_FUZZ_WRITE_SEEDS` and
/// exits, when that variable is set (run.sh uses it to fill a fresh corpus).
func writeSeedsIfAsked(_ seeds: () -> [[UInt8]]) {
    guard let directory = ProcessInfo.processInfo.environment["KANBAN_FUZZ_WRITE_SEEDS"] else { return }
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let all = seeds()
        for (index, seed) in all.enumerated() {
            try Data(seed).write(to: url.appendingPathComponent("seed-\(index)"))
        }
        print("wrote \(all.count) seeds to \(directory)")
        exit(0)
    } catch {
        print("cannot write seeds: \(error)")
        exit(1)
    }
}

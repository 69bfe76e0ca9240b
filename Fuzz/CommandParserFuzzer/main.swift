// libFuzzer target: the parsers of user input in KanbanCore and the command decider, on a
// small fixed log, driven by a byte program. Built into the KanbanCore module by ../run.sh.
//
// The swift-argument-parser layer of the CLI (Sources/KanbanCLI) is not in here: it needs the
// ArgumentParser package, which only SwiftPM builds. What the CLI does with the strings it
// gets (dates, ids, prefixes, names, titles, indexes) is what this fuzzes.
//
// An input is a sequence of steps (at most 24); each step's first byte picks what it does:
// parse a date, parse an id, check a title, description or name, decide a command, undo, redo.
// Strings: a length byte below 0x80 takes that many raw bytes; 0x80 and above picks a word from
// `words` (board and column names, card id prefixes, dates, long texts).
//
// Properties (a violation traps):
// - nothing traps; rejection is by throwing (typed: KanbanError);
// - Due(parsing:): a day prints back to its text's date and parses back to itself; a moment in
//   years 0000...9999 parses back from its description;
// - Identifier(_:): accepted text is its description (case aside) and parses back;
// - Limits: accepted text is trimmed, non-empty and within the limit, and checking it again
//   gives it back; rejections are the right case of KanbanError;
// - Decider: deciding on a state with and without the order index gives the same events;
//   every decided event survives the codec; folding it through the replay fast path and
//   through apply(_:) gives the same state; an added or moved card lands at the index the
//   event says and a deleted one was at the index the event says; an added column lands at
//   its index, a moved one at its index; a card brought back lands at its index with the
//   fields it had when deleted. Revives get the deletions read from the log, newest first, as
//   the engine reads them.
import Foundation

// MARK: Input

struct FuzzInput {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func string() -> String {
        let length = byte()
        if length >= 0x80 { return CommandFuzzer.words[Int(length & 0x7F) % CommandFuzzer.words.count] }
        let count = min(Int(length), bytes.count - offset)
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    mutating func optionalString() -> String? {
        byte() & 1 == 0 ? nil : string()
    }

    mutating func index() -> Int? {
        switch byte() % 5 {
        case 0: return nil
        case 1, 2: return Int(byte() % 8)
        case 3: return Int(Int8(bitPattern: byte()))
        default:
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return Int(truncatingIfNeeded: value)
        }
    }
}

/// The byte-program writer, for seeds.
struct FuzzProgram {
    var bytes: [UInt8] = []
    mutating func op(_ value: UInt8) { bytes.append(value) }
    mutating func raw(_ text: String) {
        let utf8 = Array(text.utf8.prefix(0x7F))
        bytes.append(UInt8(utf8.count))
        bytes += utf8
    }
    mutating func word(_ index: Int) {
        precondition(index < 0x80 && index < CommandFuzzer.words.count)
        bytes.append(0x80 | UInt8(index))
    }
    mutating func some() { bytes.append(1) }
    mutating func none() { bytes.append(0) }
    mutating func index(_ value: Int?) {
        guard let value else { return bytes.append(0) }
        bytes += [1, UInt8(value)]
    }
}

// MARK: The fixed log

enum CommandFuzzer {
    static let actors = ["ana", "bob", "kanban"]

    /// A board "main" (TODO, DOING, DONE) with cards, a board "Ops" (Backlog, Done), both
    /// decided by the Decider itself, then a few facts only a damaged log holds, with the log
    /// they came from.
    static let fixture: (state: KanbanState, log: [RecordedEvent]) = {
        var ids = SeededGenerator(seed: 42)
        var state = KanbanState()
        var log: [RecordedEvent] = []
        let commands: [(String, Command)] = [
            ("ana", .addCard(board: "main", title: "Write the README", due: .day(CalendarDay(daysSinceEpoch: 20_788)))),
            ("ana", .addCard(board: "main", title: "디자인 검토 회의", description: "Café ☕️", column: "doing")),
            ("bob", .addCard(board: "main", title: "Fix login", index: 0)),
            ("bob", .addCard(board: "main", title: "Ship", column: "DONE")),
            ("ana", .createBoard(name: "Ops", columns: ["Backlog", "Done"])),
            ("ana", .addCard(board: "Ops", title: "Rotate keys", column: "backlog")),
        ]
        for (actor, command) in commands {
            let events = try! Decider.decide(command, in: state, ids: &ids)
            for event in events { record(event, actor: actor, state: &state, log: &log, ids: &ids) }
        }
        // Then a move, by the id the add drew.
        let first = state.cards.values.first { $0.title == "Write the README" }!
        let events = try! Decider.decide(.moveCard(board: "main", card: first.id.description, column: "DOING", index: 0), in: state, ids: &ids)
        for event in events { record(event, actor: "bob", state: &state, log: &log, ids: &ids) }
        // Facts a damaged log may hold, which decide never makes: a board whose only column is
        // main's (replay does not make it), main's TODO removed "from Ops" (changes nothing), and
        // a card near the floor of the keys in Ops' Backlog (inserting before it reaches the
        // lowest integer). Decisions on this state must not trap either.
        let main = state.board(named: "main")!
        let ops = state.board(named: "Ops")!
        let hostile: [(String, BoardID, EventPayload)] = [
            ("bob", BoardID(Identifier(high: 0xBAD, low: 1)), .boardCreated(BoardCreated(name: "Thief", columns: [ColumnSpec(id: main.columns[2], name: "Loot")]))),
            ("bob", ops.id, .columnRemoved(ColumnRemoved(column: ColumnSpec(id: main.columns[0], name: "TODO"), index: 0))),
            ("ana", ops.id, .cardAdded(CardAdded(card: Card(
                id: CardID(Identifier(high: 0xF100, low: 1)), column: ops.columns[0], key: OrderKey(integer: Int64.min + 1), title: "Floor"
            ), index: 0))),
        ]
        for (actor, board, payload) in hostile {
            record(BoardEvent(board: board, payload: payload), actor: actor, state: &state, log: &log, ids: &ids)
        }
        state.buildOrderIndex()
        return (state, log)
    }()

    static func record(_ event: BoardEvent, actor: String, state: inout KanbanState, log: inout [RecordedEvent], ids: inout SeededGenerator) {
        let recorded = RecordedEvent(
            sequence: UInt64(log.count + 1),
            timestamp: Timestamp(millisecondsSinceEpoch: 1_796_000_000_000 + Int64(log.count)),
            actor: event.actor ?? actor,
            id: EventID(.random(using: &ids)),
            board: event.board,
            payload: event.payload
        )
        log.append(recorded)
        state.apply(recorded)
    }

    static let words: [String] = {
        let ids = fixture.state.cards.values.map(\.id.description).sorted()
        var words = [
            "main", "Ops", "MAIN", "nope", "TODO", "doing", " DONE ", "Backlog", "done", "", " ", "\t\n",
            "2026-12-01", "2026-12-01T09:30", "2026-12-01T09:30:00Z", "2026-12-01T09:30:00.250+09:00",
            "2024-02-29", "2023-02-29", "0000-01-01T00:00+18:00", "9999-12-31T23:59:59.999-18:00",
            "디자인 검토 회의", "Café", "e\u{301}", "🧑‍🚀", "\u{200B}", "\u{FEFF}x\u{3000}",
            String(repeating: "a", count: 200), String(repeating: "a", count: 201), String(repeating: "é", count: 1001),
            String(repeating: "ab", count: 25), String(repeating: "ab", count: 26), "3f2a9c1e-8a1d-4c55-9f0e-2b7d4e6a1c3B",
        ]
        for id in ids { words += [id, String(id.prefix(1)), String(id.prefix(4)), id.uppercased(), " \(id.prefix(8)) "] }
        return words
    }()

    static let timeZones: [TimeZone] = [
        TimeZone(identifier: "UTC")!, TimeZone(identifier: "Asia/Seoul") ?? .gmt,
        TimeZone(identifier: "America/New_York") ?? .gmt, TimeZone(identifier: "Australia/Lord_Howe") ?? .gmt,
        TimeZone(secondsFromGMT: -12 * 3600)!, TimeZone(secondsFromGMT: 14 * 3600)!,
    ]
}

// MARK: Checks

private func checkDue(_ text: String, timeZone: TimeZone) {
    let due: Due
    do {
        due = try Due(parsing: text, timeZone: timeZone)
    } catch {
        guard case .malformedDate(let echoed) = error, echoed == text else { fuzzFailure("Due(parsing:) threw \(error)") }
        return
    }
    switch due {
    case .day(let day):
        if day.description != String(text.utf8.prefix(10))! { fuzzFailure("day \(day) from '\(text)'") }
        if (try? Due(parsing: day.description, timeZone: timeZone)) != due { fuzzFailure("day \(day) does not parse back") }
    case .moment(let moment):
        let year = moment.utcDay.components.year
        if (0...9999).contains(year), (try? Due(parsing: moment.description, timeZone: timeZone)) != due {
            fuzzFailure("moment \(moment) from '\(text)' does not parse back")
        }
    }
}

private func checkIdentifier(_ text: String) {
    guard let id = Identifier(text) else { return }
    if id.description != text.lowercased() { fuzzFailure("Identifier('\(text)') prints as \(id)") }
    if Identifier(id.description) != id || Identifier(id.description.uppercased()) != id { fuzzFailure("\(id) does not parse back") }
}

private func checkText(_ text: String, kind: UInt8) {
    do {
        switch kind % 3 {
        case 0:
            let checked = try Limits.checkedTitle(text)
            if checked.isEmpty || checked.count > Limits.titleLength { fuzzFailure("accepted title '\(checked)'") }
            if try Limits.checkedTitle(checked) != checked { fuzzFailure("checkedTitle is not idempotent") }
        case 1:
            let checked = try Limits.checkedDescription(text)
            if checked != text || checked.count > Limits.descriptionLength { fuzzFailure("accepted description") }
        default:
            let checked = try Limits.checkedName(text)
            if checked.isEmpty || checked.count > Limits.nameLength { fuzzFailure("accepted name '\(checked)'") }
            if try Limits.checkedName(checked) != checked { fuzzFailure("checkedName is not idempotent") }
        }
    } catch {
        switch (kind % 3, error) {
        case (0, .emptyTitle), (0, .titleTooLong), (1, .descriptionTooLong), (2, .emptyName), (2, .nameTooLong): break
        default: fuzzFailure("unexpected rejection \(error) for kind \(kind % 3)")
        }
    }
}

/// Where `card` stands in its column, or `nil` when it is not live.
private func position(of card: CardID, in state: KanbanState) -> Int? {
    guard let column = state.cards[card]?.column else { return nil }
    return state.cards(in: column).firstIndex { $0.id == card }
}

/// Checks the indexes an event states against where things are before and after it.
private func checkIndexes(of payload: EventPayload, board: BoardID, before: KanbanState, after: KanbanState) {
    switch payload {
    case .cardAdded(let added):
        if position(of: added.card.id, in: after) != added.index { fuzzFailure("card added at \(added.index), landed at \(String(describing: position(of: added.card.id, in: after)))") }
    case .cardMoved(let moved):
        if position(of: moved.card, in: before) != moved.fromIndex { fuzzFailure("move says from \(moved.fromIndex)") }
        if position(of: moved.card, in: after) != moved.toIndex || after.cards[moved.card]?.column != moved.to {
            fuzzFailure("card moved to \(moved.toIndex), landed at \(String(describing: position(of: moved.card, in: after)))")
        }
    case .cardDeleted(let deleted):
        if position(of: deleted.card.id, in: before) != deleted.index { fuzzFailure("delete says index \(deleted.index)") }
        if after.cards[deleted.card.id] != nil { fuzzFailure("deleted card still live") }
    case .columnAdded(let added):
        if after.boards[board]?.columns.firstIndex(of: added.column.id) != added.index { fuzzFailure("column added at wrong index") }
    case .columnMoved(let moved):
        if before.boards[board]?.columns.firstIndex(of: moved.column.id) != moved.fromIndex { fuzzFailure("column move says from \(moved.fromIndex)") }
        if after.boards[board]?.columns.firstIndex(of: moved.column.id) != moved.toIndex { fuzzFailure("column moved to wrong index") }
        if after.boards[board]?.columns.count != before.boards[board]?.columns.count { fuzzFailure("a column move changed the number of columns") }
    case .cardRevived(let revived):
        if before.cards[revived.card.id] != nil { fuzzFailure("a live card was brought back") }
        if position(of: revived.card.id, in: after) != revived.index { fuzzFailure("card brought back at \(revived.index), landed at \(String(describing: position(of: revived.card.id, in: after)))") }
        if after.cards[revived.card.id] != revived.card { fuzzFailure("the card brought back is not the card in the event") }
    case .undone(let undone):
        checkIndexes(of: undone.compensation, board: board, before: before, after: after)
    case .redone(let redone):
        checkIndexes(of: redone.effect, board: board, before: before, after: after)
    default:
        break
    }
}

/// Appends decided events as the engine does, through both folds, checking them.
private func append(_ events: [BoardEvent], actor: String, indexed: inout KanbanState, plain: inout KanbanState, log: inout [RecordedEvent], ids: inout SeededGenerator) {
    for event in events {
        let recorded = RecordedEvent(
            sequence: UInt64(log.count + 1),
            timestamp: Timestamp(millisecondsSinceEpoch: 1_796_000_000_000 + Int64(log.count)),
            actor: event.actor ?? actor,
            id: EventID(.random(using: &ids)),
            board: event.board,
            payload: event.payload
        )
        let bytes = EventCodec.encode(recorded)
        guard (try? EventCodec.decode(bytes, sequence: recorded.sequence)) == recorded else { fuzzFailure("decided event does not survive the codec: \(recorded)") }
        let before = indexed
        if let error = applyEncoded(bytes, to: &indexed, sequence: recorded.sequence) {
            fuzzFailure("replay fast path rejected a decided event: \(error)")
        }
        plain.apply(recorded)
        log.append(recorded)
        var plainIndexed = plain
        plainIndexed.buildOrderIndex()
        if let difference = stateDifference(indexed, plain) ?? stateDifference(indexed, plainIndexed) {
            fuzzFailure("fast-path fold and apply(_:) differ in \(difference) after \(recorded.payload.kind)")
        }
        checkIndexes(of: recorded.payload, board: recorded.board, before: before, after: indexed)
    }
}

private func command(from input: inout FuzzInput) -> Command {
    switch input.byte() % 22 {
    case 0:
        let due: Due? = input.byte() & 1 == 0 ? nil : try? Due(parsing: input.string(), timeZone: CommandFuzzer.timeZones[0])
        return .addCard(board: input.string(), title: input.string(), description: input.optionalString() ?? "", due: due, column: input.optionalString(), index: input.index())
    case 1:
        let dueUpdate: DueUpdate?
        switch input.byte() % 3 {
        case 0: dueUpdate = nil
        case 1: dueUpdate = .remove
        default: dueUpdate = (try? Due(parsing: input.string(), timeZone: CommandFuzzer.timeZones[1])).map(DueUpdate.set)
        }
        return .editCard(board: input.string(), card: input.string(), title: input.optionalString(), description: input.optionalString(), due: dueUpdate)
    case 2: return .moveCard(board: input.string(), card: input.string(), column: input.string(), index: input.index())
    case 3: return .deleteCard(board: input.string(), card: input.string())
    case 4:
        let name = input.string()
        var columns: [String] = []
        for _ in 0..<(input.byte() % 5) { columns.append(input.string()) }
        return .createBoard(name: name, columns: columns)
    case 5: return .renameBoard(board: input.string(), to: input.string())
    case 6: return .removeBoard(board: input.string())
    case 7: return .addColumn(board: input.string(), name: input.string(), index: input.index())
    case 8: return .renameColumn(board: input.string(), column: input.string(), to: input.string())
    case 9: return .removeColumn(board: input.string(), column: input.string())
    case 10: return .moveColumn(board: input.string(), column: input.string(), index: input.index() ?? 0)
    // Cards' and boards' details: a person, a label, a comment, an item or a link named by text
    // or id prefix, indexes in and out of range.
    case 12: return input.byte() & 1 == 0 ? .assign(board: input.string(), card: input.string(), person: input.string())
        : .unassign(board: input.string(), card: input.string(), person: input.string())
    case 13: return input.byte() & 1 == 0 ? .label(board: input.string(), card: input.string(), label: input.string())
        : .unlabel(board: input.string(), card: input.string(), label: input.string())
    case 14: return .markDue(board: input.string(), card: input.string(), done: input.byte() & 1 == 0)
    case 15:
        switch input.byte() % 3 {
        case 0: return .addComment(board: input.string(), card: input.string(), text: input.string())
        case 1: return .editComment(board: input.string(), card: input.string(), comment: input.string(), text: input.string())
        default: return .deleteComment(board: input.string(), card: input.string(), comment: input.string())
        }
    case 16: return .addChecklistItem(board: input.string(), card: input.string(), text: input.string(), checklist: input.optionalString(), index: input.index())
    case 17:
        switch input.byte() % 4 {
        case 0: return .renameChecklistItem(board: input.string(), card: input.string(), item: input.string(), text: input.string())
        case 1: return .checkChecklistItem(board: input.string(), card: input.string(), item: input.string(), done: input.byte() & 1 == 0)
        case 2: return .removeChecklistItem(board: input.string(), card: input.string(), item: input.string())
        default: return .moveChecklistItem(board: input.string(), card: input.string(), item: input.string(), index: input.index() ?? 0)
        }
    case 18: return input.byte() & 1 == 0 ? .attachLink(board: input.string(), card: input.string(), url: input.string(), name: input.optionalString())
        : .removeLink(board: input.string(), card: input.string(), link: input.string())
    case 19: return input.byte() & 1 == 0 ? .addMember(board: input.string(), person: input.string())
        : .removeMember(board: input.string(), person: input.string())
    case 20: return .setLabel(board: input.string(), name: input.string(), colour: input.optionalString())
    case 21:
        guard input.byte() & 1 == 0, let limit = input.index() else {
            return .setColumnLimit(board: input.string(), column: input.string(), limit: input.index())
        }
        return .setStrictColumnLimit(board: input.string(), column: input.string(), limit: limit)
    default: return .reviveCard(board: input.string(), card: input.string(), column: input.optionalString(), index: input.index())
    }
}

private func later(than sequence: UInt64, concerning card: CardID?, in log: [RecordedEvent]) -> [RecordedEvent] {
    guard let card else { return [] }
    return log.filter { $0.sequence > sequence && EventCodec.encode($0).withUnsafeBytes { EventCodec.peekCard($0) } == card }
}

// MARK: Entry points

/// `KANBAN_FUZZ_VERBOSE=1`: print what each step decided (to see what an input does).
private let verbose = ProcessInfo.processInfo.environment["KANBAN_FUZZ_VERBOSE"] != nil

private func seeds() -> [[UInt8]] {
    let ids = CommandFuzzer.fixture.state.cards.values.map(\.id.description).sorted()
    let cardWord = { (index: Int) in CommandFuzzer.words.firstIndex(of: ids[index % ids.count])! }
    var seeds: [[UInt8]] = []
    func seed(_ build: (inout FuzzProgram) -> Void) {
        var program = FuzzProgram()
        build(&program)
        seeds.append(program.bytes)
    }
    // Parsers: op 0 date (text, time zone), op 1 id, op 2 text (text, kind: title, description, name).
    for (zone, date) in ["2026-12-01", "2026-12-01T09:30", "2026-12-01T09:30:00Z", "2026-12-01t09:30:00,5-03:30",
                         "2024-02-29 23:59:59.999999999+14:00", "1970-01-01T00:00:00.1z", "0000-01-01T00:00+18:00"].enumerated() {
        seed { p in p.op(0); p.raw(date); p.op(UInt8(zone)) }
    }
    seed { p in p.op(1); p.raw("3F2A9C1E-8a1d-4c55-9f0e-2b7d4e6a1c3b"); p.op(1); p.raw(ids[0]) }
    seed { p in p.op(2); p.raw("  Write the README \n"); p.op(0); p.op(2); p.raw(" TODO "); p.op(2); p.op(2); p.raw("Café"); p.op(1) }
    // Op 3: a command (actor, kind, fields); op 4 undo and op 5 redo (actor, force); op 6 a card reference.
    seed { p in p.op(3); p.op(0); p.op(0); p.op(1); p.raw("2026-12-01"); p.word(0); p.raw("New card"); p.none(); p.some(); p.word(5); p.index(1) }
    seed { p in p.op(3); p.op(1); p.op(1); p.op(2); p.raw("2026-12-01T09:30:00Z"); p.word(0); p.word(cardWord(0)); p.some(); p.raw("Renamed"); p.some(); p.raw("desc") }
    for index in 0..<ids.count {
        seed { p in p.op(3); p.op(1); p.op(2); p.word(index % 2); p.word(cardWord(index)); p.word(4 + index % 5); p.index(index % 3); p.op(4); p.op(1); p.op(0) }
        seed { p in p.op(3); p.op(0); p.op(3); p.word(0); p.raw(String(ids[index].prefix(1 + index))); p.op(4); p.op(0); p.op(0); p.op(5); p.op(0); p.op(0) }
    }
    seed { p in p.op(3); p.op(0); p.op(4); p.raw("Sprint 1"); p.op(3); p.raw("A"); p.raw("b"); p.raw("a ") }
    // One of every detail command, on a live card of `main`: assign, label, mark done, comment,
    // checklist item (then check it by a one-character prefix), link, member, label, limit.
    seed { p in
        p.op(3); p.op(0); p.op(12); p.op(0); p.word(0); p.word(cardWord(0)); p.raw("지민")
        p.op(3); p.op(1); p.op(13); p.op(0); p.word(0); p.word(cardWord(1)); p.raw("bug, urgent")
        p.op(3); p.op(0); p.op(14); p.op(0); p.word(0); p.word(cardWord(0))
        p.op(3); p.op(0); p.op(15); p.op(0); p.word(0); p.word(cardWord(0)); p.raw("**Looks** good")
        p.op(3); p.op(1); p.op(16); p.word(0); p.word(cardWord(2)); p.raw("Tag it"); p.some(); p.raw("Release"); p.index(0)
        p.op(3); p.op(1); p.op(17); p.op(1); p.word(0); p.word(cardWord(2)); p.raw("4"); p.op(0)
        p.op(3); p.op(0); p.op(18); p.op(0); p.word(0); p.word(cardWord(0)); p.raw("https://example.com/a,b"); p.some(); p.raw("Spec")
        p.op(3); p.op(0); p.op(19); p.op(0); p.word(0); p.raw("Chloé")
        p.op(3); p.op(0); p.op(20); p.word(0); p.raw("bug"); p.some(); p.raw("red")
        p.op(3); p.op(0); p.op(21); p.word(0); p.word(4); p.index(1)
    }
    seed { p in p.op(3); p.op(0); p.op(4); p.raw("Sprint 2"); p.op(2); p.raw("Todo"); p.raw("Done"); p.op(4); p.op(0); p.op(1) }
    seed { p in p.op(3); p.op(1); p.op(5); p.word(1); p.raw("Operations"); p.op(4); p.op(1); p.op(0) }
    seed { p in p.op(3); p.op(0); p.op(6); p.word(1) }
    seed { p in p.op(3); p.op(0); p.op(7); p.word(0); p.raw("Review"); p.index(1); p.op(4); p.op(0); p.op(0); p.op(5); p.op(0); p.op(0) }
    seed { p in p.op(3); p.op(1); p.op(8); p.word(0); p.word(5); p.raw("In progress"); p.op(4); p.op(1); p.op(1) }
    seed { p in p.op(3); p.op(0); p.op(9); p.word(1); p.word(7); p.op(3); p.op(0); p.op(9); p.word(0); p.word(5) }
    // Op 3 kind 10: move a column (board, column, index); kind 11: bring back a card (board, card, column?, index).
    seed { p in p.op(3); p.op(0); p.op(10); p.word(0); p.word(6); p.index(0); p.op(4); p.op(0); p.op(0); p.op(5); p.op(0); p.op(0) }
    seed { p in p.op(3); p.op(1); p.op(10); p.word(1); p.word(7); p.index(1); p.op(3); p.op(1); p.op(10); p.word(0); p.word(5); p.index(7) }
    for index in 0..<ids.count {
        // Delete a card, bring it back (by a prefix, to its old place or another column), undo, redo.
        seed { p in
            p.op(3); p.op(0); p.op(3); p.word(index % 2); p.word(cardWord(index))
            p.op(3); p.op(1); p.op(11); p.word(index % 2); p.raw(String(ids[index].prefix(4 + index))); p.none(); p.index(nil)
            p.op(4); p.op(1); p.op(0); p.op(5); p.op(1); p.op(0)
        }
        seed { p in
            p.op(3); p.op(0); p.op(3); p.word(0); p.word(cardWord(index))
            p.op(3); p.op(0); p.op(11); p.word(0); p.word(cardWord(index)); p.some(); p.word(6); p.index(index % 3)
        }
    }
    seed { p in p.op(3); p.op(0); p.op(11); p.word(0); p.word(cardWord(0)); p.none(); p.index(nil) }
    seed { p in p.op(4); p.op(0); p.op(0); p.op(4); p.op(1); p.op(0); p.op(5); p.op(0); p.op(0); p.op(4); p.op(1); p.op(1); p.op(5); p.op(1); p.op(0); p.op(6); p.raw(String(ids[1].prefix(2))) }
    return seeds
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = CommandFuzzer.words
    writeSeedsIfAsked(seeds)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes: UnsafeRawBufferPointer(start: data, count: size))
    var indexed = CommandFuzzer.fixture.state
    var plain = CommandFuzzer.fixture.state
    plain.orders = nil
    var log = CommandFuzzer.fixture.log
    // Not the fixture's seed (42): the same seed would draw the fixture's ids again, and a
    // board created with column ids already in use is not something decide can produce.
    var ids = SeededGenerator(seed: 0xF022_0000_0000_0000 | UInt64(size))
    var steps = 0
    while !input.isAtEnd, steps < 24 {
        steps += 1
        let op = input.byte() % 7
        switch op {
        case 0:
            let text = input.string()
            checkDue(text, timeZone: CommandFuzzer.timeZones[Int(input.byte()) % CommandFuzzer.timeZones.count])
        case 1:
            checkIdentifier(input.string())
        case 2:
            let text = input.string()
            checkText(text, kind: input.byte())
        case 3:
            let actor = CommandFuzzer.actors[Int(input.byte()) % CommandFuzzer.actors.count]
            let command = command(from: &input)
            var plainIDs = ids
            // A revive gets the deletions as the engine reads them from the log: newest first.
            let deletions = log.reversed().flatMap(DeletedCard.deletions(in:))
            func decide(_ state: KanbanState, _ ids: inout SeededGenerator) throws(KanbanError) -> [BoardEvent] {
                if case .reviveCard(let board, let card, let column, let index) = command {
                    return [try Decider.revive(board: board, card: card, column: column, index: index, deleted: deletions, in: state)]
                }
                return try Decider.decide(command, actor: actor, in: state, ids: &ids)
            }
            let decided: Result<[BoardEvent], KanbanError> = Result { () throws(KanbanError) in try decide(indexed, &ids) }
            let decidedPlain: Result<[BoardEvent], KanbanError> = Result { () throws(KanbanError) in try decide(plain, &plainIDs) }
            if decided != decidedPlain { fuzzFailure("decide differs with and without the order index: \(decided) vs \(decidedPlain) for \(command)") }
            if verbose { print("\(actor): \(command) -> \((try? decided.get())?.map(\.payload.kind) ?? []) \(decided)".prefix(400)) }
            if case .success(let events) = decided {
                append(events, actor: actor, indexed: &indexed, plain: &plain, log: &log, ids: &ids)
            } else if case .failure(let error) = decided {
                _ = error.description
            }
        case 4, 5:
            let actor = CommandFuzzer.actors[Int(input.byte()) % CommandFuzzer.actors.count]
            let force = input.byte() & 1 == 1
            let undoing = op == 4
            let stack = undoing ? indexed.undoStacks.undoStack(for: actor) : indexed.undoStacks.redoStack(for: actor)
            guard let sequence = stack.last else { continue }
            let target = log[Int(sequence) - 1]
            let later = later(than: sequence, concerning: target.payload.card, in: log)
            let decided: Result<BoardEvent, KanbanError> = Result { () throws(KanbanError) in
                undoing
                    ? try Decider.undo(target, actor: actor, later: later, force: force, in: indexed)
                    : try Decider.redo(target, actor: actor, later: later, force: force, in: indexed)
            }
            let decidedPlain: Result<BoardEvent, KanbanError> = Result { () throws(KanbanError) in
                undoing
                    ? try Decider.undo(target, actor: actor, later: later, force: force, in: plain)
                    : try Decider.redo(target, actor: actor, later: later, force: force, in: plain)
            }
            if decided != decidedPlain { fuzzFailure("undo/redo differs with and without the order index") }
            if verbose { print("\(actor): \(undoing ? "undo" : "redo") #\(sequence) -> \(decided)".prefix(400)) }
            if case .success(let event) = decided {
                append([event], actor: actor, indexed: &indexed, plain: &plain, log: &log, ids: &ids)
            }
        default:
            // A card reference on its own, as `edit`, `move` and `delete` resolve it.
            let reference = input.string()
            for board in indexed.boards.values { _ = try? indexed.card(matching: reference, on: board) }
        }
    }
    return 0
}

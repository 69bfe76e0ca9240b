import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Logs holding values no command writes but a flipped byte can: every reading command either
/// renders them or names the event it cannot decode (exit 1, one line). None traps.
struct CLIDamagedLogTests {
    static let board = BoardID(Identifier(high: 1, low: 1))
    static let todo = ColumnID(Identifier(high: 2, low: 1))
    static let doing = ColumnID(Identifier(high: 2, low: 2))
    static let card = Card(
        id: CardID(Identifier(high: 3, low: 1)), column: todo, key: .middle, title: "Fix login",
        due: .day(CalendarDay(daysSinceEpoch: .max))
    )

    /// Appends `events` (timestamp in ms, actor, payload) to the log at `path` as they are.
    static func write(_ events: [(Int64, String, EventPayload)], to path: String) throws {
        let engine = try KanbanEngine(path: path)
        try engine.log.environment.write { transaction in
            for (offset, (milliseconds, actor, payload)) in events.enumerated() {
                try engine.log.append(RecordedEvent(
                    sequence: UInt64(offset + 1), timestamp: Timestamp(millisecondsSinceEpoch: milliseconds), actor: actor,
                    id: EventID(Identifier(high: 9, low: UInt64(offset))), board: board, payload: payload
                ), in: transaction)
            }
        }
    }

    /// Extreme timestamps and due dates, one step back in time (#3), a restore to the
    /// lowest moment and an undo naming the highest sequence number.
    static let extremeEvents: [(Int64, String, EventPayload)] = {
        let edit = CardEdited(card: card.id, title: card.title, dueChange: Change(old: card.due, new: .moment(Timestamp(millisecondsSinceEpoch: .min))))
        let undoEdit = CardEdited(card: card.id, title: card.title, dueChange: Change(old: edit.dueChange?.new, new: card.due))
        let move = CardMoved(card: card.id, title: card.title, from: todo, fromIndex: 0, to: doing, toIndex: 0, key: .middle)
        return [
            (1_800_000_000_000, "kanban", .boardCreated(BoardCreated(name: "main", columns: [ColumnSpec(id: todo, name: "TODO"), ColumnSpec(id: doing, name: "DOING")]))),
            (.max, "ana", .cardAdded(CardAdded(card: card, index: 0))),
            (.min, "ana", .cardEdited(edit)),
            (.min + 1, "bo", .restored(Restored(sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: .min), effects: [.cardMoved(move)]))),
            (.max, "ana", .undone(Undone(target: .max, undid: .cardEdited(edit), compensation: .cardEdited(undoEdit)))),
        ]
    }()

    /// Runs `arguments`, expecting no signal and `status`; returns the output.
    @discardableResult
    static func expect(_ kanban: KanbanBinary, _ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutput {
        let output = try kanban.run(arguments)
        #expect(!output.wasSignalled && output.status == status, "kanban \(arguments.joined(separator: " ")): \(output)", sourceLocation: sourceLocation)
        return output
    }

    @Test("Extreme timestamps and due dates render in log, history (en, ko, fr), board and their JSON forms")
    func extremeTimestampsRender() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try Self.write(Self.extremeEvents, to: fixture.database)
        let kanban = fixture.kanban

        let log = try Self.expect(kanban, ["log"]).stdout
        #expect(log.contains("#2 292278994-08-17T07:12:55.807Z ana cardAdded"), "\(log)")
        #expect(log.contains("#3 -292275055-05-16T16:47:04.192Z ana cardEdited"), "\(log)")
        #expect(log.contains("due 25252734927768524-07-27 → -292275055-05-16T16:47:04.192Z"), "\(log)")
        #expect(log.contains("to #1 (-292275055-05-16T16:47:04.192Z)"), "\(log)")
        let events = try #require(try jsonObject(try Self.expect(kanban, ["log", "--json"]).stdout) as? [[String: Any]])
        #expect(events.map { $0["timestamp"] as? String } == [
            "2027-01-15T08:00:00Z", "292278994-08-17T07:12:55.807Z", "-292275055-05-16T16:47:04.192Z",
            "-292275055-05-16T16:47:04.193Z", "292278994-08-17T07:12:55.807Z",
        ])
        let undone = try #require(events.last?["data"] as? [String: Any])
        #expect((undone["target"] as? NSNumber)?.uint64Value == UInt64.max)

        for language in ["en", "ko", "fr"] {
            let lines = try Self.expect(kanban, ["history", "--lang", language]).stdout.split(separator: "\n")
            #expect(lines.count == 5, "\(language): \(lines)")
            let entries = try #require(try jsonObject(try Self.expect(kanban, ["history", "--json", "--lang", language]).stdout) as? [[String: Any]])
            #expect(entries.count == 5)
            #expect(entries.map { $0["time"] as? String } == events.map { $0["timestamp"] as? String })
        }
        let korean = try Self.expect(kanban, ["history", "--lang", "ko"]).stdout
        #expect(korean.contains("292278994년 8월"), "\(korean)")
        #expect(korean.contains("보드를 #1 (-292275055-05-16T16:47:04.192Z) 시점으로 되돌렸습니다."), "\(korean)")

        let board = try Self.expect(kanban, ["board"]).stdout
        #expect(board.contains("due 25252734927768524-07-27"), "\(board)")
        #expect(try kanban.board().column("DOING")?.cards.first?.due == "25252734927768524-07-27")
        try Self.expect(kanban, ["undo", "--list"])
        try Self.expect(kanban, ["stats"])
    }

    @Test("verify names the first event whose timestamp goes backwards, in one line, and exits 1")
    func verifyFindsTimeGoingBackwards() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try Self.write(Self.extremeEvents, to: fixture.database)
        let output = try Self.expect(fixture.kanban, ["verify"], status: 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines == [
            "kanban: verify failed: event #3 (-292275055-05-16T16:47:04.192Z) is earlier than event #2 (292278994-08-17T07:12:55.807Z)",
        ])
        let json = try Self.expect(fixture.kanban, ["verify", "--json"], status: 1)
        let report = try #require(try jsonObject(json.stdout) as? [String: Any])
        #expect(report["ok"] as? Bool == false)
        #expect((report["difference"] as? String)?.hasPrefix("event #3 ") == true)
    }

    @Test("A log whose timestamps never go backwards (equal ones included) verifies")
    func verifyAcceptsEqualTimestamps() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try Self.write(Array(Self.extremeEvents.prefix(2)) + [(.max, "ana", .cardDeleted(CardDeleted(card: Self.card, index: 0)))], to: fixture.database)
        let output = try Self.expect(fixture.kanban, ["verify"])
        #expect(output.stdout.hasPrefix("OK: 3 events replayed"))
    }

    @Test("A board event with no columns is a corrupt event, named by its sequence number; nothing traps or is appended")
    func boardWithoutColumns() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let engine = try KanbanEngine(path: fixture.database)
        let bytes = EventCodec.encode(RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), actor: "kanban",
            id: EventID(Identifier(high: 9, low: 9)), board: Self.board, payload: .boardCreated(BoardCreated(name: "main", columns: []))
        ))
        try engine.log.environment.write { transaction in
            try transaction.put(bytes, forKey: withUnsafeBytes(of: UInt64(1).bigEndian, Array.init), in: engine.log.database)
        }
        for arguments in [["add", "x"], ["board"], ["log"], ["log", "--json"], ["history"], ["verify"], ["replay", "--ignore-snapshots"]] {
            let output = try Self.expect(fixture.kanban, arguments, status: 1)
            #expect(output.stderrLines.count == 1, "kanban \(arguments.joined(separator: " ")): \(output)")
            #expect(output.stderr.contains("event #1 cannot be decoded: a board with no columns"), "kanban \(arguments.joined(separator: " ")): \(output)")
        }
        #expect(try engine.log.environment.read { try engine.log.count(in: $0) } == 1)
    }
}

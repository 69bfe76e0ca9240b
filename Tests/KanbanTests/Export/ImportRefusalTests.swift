import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// A damaged export is refused whole, naming its first bad line; nothing is appended.
struct ImportRefusalTests {
    /// A log of six events: the board, three adds, a move, an edit.
    static func exportedLines() throws -> [String] {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        let first = try source.add("first")
        try source.add("second")
        try source.add("third")
        try source.engine.execute(.moveCard(board: "main", card: first.description, column: "DOING"), actor: "bob")
        try source.engine.execute(.editCard(board: "main", card: first.description, title: "renamed"), actor: "ana")
        return try LogExport.lines(of: source.engine)
    }

    /// Line `index` (0-based) of `lines` with `key` set to `value`.
    static func changing(_ lines: [String], line index: Int, key: String, to value: Any) throws -> [String] {
        var object = try LogExport.object(lines[index])
        object[key] = value
        var changed = lines
        changed[index] = try LogExport.line(object)
        return changed
    }

    /// Imports `lines` into an empty database, expecting refusal with `expected`; checks that
    /// nothing was appended.
    static func expectRefused(_ lines: [String], _ expected: LogImportError, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try EngineFixture()
        defer { target.directory.remove() }
        #expect(throws: expected, sourceLocation: sourceLocation) { try target.engine.importer.log(lines: LogExport.feed(lines)) }
        #expect(try target.eventCount == 0, "something was appended", sourceLocation: sourceLocation)
    }

    @Test("A line whose raw is not base64 is named")
    func badBase64() throws {
        let lines = try Self.changing(Self.exportedLines(), line: 2, key: "raw", to: "not base64!")
        try Self.expectRefused(lines, .badLine(line: 3, reason: "\"raw\" is not base64"))
    }

    @Test("A line whose fields were edited (raw not matching them) is named, with the key that differs")
    func fieldsDisagreeWithRaw() throws {
        let lines = try Self.exportedLines()
        try Self.expectRefused(
            try Self.changing(lines, line: 2, key: "actor", to: "mallory"),
            .badLine(line: 3, reason: "\"raw\" is not the event the line describes: its \"actor\" differs")
        )
        var data = try #require(try LogExport.object(lines[5])["data"] as? [String: Any])
        data["title"] = "forged"
        try Self.expectRefused(
            try Self.changing(lines, line: 5, key: "data", to: data),
            .badLine(line: 6, reason: "\"raw\" is not the event the line describes: its \"data\" differs")
        )
        try Self.expectRefused(
            try Self.changing(lines, line: 3, key: "timestamp", to: "2030-01-01T00:00:00Z"),
            .badLine(line: 4, reason: "\"raw\" is not the event the line describes: its \"timestamp\" differs")
        )
    }

    @Test("A line whose raw and leaf were both taken from another event is named")
    func rawOfAnotherEvent() throws {
        let lines = try Self.exportedLines()
        let other = try LogExport.object(lines[3])
        var changed = try Self.changing(lines, line: 2, key: "raw", to: other["raw"] as Any)
        changed = try Self.changing(changed, line: 2, key: "leaf", to: other["leaf"] as Any)
        try Self.expectRefused(changed, .badLine(line: 3, reason: "\"raw\" is not the event the line describes: its \"timestamp\" differs"))
    }

    @Test("A line whose leaf is not the hash of its raw is named")
    func wrongLeaf() throws {
        let lines = try Self.exportedLines()
        let leaf = try #require(try LogExport.object(lines[1])["leaf"] as? String)
        let flipped = String(leaf.dropLast()) + (leaf.hasSuffix("0") ? "1" : "0")
        try Self.expectRefused(
            try Self.changing(lines, line: 1, key: "leaf", to: flipped),
            .badLine(line: 2, reason: "\"leaf\" is not the leaf hash of \"raw\"")
        )
    }

    @Test("A raw byte flipped (and the leaf made to match) no longer decodes, or decodes to another event")
    func flippedRawByte() throws {
        let lines = try Self.exportedLines()
        var object = try LogExport.object(lines[4])
        var bytes = try #require(Data(base64Encoded: object["raw"] as? String ?? ""))
        bytes[1] = 0xEE  // the kind tag
        object["raw"] = bytes.base64EncodedString()
        object["leaf"] = MerkleHash.hex(MerkleHash.leaf(bytes))
        var changed = lines
        changed[4] = try LogExport.line(object)
        try Self.expectRefused(changed, .badLine(line: 5, reason: "\"raw\" does not decode to an event: unknown event kind 238"))
    }

    @Test("A missing line (a gap) is named at the line after it")
    func gap() throws {
        var lines = try Self.exportedLines()
        lines.remove(at: 2)
        try Self.expectRefused(lines, .badLine(
            line: 3,
            reason: "sequence 4 where 3 was expected: lines are missing or out of order (only a whole export, without --board, --since or --until, can be imported)"
        ))
    }

    @Test("Two lines swapped are named at the first")
    func reordered() throws {
        var lines = try Self.exportedLines()
        lines.swapAt(3, 4)
        try Self.expectRefused(lines, .badLine(
            line: 4,
            reason: "sequence 5 where 4 was expected: lines are missing or out of order (only a whole export, without --board, --since or --until, can be imported)"
        ))
    }

    @Test("A line that is not an exported event is named, with what is wrong", arguments: [
        ("not json at all", "not an exported event: not a JSON object"),
        ("[1, 2]", "not an exported event: \"\" is not of the right type"),
        ("{}", "not an exported event: no \"sequence\""),
    ])
    func notAnEvent(text: String, reason: String) throws {
        var lines = try Self.exportedLines()
        lines[1] = text
        try Self.expectRefused(lines, .badLine(line: 2, reason: reason))
    }

    @Test("A line without raw, or with a sequence that is not a number, is named")
    func missingOrWrongKeys() throws {
        let lines = try Self.exportedLines()
        var object = try LogExport.object(lines[0])
        object["raw"] = nil
        var changed = lines
        changed[0] = try LogExport.line(object)
        try Self.expectRefused(changed, .badLine(line: 1, reason: "not an exported event: no \"raw\""))
        try Self.expectRefused(
            try Self.changing(lines, line: 0, key: "sequence", to: "one"),
            .badLine(line: 1, reason: "not an exported event: \"sequence\" is not of the right type")
        )
    }

    @Test("Timestamps that go backwards are refused, naming the line")
    func timeGoesBackwards() throws {
        func stored(_ sequence: UInt64, at milliseconds: Int64) -> StoredEvent {
            let event = RecordedEvent(
                sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: milliseconds), actor: "ana",
                id: EventID(Identifier(high: 9, low: sequence)), board: BoardID(Identifier(high: 5, low: 6)),
                payload: .boardRenamed(BoardRenamed(from: "a\(sequence)", to: "b\(sequence)"))
            )
            return StoredEvent(event: event, bytes: EventCodec.encode(event))
        }
        let lines = try [stored(1, at: 2_000), stored(2, at: 3_000), stored(3, at: 2_500)].map(LogExport.line)
        try Self.expectRefused(lines, .badLine(
            line: 3,
            reason: "its timestamp 1970-01-01T00:00:02.500Z is earlier than line 2's, 1970-01-01T00:00:03Z (a log's time never goes backwards)"
        ))
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `exportEvents` then `importLog`: the log comes back byte for byte.
struct ExportImportRoundTripTests {
    @Test("Export then import into an empty database gives the same events, sequence numbers and bytes", arguments: [1, 2, 3] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        var random = SeededGenerator(seed: seed)
        try RandomActivity.run(300, on: source.engine, actors: ["ana", "bob", "김민수"], addPercent: 15, using: &random)
        // A restore (random activity makes none) and text that needs escaping.
        try source.engine.execute(.createBoard(name: "Exported"), actor: "bob")
        try source.engine.execute(.addCard(board: "Exported", title: "- fix, \"quoted\"\nsecond line ✓"), actor: "bob")
        let mark = try source.engine.lastSequence()
        try source.engine.execute(.addCard(board: "Exported", title: "=later"), actor: "ana")
        try source.engine.execute(.restore(board: "Exported", to: .sequence(mark)), actor: "ana")
        #expect(try source.engine.events().contains { $0.payload.kind == .restored })
        let lines = try LogExport.lines(of: source.engine)
        #expect(lines.count == (try source.eventCount))

        let target = try EngineFixture()
        defer { target.directory.remove() }
        let imported = try target.engine.importer.log(lines: LogExport.feed(lines))
        #expect(imported == lines.count)
        #expect(try target.engine.events() == source.engine.events())
        #expect(try LogExport.storedBytes(of: target.engine) == LogExport.storedBytes(of: source.engine))
        #expect(try LogExport.lines(of: target.engine) == lines, "an export of the import is the same text")
        // The imported log is a working database: it replays, verifies and takes commands.
        #expect(try target.engine.withState { StateSnapshot($0) } == source.engine.withState { StateSnapshot($0) })
        #expect(try target.engine.verify().firstDifference == nil)
        // The same bytes, so the same Merkle root, built in the import's own transaction.
        #expect(try target.engine.audit.lag() == 0)
        #expect(try target.engine.audit.root() == source.engine.audit.root())
        #expect(try target.engine.audit.verify().isValid)
        try target.engine.execute(.addCard(board: "Exported", title: "after the import"), actor: "ana")
        #expect(try target.engine.lastSequence() == UInt64(lines.count) + 1)
    }

    @Test("An event in an old format version is imported as its very bytes, and exported again unchanged")
    func oldFormatVersionKept() throws {
        let event = RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), actor: "kanban",
            id: EventID(Identifier(high: 3, low: 4)), board: BoardID(Identifier(high: 5, low: 6)),
            payload: .boardCreated(BoardCreated(name: "main", columns: [ColumnSpec(id: ColumnID(Identifier(high: 1, low: 2)), name: "TODO")]))
        )
        var bytes = EventCodec.encode(event)
        // Version 1, as earlier builds wrote it: no place in the board list.
        bytes[0] = 1
        bytes.removeLast()
        let line = try LogExport.line(StoredEvent(event: event, bytes: bytes))
        #expect(line.contains(#""raw":"\#(Data(bytes).base64EncodedString())""#))

        let target = try EngineFixture()
        defer { target.directory.remove() }
        #expect(try target.engine.importer.log(lines: LogExport.feed([line])) == 1)
        #expect(try LogExport.storedBytes(of: target.engine) == [bytes])
        #expect(try LogExport.lines(of: target.engine) == [line])
    }

    @Test("Importing into a database that holds events is refused and appends nothing")
    func nonEmptyRefused() throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        try source.add("one")
        let lines = try LogExport.lines(of: source.engine)

        let target = try EngineFixture()
        defer { target.directory.remove() }
        try target.add("already here")
        let before = try LogExport.storedBytes(of: target.engine)
        #expect(throws: LogImportError.databaseNotEmpty(events: 2)) {
            try target.engine.importer.log(lines: LogExport.feed(lines))
        }
        #expect(try LogExport.storedBytes(of: target.engine) == before)
        #expect("\(LogImportError.databaseNotEmpty(events: 2))" == "the database already holds 2 events; import only into an empty database (a new --db directory)")
    }

    @Test("An empty file imports nothing; blank lines, CRLF line ends and a byte order mark are passed over")
    func blankLinesAndLineEnds() throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        try source.add("one")
        try source.add("two")
        let lines = try LogExport.lines(of: source.engine)
        let file = source.directory.appending("export.jsonl")
        try Data(("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n\r\n").utf8).write(to: URL(fileURLWithPath: file))

        let target = try EngineFixture()
        defer { target.directory.remove() }
        #expect(try target.engine.importer.log(lines: LogExport.feed([])) == 0)
        #expect(try target.engine.importer.log(lines: JSONLinesFile(path: file).forEachLine) == lines.count)
        #expect(try target.engine.events() == source.engine.events())
    }

    @Test("A file that cannot be read is one error naming it")
    func unreadableFile() throws {
        let target = try EngineFixture()
        defer { target.directory.remove() }
        let missing = target.directory.appending("missing.jsonl")
        #expect(throws: LogImportError.unreadableFile(path: missing, reason: "no such file or directory")) {
            try target.engine.importer.log(lines: JSONLinesFile(path: missing).forEachLine)
        }
        #expect(try target.eventCount == 0)
    }

    @Test("The import reads a file longer than one read, line by line")
    func longFile() throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        let long = String(repeating: "d", count: 1000)
        for number in 0..<1500 {
            try source.engine.execute(.addCard(board: "main", title: "card \(number)", description: long), actor: "ana")
        }
        let lines = try LogExport.lines(of: source.engine)
        let file = source.directory.appending("export.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0) > 1 << 21)

        let target = try EngineFixture()
        defer { target.directory.remove() }
        var reports: [Int] = []
        #expect(try target.engine.importer.log(lines: JSONLinesFile(path: file).forEachLine) { reports.append($0) } == 1501)
        #expect(reports == [1501], "progress comes every 10,000 events and at the end")
        #expect(try LogExport.storedBytes(of: target.engine) == LogExport.storedBytes(of: source.engine))
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `appendExported(lines:)`: a replica takes pages of the source's export after its own last
/// event, byte for byte, and refuses a page that does not continue its log.
struct AppendExportedTests {
    @Test("A clone then pages appended after it give the source's events, bytes and Merkle root")
    func clonePlusPages() throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        var random = SeededGenerator(seed: 7)
        try RandomActivity.run(120, on: source.engine, actors: ["ana", "bob"], addPercent: 20, using: &random)
        let replica = try EngineFixture()
        defer { replica.directory.remove() }
        let cloned = try LogExport.lines(of: source.engine)
        #expect(try replica.engine.importer.log(lines: LogExport.feed(cloned)) == cloned.count)

        for round in 0..<3 {
            try RandomActivity.run(40, on: source.engine, actors: ["ana", "bob", "김민수"], addPercent: 20, using: &random)
            let after = try replica.engine.lastSequence()
            let page = try source.engine.export.storedEvents(after: after, limit: 1_000).map(LogExport.line)
            #expect(!page.isEmpty, "round \(round)")
            #expect(try replica.engine.importer.appendExported(lines: LogExport.feed(page)) == page.count)
            #expect(try replica.engine.lastSequence() == source.engine.lastSequence())
            #expect(try replica.engine.audit.root() == source.engine.audit.root(), "round \(round)")
        }
        #expect(try LogExport.storedBytes(of: replica.engine) == LogExport.storedBytes(of: source.engine))
        #expect(try replica.engine.withState { StateSnapshot($0) } == source.engine.withState { StateSnapshot($0) })
        #expect(try replica.engine.verify().firstDifference == nil)
        #expect(try replica.engine.audit.verify().isValid)
        // Nothing new: an empty page appends nothing.
        #expect(try replica.engine.importer.appendExported(lines: LogExport.feed([])) == 0)
    }

    @Test("A page with a gap, an overlap or a tampered line is refused, naming the line, and appends nothing", arguments: ["gap", "overlap", "tampered", "reordered"])
    func refusesBadPages(damage: String) throws {
        let source = try EngineFixture()
        defer { source.directory.remove() }
        for title in ["one", "two", "three"] { try source.add(title) }
        let replica = try EngineFixture()
        defer { replica.directory.remove() }
        try replica.engine.importer.log(lines: LogExport.feed(try LogExport.lines(of: source.engine)))
        let before = try replica.engine.lastSequence()
        for title in ["four", "five", "six"] { try source.add(title) }
        let page = try source.engine.export.storedEvents(after: before, limit: 10).map(LogExport.line)
        #expect(page.count == 3)
        let damaged: [String]
        let expected: String
        switch damage {
        case "gap":
            damaged = Array(page.dropFirst())
            expected = "line 1: sequence \(before + 2) where \(before + 1) was expected: the lines do not continue this log, event after event"
        case "overlap":
            let last = try source.engine.export.storedEvents(after: before - 1, limit: 1).map(LogExport.line)
            damaged = last + page
            expected = "line 1: sequence \(before) where \(before + 1) was expected: the lines do not continue this log, event after event"
        case "reordered":
            damaged = [page[0], page[2], page[1]]
            expected = "line 2: sequence \(before + 3) where \(before + 2) was expected: the lines do not continue this log, event after event"
        default:
            var object = try LogExport.object(page[2])
            object["actor"] = "mallory"
            damaged = [page[0], page[1], try LogExport.line(object)]
            expected = #"line 3: "raw" is not the event the line describes: its "actor" differs"#
        }
        let root = try replica.engine.audit.root()
        #expect {
            try replica.engine.importer.appendExported(lines: LogExport.feed(damaged))
        } throws: { error in
            (error as? LogImportError)?.description == expected
        }
        #expect(try replica.engine.lastSequence() == before, "something was appended")
        #expect(try replica.engine.audit.root() == root)
        // The right page still goes in afterwards.
        #expect(try replica.engine.importer.appendExported(lines: LogExport.feed(page)) == 3)
        #expect(try replica.engine.audit.root() == source.engine.audit.root())
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

@Suite("Per-board Merkle roots")
struct BoardRootsTests {
    @Test("a log of one board has that board's root equal to the whole log's")
    func oneBoard() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.engine.importer.generate(events: 300, seed: 7, boards: 1)
        let roots = try fixture.engine.audit.boardRoots()
        let whole = try fixture.engine.audit.root()
        #expect(roots.count == 1)
        #expect(roots.first?.value == whole)
        #expect(whole.size >= 300)
    }

    @Test("each board's root is RFC 6962's tree hash over its events' stored bytes in log order")
    func severalBoards() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.engine.importer.generate(events: 600, seed: 3, boards: 3)
        let stored = try fixture.engine.export.storedEvents(after: 0, limit: 10_000)
        var leaves: [BoardID: [[UInt8]]] = [:]
        for event in stored { leaves[event.event.board, default: []].append(MerkleHash.leaf(event.bytes)) }
        let roots = try fixture.engine.audit.boardRoots()
        #expect(roots.count == 3)
        #expect(roots.values.reduce(0) { $0 + $1.size } == UInt64(stored.count))
        for (board, hashes) in leaves {
            #expect(roots[board]?.size == UInt64(hashes.count))
            #expect(roots[board]?.root == RFC6962Verifier.treeHash(hashes))
        }
        // The roots of the first n events leave the later ones out.
        let half = UInt64(stored.count / 2)
        var prefix = BoardRootsBuilder()
        for event in stored.prefix(Int(half)) { prefix.append(board: event.event.board, bytes: event.bytes) }
        #expect(try fixture.engine.audit.boardRoots(size: half) == prefix.roots)
        #expect(try fixture.engine.audit.boardRoots(size: 0).isEmpty)
    }

    @Test("an empty log has no board roots")
    func emptyLog() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        #expect(try fixture.engine.audit.boardRoots().isEmpty)
    }

    @Test("kanban audit root --boards prints 'BOARD-ID SIZE ROOT' per board, and --json an array")
    func command() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kanban = try KanbanBinary(database: directory.appending("roots.db"))
        _ = try kanban.succeed(["add", "a"])
        _ = try kanban.succeed(["boards", "add", "other"])
        _ = try kanban.succeed(["add", "b", "--board", "other"])
        _ = try kanban.succeed(["add", "c", "--board", "other"])
        let roots = try KanbanEngine(path: directory.appending("roots.db")).audit.boardRoots()
        let expected = roots.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.size) \(MerkleHash.hex($0.value.root))" }
        #expect(expected.count == 2)
        #expect(try kanban.succeed(["audit", "root", "--boards"]) == expected.joined(separator: "\n") + "\n")
        let json = try JSONTree(parsing: try kanban.succeed(["audit", "root", "--boards", "--json"]))
        let wanted = JSONTree.array(roots.sorted { $0.key < $1.key }.map {
            .object(["board": .string($0.key.description), "size": .integer(Int64($0.value.size)), "root": .string(MerkleHash.hex($0.value.root))])
        })
        #expect(json.differences(from: wanted) == [])
        #expect(try kanban.run("audit", "root", "--boards", "--at", "1").status == 2)
    }
}

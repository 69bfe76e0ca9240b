import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// Exports with values Trello does not write — any leaf replaced by an empty, blank, long or
/// other-typed value, ids repeated — import or are refused as malformed: never an action that
/// cannot be replayed, never a crash, and what is imported verifies.
struct TrelloMutatedExportTests {
    /// A value in place of another: of another type, blank, too long, or an id used elsewhere.
    static func junk(_ generator: inout SeededGenerator, ids: [String]) -> Any {
        switch Int.random(in: 0..<11, using: &generator) {
        case 0: return ""
        case 1: return " \n "
        case 2: return String(repeating: "長い ", count: 2_100)
        case 3: return NSNull()
        case 4: return -1e300
        case 5: return true
        case 6: return ["a", 1, NSNull()] as [Any]
        case 7: return ["id": ids.randomElement(using: &generator) ?? "x"]
        case 8: return "javascript:alert(1)"
        case 9: return "https://" + String(repeating: "x", count: 2_100)
        default: return ids.randomElement(using: &generator) ?? "x"
        }
    }

    /// `value` with the leaf or container at `target` (counted depth first from `counter`)
    /// replaced by `replacement`.
    static func replacing(_ value: Any, at target: Int, with replacement: Any, counter: inout Int) -> Any {
        let index = counter
        counter += 1
        if index == target { return replacement }
        if let object = value as? [String: Any] {
            var copy = object
            for key in object.keys.sorted() { copy[key] = replacing(object[key] as Any, at: target, with: replacement, counter: &counter) }
            return copy
        }
        if let array = value as? [Any] {
            return array.map { replacing($0, at: target, with: replacement, counter: &counter) }
        }
        return value
    }

    static func count(_ value: Any) -> Int {
        if let object = value as? [String: Any] { return 1 + object.keys.sorted().reduce(0) { $0 + count(object[$1] as Any) } }
        if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + count($1) } }
        return 1
    }

    static func ids(_ value: Any, into ids: inout [String]) {
        if let object = value as? [String: Any] {
            if let id = object["id"] as? String { ids.append(id) }
            for key in object.keys.sorted() { Self.ids(object[key] as Any, into: &ids) }
        } else if let array = value as? [Any] {
            for element in array { Self.ids(element, into: &ids) }
        }
    }

    @Test("A mutated export imports, or is refused as malformed; nothing unreplayable", arguments: 0..<64)
    func mutated(seed: UInt64) throws {
        var simulation = TrelloDetailSimulation(seed: seed)
        simulation.play(40)
        let source = seed % 2 == 0 ? try TrelloDetailsTests.export : try simulation.export(keeping: simulation.board.actions.count)
        try Self.importMutated(source, seed: seed)
    }

    @Test("A mutated export of the board's and lists' own actions imports, or is refused as malformed", arguments: 0..<48)
    func mutatedBoardAndLists(seed: UInt64) throws {
        try Self.importMutated(try TrelloBoardAndListsTests.export, seed: seed)
    }

    /// Imports `source` with up to 12 leaves replaced at random (by `seed`): it imports and
    /// verifies, or is refused as malformed.
    static func importMutated(_ source: Data, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var tree = try JSONSerialization.jsonObject(with: source)
        var known: [String] = []
        Self.ids(tree, into: &known)
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            let target = Int.random(in: 1..<Self.count(tree), using: &generator)
            var counter = 0
            tree = Self.replacing(tree, at: target, with: Self.junk(&generator, ids: known), counter: &counter)
        }
        let data = try JSONSerialization.data(withJSONObject: tree)
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        do {
            let report = try fixture.engine.importer.trello(data)
            #expect(report.events > 0)
            #expect(try fixture.engine.verify().firstDifference == nil)
        } catch TrelloImportError.malformed {
            // Refused: the file names what is wrong.
        }
    }
}

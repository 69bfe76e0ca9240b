import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Threads and engines acting on one database at once, undo included: nothing is lost or
/// duplicated, every live card stands in one column in a strict order, and each actor's undo
/// undoes that actor's own last change.
struct ConcurrentUndoTests {
    @Test("Four actors on four threads add, move and undo at once; each undo reverses its own actor's move")
    func actorsUndoTheirOwn() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-concurrent-undo")
        defer { directory.remove() }
        let path = directory.appending("db")
        let shared = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 50))
        let rounds = 15
        let errors = concurrently(4) { worker in
            // Half the workers share one engine, half have their own on the same directory.
            let engine = worker % 2 == 0 ? shared : try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 50))
            let actor = "actor-\(worker)"
            for round in 0..<rounds {
                let added = try engine.execute(.addCard(board: "main", title: "\(actor) card \(round)"), actor: actor)
                guard case .cardAdded(let card)? = added.last?.payload else { throw Failure("no card added") }
                let moved = try engine.execute(.moveCard(board: "main", card: card.card.id.description, column: "DONE"), actor: actor)
                let undone = try engine.undo(actor: actor)
                guard case .undone(let undo)? = undone.first?.payload else { throw Failure("no undo") }
                guard undo.target == moved.last?.sequence, undo.compensation.card == card.card.id else {
                    throw Failure("\(actor) undid #\(undo.target), not its move #\(moved.last?.sequence ?? 0)")
                }
            }
        }
        #expect(errors.isEmpty, "\(errors)")
        EngineSnapshots.waitForBackgroundWork()

        let state = try KanbanEngine(path: path).timeTravel.state(atSequence: .max).state
        #expect(state.cards.count == 4 * rounds, "every add kept once")
        let board = try #require(state.board(named: "main"))
        var seen = Set<CardID>()
        for column in board.columns {
            let slots = state.order(of: column).slots
            #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.key < $1.key }, "strict order in \(column)")
            for slot in slots { #expect(seen.insert(slot.card).inserted, "a card in two columns") }
        }
        #expect(seen.count == state.cards.count)
        #expect(state.cards(in: board.columns[2]).isEmpty, "every move to DONE was undone")
        let events = try shared.events()
        #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        #expect(Set(events.map(\.id)).count == events.count, "no event twice")
        #expect(try shared.verify().firstDifference == nil)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

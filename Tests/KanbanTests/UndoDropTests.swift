import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Entries that can no longer be undone (or redone) at all, not even forced: undo drops them
/// from the stack with a notice naming each, and goes on to the next entry, so one such entry
/// never blocks its actor's undo for good.
struct UndoDropTests {
    @Test("An add whose card someone deleted is dropped, and undo goes on to the entry below it")
    func deletedCardIsDropped() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let first = try fixture.add("first", as: "ana")
        let styled = try fixture.run(.addCard(board: "main", title: "Style buttons"), as: "ana")
        try fixture.run(.deleteCard(board: "main", card: styled[0].payload.card!.description), as: "bob")
        #expect(try engine.history.undoPreview(actor: "ana").undo?.payload.card == first)
        let outcome = try engine.perform(.undo(), actor: "ana")
        #expect(outcome.dropped.map(\.event) == styled)
        #expect(outcome.dropped.map(\.reason) == ["card 'Style buttons' no longer exists"])
        #expect(outcome.events.count == 1)
        #expect(try engine.withState { $0.cards[first] } == nil)
        #expect(try fixture.stacks("ana").undo.isEmpty)
        #expect(try fixture.stacks("ana").redo == outcome.events.map(\.sequence))
        // The drop is read from the log: a fresh fold has the same stacks.
        #expect(try fixture.foldedLog().undoStacks == engine.withState { $0.undoStacks })
        // Redo brings back what the undo took, and only that.
        try engine.redo(actor: "ana")
        #expect(try fixture.card("first")?.id == first)
        #expect(try fixture.card("Style buttons") == nil)
    }

    @Test("A move out of a column removed since is dropped; a refused undo below it is refused as ever")
    func moveFromRemovedColumnIsDropped() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.run(.addColumn(board: "main", name: "X"), as: "setup")
        let t = try fixture.add("T", as: "setup", column: "X")
        let u = try fixture.add("U", as: "setup")
        try fixture.run(.editCard(board: "main", card: u.description, title: "ana's"), as: "ana")
        let moved = try fixture.run(.moveCard(board: "main", card: t.description, column: "DOING"), as: "ana")
        try fixture.run(.removeColumn(board: "main", column: "X"), as: "bob")
        try fixture.run(.editCard(board: "main", card: u.description, title: "bob's"), as: "bob")
        // The edit below the move conflicts with bob's: refused, and nothing is dropped yet.
        let count = try fixture.eventCount
        #expect(throws: KanbanError.self) { try engine.perform(.undo(), actor: "ana") }
        #expect(try fixture.eventCount == count)
        #expect(try fixture.stacks("ana").undo.count == 2)
        let preview = try engine.history.undoPreview(actor: "ana")
        #expect(preview.undo?.payload.kind == .cardEdited)
        #expect(preview.droppedFromUndo.map(\.event) == moved)
        // The column is named as it was, not after the card.
        #expect(preview.droppedFromUndo.map(\.reason) == ["column 'X' was removed"])
        // Forced, the move is dropped and the edit undone.
        let outcome = try engine.perform(.undo(force: true), actor: "ana")
        #expect(outcome.dropped.map(\.event) == moved)
        #expect(outcome.dropped.map(\.reason) == ["column 'X' was removed"])
        #expect(try fixture.card("U")?.id == u)
        #expect(try fixture.titles("DOING") == ["T"])
    }

    @Test("When every entry is dropped nothing is appended, the notices still come back, and undo says there is nothing to undo")
    func everythingDropped() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.add("a", as: "setup")
        let added = try fixture.run(.addColumn(board: "main", name: "Review"), as: "ana")
        try fixture.add("bob's", as: "bob", column: "Review")
        let count = try fixture.eventCount
        let outcome = try engine.perform(.undo(force: true), actor: "ana")
        #expect(outcome.events.isEmpty)
        #expect(outcome.dropped.map(\.event) == added)
        #expect(outcome.dropped.map(\.reason) == ["column 'Review' holds 1 card"])
        #expect(throws: KanbanError.nothingToUndo(actor: "ana")) { try engine.undo(actor: "ana") }
        #expect(try fixture.eventCount == count)
        #expect(try engine.history.undoPreview(actor: "ana") == UndoPreview(undo: nil, redo: nil, droppedFromUndo: outcome.dropped))
        // Nothing was appended, so nothing was dropped for good: once the column is empty again, it can be undone.
        try engine.undo(actor: "bob")
        try engine.undo(actor: "ana")
        #expect(try engine.withState { $0.columns.values.map(\.name).sorted() } == ["DOING", "DONE", "TODO"])
    }

    @Test("A redo that cannot be done at all is dropped, and redo goes on to the undo below it")
    func redoDrops() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.run(.addColumn(board: "main", name: "Review"), as: "ana")
        try fixture.add("X", as: "ana")
        try engine.undo(actor: "ana") // the add
        let undoColumn = try engine.undo(actor: "ana")
        // bob takes the column's name: redoing its addition can never apply.
        try fixture.run(.addColumn(board: "main", name: "review"), as: "bob")
        #expect(try engine.history.undoPreview(actor: "ana").droppedFromRedo.map(\.event) == undoColumn)
        let outcome = try engine.perform(.redo(), actor: "ana")
        #expect(outcome.dropped.map(\.event) == undoColumn)
        #expect(outcome.dropped.map(\.reason) == ["board 'main' has a column named 'Review'"])
        #expect(outcome.events.count == 1)
        #expect(try fixture.card("X") != nil)
        #expect(try fixture.stacks("ana").redo.isEmpty)
        #expect(try fixture.foldedLog().undoStacks == engine.withState { $0.undoStacks })
    }

    @Test("--force is suggested only where it would work: an edit of a card deleted since is dropped, not refused")
    func noForceSuggestionForTheImpossible() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let x = try fixture.add("X", as: "setup")
        let edited = try fixture.run(.editCard(board: "main", card: x.description, title: "ana's"), as: "ana")
        try fixture.run(.deleteCard(board: "main", card: x.description), as: "bob")
        let outcome = try engine.perform(.undo(), actor: "ana")
        #expect(outcome.events.isEmpty)
        #expect(outcome.dropped.map(\.event) == edited)
        #expect(throws: KanbanError.nothingToUndo(actor: "ana")) { try engine.undo(actor: "ana") }
    }
}

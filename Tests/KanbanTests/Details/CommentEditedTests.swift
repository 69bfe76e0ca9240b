import Foundation
@testable import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import LMDBStorage
import Testing

/// An edited comment carries when it was last edited: in the state, its JSON, snapshots and
/// undo.
struct CommentEditedTests {
    /// A card with two comments by ana, the second edited; the card and the edit.
    static func editedComment(_ fixture: EngineFixture) throws -> (card: String, edit: RecordedEvent) {
        let card = try fixture.add("Commented").description
        _ = try fixture.engine.execute(.addComment(board: "main", card: card, text: "as written"), actor: "ana")
        _ = try fixture.engine.execute(.addComment(board: "main", card: card, text: "draft"), actor: "ana")
        let comment = try fixture.engine.cardDetail(board: "main", card: card).details.comments[1].id.description
        let edit = try #require(try fixture.engine.execute(.editComment(board: "main", card: card, comment: comment, text: "final"), actor: "ana").first)
        return (card, edit)
    }

    @Test("The card's JSON has \"edited\" on edited comments only, the time of the edit")
    func cardJSON() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let (card, edit) = try Self.editedComment(fixture)
        let view = try fixture.engine.cardDetail(board: "main", card: card)
        #expect(view.details.comments.map(\.editedAt) == [nil, edit.timestamp])
        let json = try JSONTree(parsing: try OutputJSON.encode(CardDetailsOutput(view: view)))
        let comments = try #require(json["comments"]?.elements)
        #expect(comments[0]["edited"] == nil)
        #expect(comments[1]["edited"] == .string(edit.timestamp.description))
        #expect(comments[1]["text"] == "final")
    }

    @Test("Undo of an edit gives back the text and the mark; replay and a reopened snapshot (layout 3) agree")
    func undoReplayAndSnapshot() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let (card, first) = try Self.editedComment(fixture)
        let comment = try fixture.engine.cardDetail(board: "main", card: card).details.comments[1].id.description
        _ = try fixture.engine.execute(.editComment(board: "main", card: card, comment: comment, text: "really final"), actor: "ana")
        _ = try fixture.engine.execute(.undo(), actor: "ana")
        var edited = try fixture.engine.cardDetail(board: "main", card: card).details.comments[1]
        #expect(edited.text == "final" && edited.editedAt == first.timestamp)

        _ = try fixture.engine.snapshots.take()
        let layout = try fixture.engine.read { transaction in
            try transaction.value(forKey: withUnsafeBytes(of: try fixture.engine.lastSequence().bigEndian, Array.init), in: fixture.engine.snapshotStore.database)?[5]
        }
        #expect(layout == StateCodec.markedDetailsVersion)
        let reopened = try KanbanEngine(path: fixture.path)
        #expect(try reopened.cardDetail(board: "main", card: card).details.comments[1] == edited)
        var fresh = KanbanState()
        for event in try fixture.engine.events() { fresh.apply(event) }
        #expect(StateSnapshot(fresh) == StateSnapshot(try fixture.engine.withState { $0 }))

        _ = try fixture.engine.execute(.undo(), actor: "ana")
        edited = try fixture.engine.cardDetail(board: "main", card: card).details.comments[1]
        #expect(edited.text == "draft" && edited.editedAt == nil)
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanReplica
import Testing

/// A replica writes its queue with ``MutationWire`` and the server reads a push with
/// ``MutationArguments/mutation(id:name:since:)``: what one writes, the other reads back as the
/// same command, through JSON.
struct MutationArgumentsTests {
    static let commands: [Command] = [
        .addCard(board: "main", title: "-rf, \"quoted\" 한국어 🎉", description: "**bold**", due: try? Due(parsing: "2026-12-01"), column: "DOING", index: 2),
        .addCard(board: "Ops, EU", title: "bare"),
        .editCard(board: "main", card: "3f2a", title: "new", description: nil, due: .remove),
        .editCard(board: "main", card: "3f2a", description: "", due: .set(try! Due(parsing: "2026-12-01T09:30:00Z"))),
        .moveCard(board: "main", card: "3f2a", column: "DONE", index: 0),
        .deleteCard(board: "main", card: "3f2a"),
        .reviveCard(board: "main", card: "3f2a", column: "TODO", index: 1),
        .undo(force: true), .redo(force: false),
        .createBoard(name: "Q1", columns: ["A", "B, C"]), .renameBoard(board: "Q1", to: "Q2"), .removeBoard(board: "Q2"),
        .addColumn(board: "main", name: "REVIEW", index: 1), .renameColumn(board: "main", column: "REVIEW", to: "QA"),
        .moveColumn(board: "main", column: "QA", index: 0), .removeColumn(board: "main", column: "QA"),
        .assign(board: "main", card: "3f2a", person: "Jeanne d'Arc, 김"), .unassign(board: "main", card: "3f2a", person: "-x"),
        .label(board: "main", card: "3f2a", label: "bug 🐛"), .unlabel(board: "main", card: "3f2a", label: "bug 🐛"),
        .markDue(board: "main", card: "3f2a", done: true), .markDue(board: "main", card: "3f2a", done: false),
        .addComment(board: "main", card: "3f2a", text: "**LGTM**, 좋아요"), .editComment(board: "main", card: "3f2a", comment: "c0ff", text: "edited"),
        .deleteComment(board: "main", card: "3f2a", comment: "c0ff"),
        .addChecklistItem(board: "main", card: "3f2a", text: "step", checklist: "Launch, EU", index: 0),
        .addChecklistItem(board: "main", card: "3f2a", text: "bare"),
        .renameChecklistItem(board: "main", card: "3f2a", item: "ab", text: "renamed"),
        .checkChecklistItem(board: "main", card: "3f2a", item: "ab", done: true), .removeChecklistItem(board: "main", card: "3f2a", item: "ab"),
        .moveChecklistItem(board: "main", card: "3f2a", item: "ab", index: 3),
        .attachLink(board: "main", card: "3f2a", url: "https://example.com/a?b=c,d", name: "spec"),
        .attachLink(board: "main", card: "3f2a", url: "mailto:ana@example.com"),
        .removeLink(board: "main", card: "3f2a", link: "9e"),
        .addMember(board: "main", person: "ana"), .removeMember(board: "main", person: "ana"),
        .setLabel(board: "main", name: "bug", colour: "red"), .setLabel(board: "main", name: "bug", colour: nil),
        .setColumnLimit(board: "main", column: "DOING", limit: 3), .setColumnLimit(board: "main", column: "DOING", limit: nil),
        .setStrictColumnLimit(board: "main", column: "DOING", limit: 2),
    ]

    @Test("Every queued command reads back as itself from its JSON", arguments: commands)
    func roundTrip(command: Command) throws {
        let card = CardID(.random())
        let detail = DetailID(.random())
        let wire = try MutationWire(id: 7, command: command, newCard: card, newDetail: detail, since: 41)
        let json = try OutputJSON.encode(wire)
        let read = try OutputJSON.decode(MutationWire.self, from: json)
        let mutation = read.mutation
        #expect(try mutation.command.get() == command)
        #expect(mutation.id == 7)
        if case .addCard = command { #expect(mutation.newCard == card) }
        switch command {
        case .addComment, .addChecklistItem, .attachLink: #expect(mutation.newDetail == detail)
        default: #expect(mutation.newDetail == nil)
        }
    }

    @Test("An unknown name, or a needed key missing, is a reason to refuse, not a crash")
    func refusals() {
        let read = WireEnvelope.read
        #expect(throws: KanbanError.unreadableMutation("there is no mutation named 'paint'")) { try read("paint", nil) }
        #expect(throws: KanbanError.unreadableMutation("moveCard needs \"board\"")) { try read("moveCard", nil) }
        #expect(throws: KanbanError.unreadableMutation("moveCard needs \"board\"")) { try read("moveCard", #"{"board": null}"#) }
        let args = #"{"board": "main", "card": "3f2a", "text": "hi", "comment": "not-a-uuid"}"#
        #expect(throws: KanbanError.unreadableMutation("\"comment\" must be a UUID, not 'not-a-uuid'")) { try read("addComment", args) }
        #expect(throws: KanbanError.unreadableMutation("markDue needs \"done\"")) { try read("markDue", args) }
        #expect(throws: KanbanError.unreadableMutation("setColumnLimit needs \"limit\"")) {
            try read("setColumnLimit", #"{"board": "main", "column": "DOING", "strict": true}"#)
        }
    }
}

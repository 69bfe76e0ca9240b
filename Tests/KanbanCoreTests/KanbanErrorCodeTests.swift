import KanbanCore
import Testing

/// A refusal's `code` and `values`: what a client words in its own language.
@Suite("Refusal codes")
struct KanbanErrorCodeTests {
    /// One error of every kind.
    static let everyKind: [KanbanError] = [
        .unknownBoard("b"), .unknownCard("c"), .ambiguousCard("c", matches: 2), .unknownColumn("DONE", board: "b"),
        .emptyTitle, .titleTooLong(length: 300), .descriptionTooLong(length: 2_000), .indexOutOfRange(9, column: "DONE", maximum: 3),
        .malformedDate("8463-02-29"), .emptyName, .nameTooLong(length: 80), .duplicateBoard("b"), .duplicateColumn("DONE", board: "b"),
        .boardNotEmpty("b", cards: 2), .columnNotEmpty("DONE", cards: 2), .lastColumn("b"), .tooManyBoards(maximum: 9),
        .tooManyColumns(board: "b", maximum: 9), .spanTooLong(days: 900, maximum: 800), .invalidActor(""),
        .nothingToUndo(actor: "ana"), .nothingToRedo(actor: "ana"),
        .undoConflict(action: "undo", actor: "bo", sequence: 18, change: "moved it"),
        .editConflict(title: "Plan", actor: "bo", sequence: 18, field: "title"),
        .changedSince(title: "Plan", actor: "bo", sequence: 18, change: "moved"),
        .cardIDTaken("c"), .detailIDTaken("d"), .unreadableMutation("x"), .cannotUndo(action: "undo", reason: "x"),
        .unknownDetail("d", what: "comment", card: "c"), .invalidDetail("x"), .notYourComment(author: "bo"),
        .cannotRestore("x"), .cannotRevive("x"), .columnFull("DONE", limit: 3), .outsideLog("x"),
        .corruptEvent(sequence: 4, reason: "x"), .needsHistory("undo"), .foreignClient("c1"),
    ]

    @Test("Every kind of refusal has its own code")
    func distinctCodes() {
        let codes = Self.everyKind.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isLetter) })
    }

    @Test("The values are the names and numbers a sentence needs, never the log's sequence numbers")
    func values() {
        #expect(KanbanError.columnFull("DOING", limit: 3).values == ["column": "DOING", "limit": "3"])
        #expect(KanbanError.titleTooLong(length: 300).values == ["length": "300", "maximum": String(Limits.titleLength)])
        #expect(KanbanError.descriptionTooLong(length: 2_000).values["maximum"] == String(Limits.descriptionLength))
        #expect(KanbanError.changedSince(title: "Plan", actor: "bo", sequence: 18, change: "moved").values
            == ["title": "Plan", "actor": "bo", "change": "moved"])
        for error in Self.everyKind {
            #expect(!error.values.values.contains("18"), "\(error.code) gives a sequence number")
        }
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// `kanban restore` brings back cards' and boards' details as they were, and one undo takes
/// them back.
struct RestoreDetailsTests {
    /// The details restore sets back: those of the cards on `board` in `past`, and the board's
    /// members, labels and the limits of the columns it has in `past`.
    struct BoardDetailsThen: Equatable {
        let cards: [CardID: CardDetails]
        let members: [String]
        let labels: [BoardLabel]
        let limits: [ColumnID: ColumnLimit]

        init(of board: BoardID, in past: KanbanState, readFrom state: KanbanState) {
            let columns = past.boards[board]?.columns ?? []
            var cards: [CardID: CardDetails] = [:]
            for column in columns {
                for card in past.cards(in: column) { cards[card.id] = state.details(of: card.id) }
            }
            self.cards = cards
            let details = state.details(ofBoard: board)
            members = details.members
            labels = details.labels
            var limits: [ColumnID: ColumnLimit] = [:]
            for column in columns { limits[column] = details.limit(of: column) }
            self.limits = limits
        }
    }

    @Test("After a restore, the details of the board's cards then and of the board are as they were; undo gives back those of before")
    func restoresDetails() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let card = try fixture.add("Detailed")
        let gone = try fixture.add("Deleted later")
        let id = card.description
        for command: Command in [
            .assign(board: "main", card: id, person: "ana"), .label(board: "main", card: id, label: "bug"), .markDue(board: "main", card: id, done: true),
            .addChecklistItem(board: "main", card: id, text: "first"), .addChecklistItem(board: "main", card: id, text: "second"),
            .addComment(board: "main", card: id, text: "kept"), .addComment(board: "main", card: id, text: "edited later"),
            .attachLink(board: "main", card: id, url: "https://example.com"), .assign(board: "main", card: gone.description, person: "bo"),
            .addMember(board: "main", person: "ana"), .setLabel(board: "main", name: "bug", colour: "red"),
            .setStrictColumnLimit(board: "main", column: "DOING", limit: 2),
        ] {
            _ = try engine.execute(command, actor: "ana")
        }
        var details = try engine.cardDetail(board: "main", card: id).details
        _ = try engine.execute(.editComment(board: "main", card: id, comment: details.comments[1].id.description, text: "edited once"), actor: "ana")
        let then = try engine.lastSequence()
        let past = try engine.timeTravel.state(atSequence: then).state

        details = try engine.cardDetail(board: "main", card: id).details
        for command: Command in [
            .unassign(board: "main", card: id, person: "ana"), .assign(board: "main", card: id, person: "bo"),
            .unlabel(board: "main", card: id, label: "bug"), .markDue(board: "main", card: id, done: false),
            .checkChecklistItem(board: "main", card: id, item: details.checklist[0].id.description, done: true),
            .moveChecklistItem(board: "main", card: id, item: details.checklist[1].id.description, index: 0),
            .removeChecklistItem(board: "main", card: id, item: details.checklist[0].id.description),
            .editComment(board: "main", card: id, comment: details.comments[1].id.description, text: "edited twice"),
            .deleteComment(board: "main", card: id, comment: details.comments[0].id.description),
            .addComment(board: "main", card: id, text: "later"), .removeLink(board: "main", card: id, link: details.links[0].id.description),
            .deleteCard(board: "main", card: gone.description),
            .removeMember(board: "main", person: "ana"), .setLabel(board: "main", name: "bug", colour: nil),
            .setColumnLimit(board: "main", column: "DOING", limit: 5), .setColumnLimit(board: "main", column: "TODO", limit: 9),
        ] {
            _ = try engine.execute(command, actor: "ana")
        }
        let before = try engine.withState { $0 }
        #expect(BoardDetailsThen(of: before.board(named: "main")!.id, in: past, readFrom: before)
            != BoardDetailsThen(of: before.board(named: "main")!.id, in: past, readFrom: past))

        let restored = try engine.execute(.restore(board: "main", to: .sequence(then)), actor: "bo")
        #expect(restored.count == 1)
        let after = try engine.withState { $0 }
        let board = try #require(after.board(named: "main")).id
        #expect(BoardDetailsThen(of: board, in: past, readFrom: after) == BoardDetailsThen(of: board, in: past, readFrom: past))
        #expect(after.details(of: card) == past.details(of: card))
        #expect(after.details(of: gone).assignees == ["bo"])
        #expect(after.details(ofBoard: board) == past.details(ofBoard: board))
        let comments = after.details(of: card).comments
        #expect(comments.map(\.text) == ["kept", "edited once"])
        #expect(comments.map(\.editedAt) == past.details(of: card).comments.map(\.editedAt) && comments[1].editedAt != nil)

        // What the restore did reads as one history line; `log --json` lists its detail changes.
        let line = try #require(try engine.history.entries(HistoryQuery(board: "main", limit: 1)).last).line
        #expect(line.hasPrefix("Restored the board to #\(then) ("), "\(line)")
        let output = EventOutput(event: try #require(restored.first))
        guard case .restored(let data) = output.payload else { Issue.record("not a restore: \(output)"); return }
        #expect(Set(data.effects.map(\.kind)).isSuperset(of: [.cardAssigned, .cardUnassigned, .commentAdded, .commentEdited, .memberAdded, .columnLimitChanged]))

        // Replay equals the state built as it went; so does a snapshot reopened.
        var fresh = KanbanState()
        for event in try engine.events() { fresh.apply(event) }
        #expect(StateSnapshot(fresh) == StateSnapshot(after), "\(StateSnapshot(fresh).differences(from: StateSnapshot(after)))")

        // One undo gives back the details of before the restore; a redo makes them as then.
        _ = try engine.execute(.undo(), actor: "bo")
        let undone = try engine.withState { $0 }
        #expect(undone.details == before.details)
        #expect(undone.boardDetails == before.boardDetails)
        _ = try engine.execute(.redo(), actor: "bo")
        #expect(try engine.withState { $0.details(of: card) } == past.details(of: card))
        #expect(try engine.withState { $0.details(ofBoard: board) } == past.details(ofBoard: board))
    }

    @Test("Under random work on details: a restore to any moment sets the details back, replay agrees, undo takes it back")
    func randomRestores() async {
        await propertyCheck(count: 8, input: Gen.uint64()) { seed throws in try Self.restoreAtRandom(seed: seed) }
    }

    /// Random work on details and cards (not on columns and boards, whose names a restore and
    /// its undo handle on their own) with seed `seed`, then restores to random moments, each
    /// checked and undone.
    static func restoreAtRandom(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        var random = SeededGenerator(seed: seed)
        for index in 0..<4 { try fixture.add("card \(index)") }
        for step in 0..<160 {
            let command = try engine.withState { state in
                Int.random(in: 0..<4, using: &random) == 0 ? RandomCommands.next(in: state, using: &random) : RandomDetailCommands.next(in: state, using: &random)
            }
            switch command {
            case .addColumn, .renameColumn, .moveColumn, .removeColumn, .createBoard, .renameBoard, .removeBoard: continue
            default: _ = try? engine.execute(command, actor: step % 4 == 0 ? "bo" : "ana")
            }
        }
        let last = try engine.lastSequence()
        for _ in 0..<3 {
            let then = UInt64.random(in: 1...last, using: &random)
            let past = try engine.timeTravel.state(atSequence: then).state
            let before = try engine.withState { $0 }
            guard let board = before.board(named: "main")?.id, past.boards[board] != nil,
                  (try? engine.execute(.restore(board: "main", to: .sequence(then)), actor: "chloé")) != nil
            else { continue }
            let after = try engine.withState { $0 }
            #expect(BoardDetailsThen(of: board, in: past, readFrom: after) == BoardDetailsThen(of: board, in: past, readFrom: past), "seed \(seed), #\(then)")
            var fresh = KanbanState()
            for event in try engine.events() { fresh.apply(event) }
            #expect(StateSnapshot(fresh) == StateSnapshot(after), "seed \(seed): \(StateSnapshot(fresh).differences(from: StateSnapshot(after)))")
            guard try engine.lastSequence() > before.lastSequence else { continue }
            _ = try engine.execute(.undo(), actor: "chloé")
            let undone = try engine.withState { $0 }
            #expect(undone.details == before.details, "seed \(seed), undo of the restore to #\(then)")
            #expect(undone.boardDetails == before.boardDetails, "seed \(seed), undo of the restore to #\(then)")
        }
    }
}

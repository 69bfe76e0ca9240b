import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Changes to cards' and boards' details made offline: pushed like any mutation, each decided
/// once, a new comment, checklist item or link under the id the client gave it, so the
/// client's later mutations can name it before the server has seen it.
struct SyncDetailPushTests {
    private static func applied(_ results: [MutationResult]) -> [Bool] {
        results.map { if case .applied = $0 { true } else { false } }
    }

    @Test("A card added offline, then its details: each applied once, the new comment, item and link under the client's ids")
    func detailsOfANewCard() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = CardID(.random())
        let (comment, item, link) = (DetailID(.random()), DetailID(.random()), DetailID(.random()))
        let id = card.description
        func detail(_ number: UInt64, _ command: Command, _ given: DetailID? = nil) -> Mutation {
            var mutation = Mutation(id: number, command: command)
            mutation.newDetail = given
            return mutation
        }
        let mutations = [
            Mutation(id: 1, command: .addCard(board: "main", title: "Ship 한국어 🎉"), newCard: card),
            detail(2, .addMember(board: "main", person: "Jeanne, d'Arc")),
            detail(3, .setLabel(board: "main", name: "bug", colour: "red")),
            detail(4, .assign(board: "main", card: id, person: "Jeanne, d'Arc")),
            detail(5, .label(board: "main", card: id, label: "BUG")),
            detail(6, .addComment(board: "main", card: id, text: "**first**"), comment),
            detail(7, .editComment(board: "main", card: id, comment: comment.description, text: "**first**, edited")),
            detail(8, .addChecklistItem(board: "main", card: id, text: "write it", checklist: "Launch"), item),
            detail(9, .checkChecklistItem(board: "main", card: id, item: item.description, done: true)),
            detail(10, .attachLink(board: "main", card: id, url: "https://example.com/a,b", name: "spec"), link),
            detail(11, .markDue(board: "main", card: id, done: true)),
            detail(12, .setColumnLimit(board: "main", column: "DOING", limit: 2)),
            detail(13, .removeLink(board: "main", card: id, link: link.description)),
        ]
        let results = try await engine.sync.push(mutations, client: "phone", actor: "ana")
        #expect(Self.applied(results) == Array(repeating: true, count: mutations.count), "\(results)")
        let details = try engine.withState { $0.details(of: card) }
        #expect(details.assignees == ["Jeanne, d'Arc"])
        #expect(details.labels == ["bug"])
        #expect(details.comments.map(\.id) == [comment])
        #expect(details.comments.map(\.text) == ["**first**, edited"])
        #expect(details.comments.map(\.author) == ["ana"])
        #expect(details.checklist.map(\.id) == [item])
        #expect(details.checklist.map(\.done) == [true])
        #expect(details.links.isEmpty)
        #expect(details.dueDone)
        let board = try engine.withState { state in state.board(named: "main").map { state.details(ofBoard: $0.id) } }
        #expect(board?.members == ["Jeanne, d'Arc"])
        #expect(board?.labels.map(\.colour) == ["red"])
        #expect(board?.limits.values.sorted() == [2])
        // The same push again: all duplicates, nothing appended.
        let events = try engine.lastSequence()
        let again = try await engine.sync.push(mutations, client: "phone", actor: "ana")
        #expect(again.allSatisfy { if case .duplicate = $0 { true } else { false } })
        #expect(try engine.lastSequence() == events)
        // Replayed from the log, the details are the same.
        let reopened = try KanbanEngine(path: directory.appending("sync.db"))
        #expect(try reopened.withState { $0.details(of: card) } == details)
    }

    @Test("A new comment, item or link under an id the card has, or had, is refused and appends nothing")
    func takenDetailID() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = CardID(.random())
        let comment = DetailID(.random())
        var add = Mutation(id: 2, command: .addComment(board: "main", card: card.description, text: "hello"))
        add.newDetail = comment
        let first = try await engine.sync.push([Mutation(id: 1, command: .addCard(board: "main", title: "Card"), newCard: card), add], client: "a", actor: "ana")
        #expect(Self.applied(first) == [true, true])

        var again = Mutation(id: 1, command: .addChecklistItem(board: "main", card: card.description, text: "same id"))
        again.newDetail = comment
        let before = try engine.lastSequence()
        let taken = try await engine.sync.push([again], client: "b", actor: "ben")
        guard case .refused(let error) = taken.first else { Issue.record("expected a refusal, got \(taken)"); return }
        #expect(error == .detailIDTaken(comment.description))
        #expect(try engine.lastSequence() == before)

        // Deleted, the id is still the card's: an undo could bring the comment back.
        let deleted = try await engine.sync.push([Mutation(id: 3, command: .deleteComment(board: "main", card: card.description, comment: comment.description))], client: "a", actor: "ana")
        #expect(Self.applied(deleted) == [true])
        var reuse = Mutation(id: 2, command: .attachLink(board: "main", card: card.description, url: "https://example.com"))
        reuse.newDetail = comment
        let had = try await engine.sync.push([reuse], client: "b", actor: "ben")
        guard case .refused(let error) = had.first else { Issue.record("expected a refusal, got \(had)"); return }
        #expect(error == .detailIDTaken(comment.description))
        #expect(try engine.withState { $0.details(of: card).links }.isEmpty)
    }

    @Test("A comment edited offline by someone who did not write it is refused; the comment stays as it was")
    func notYourComment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = CardID(.random())
        let comment = DetailID(.random())
        var add = Mutation(id: 2, command: .addComment(board: "main", card: card.description, text: "ana's"))
        add.newDetail = comment
        _ = try await engine.sync.push([Mutation(id: 1, command: .addCard(board: "main", title: "Card"), newCard: card), add], client: "a", actor: "ana")
        let edit = Mutation(id: 1, command: .editComment(board: "main", card: card.description, comment: String(comment.description.prefix(8)), text: "ben's now"))
        let results = try await engine.sync.push([edit], client: "b", actor: "ben")
        guard case .refused(let error) = results.first else { Issue.record("expected a refusal, got \(results)"); return }
        #expect(error == .notYourComment(author: "ana"))
        #expect(try engine.withState { $0.details(of: card).comments.map(\.text) } == ["ana's"])
    }
}

import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Pushed mutations are decided exactly once, in order, each on the latest state; the client's
/// position is kept with the events, so retries, lost answers and restarts append nothing twice.
struct SyncPushTests {
    private static func newCard() -> CardID { CardID(.random()) }

    private static func titles(_ engine: KanbanEngine, board: String = "main") throws -> [[String]] {
        try engine.boardView(named: board).columns.map { $0.cards.map(\.card.title) }
    }

    private static func applied(_ results: [MutationResult]) -> [Bool] {
        results.map { if case .applied = $0 { true } else { false } }
    }

    @Test("A push applies each mutation once; the same push again is all duplicates and appends nothing")
    func exactlyOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = Self.newCard()
        let mutations = [
            Mutation(id: 1, command: .addCard(board: "main", title: "Write the README"), newCard: card),
            Mutation(id: 2, command: .moveCard(board: "main", card: card.description, column: "DOING")),
            Mutation(id: 3, command: .editCard(board: "main", card: card.description, title: "Write the README — 한국어")),
        ]
        let first = try await engine.sync.push(mutations, client: "tab-1", actor: "ana")
        #expect(Self.applied(first) == [true, true, true])
        let events = try engine.lastSequence()
        let again = try await engine.sync.push(mutations, client: "tab-1", actor: "ana")
        #expect(again.allSatisfy { if case .duplicate = $0 { true } else { false } })
        #expect(try engine.lastSequence() == events)
        #expect(try Self.titles(engine) == [[], ["Write the README — 한국어"], []])
        #expect(try engine.withState { $0.cards[card]?.title } == "Write the README — 한국어")
        #expect(try engine.sync.status(client: "tab-1").lastMutationID == 3)
        // Another client's numbers are its own.
        #expect(try engine.sync.status(client: "tab-2").lastMutationID == 0)
    }

    @Test("A refused mutation advances the client's position with its reason kept; the next one is decided")
    func refusalAdvances() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let results = try await engine.sync.push([
            Mutation(id: 1, command: .moveCard(board: "main", card: "nope", column: "DONE")),
            Mutation(id: 2, unreadable: "\"args.title\" is missing"),
            Mutation(id: 3, command: .addCard(board: "main", title: "after the refusals")),
        ], client: "c", actor: "ana")
        #expect(Self.applied(results) == [false, false, true])
        guard case .refused(let error) = results[0] else { Issue.record("expected a refusal, got \(results[0])"); return }
        #expect(error == .unknownBoard("main") || error == .unknownCard("nope"))
        let status = try engine.sync.status(client: "c")
        #expect(status.lastMutationID == 3)
        #expect(status.refusals.map(\.id) == [1, 2])
        #expect(status.refusals[1].reason == "the change cannot be read: \"args.title\" is missing")
        #expect(status.refusals.allSatisfy { !$0.isConflict })
        #expect(try engine.sync.status(client: "c", refusedAfter: 1).refusals.map(\.id) == [2])
    }

    @Test("A mutation after a gap is not decided and changes nothing; the missing one first, then it")
    func gap() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let late = try await engine.sync.push([Mutation(id: 2, command: .addCard(board: "main", title: "second"))], client: "c", actor: "ana")
        guard case .outOfOrder(let expected) = late[0] else { Issue.record("expected out of order, got \(late[0])"); return }
        #expect(expected == 1)
        #expect(try engine.lastSequence() == 0)
        #expect(try engine.sync.status(client: "c").lastMutationID == 0)
        let both = try await engine.sync.push([
            Mutation(id: 1, command: .addCard(board: "main", title: "first")),
            Mutation(id: 2, command: .addCard(board: "main", title: "second")),
        ], client: "c", actor: "ana")
        #expect(Self.applied(both) == [true, true])
        #expect(try Self.titles(engine)[0] == ["first", "second"])
    }

    @Test("The position survives a restart: a retry after reopening the database is a duplicate")
    func survivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("sync.db")
        let mutation = Mutation(id: 1, command: .addCard(board: "main", title: "once"))
        do {
            let engine = try KanbanEngine(path: path)
            _ = try await engine.sync.push([mutation], client: "c", actor: "ana")
        }
        let reopened = try KanbanEngine(path: path)
        let retry = try await reopened.sync.push([mutation], client: "c", actor: "ana")
        #expect(retry.count == 1)
        if case .duplicate = retry[0] {} else { Issue.record("expected a duplicate, got \(retry[0])") }
        #expect(try Self.titles(reopened)[0] == ["once"])
        #expect(try reopened.verify().firstDifference == nil)
    }

    @Test("Neighbours are found on the board as it is when the mutation is decided, not where the client saw them")
    func neighboursResolvedOnServer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let a = try await engine.execute(.addCard(board: "main", title: "A"), actor: "bob")[1].payload.card!
        let b = try await engine.execute(.addCard(board: "main", title: "B"), actor: "bob")[0].payload.card!
        let seen = try engine.lastSequence()
        // Meanwhile, on the server: C goes to the top, and B to the top above it.
        try await engine.execute(.addCard(board: "main", title: "C", index: 0), actor: "bob")
        try await engine.execute(.moveCard(board: "main", card: b.description, column: "TODO", index: 0), actor: "bob")
        // Offline, the client put N just after A, and moved A just before B.
        let card = Self.newCard()
        let results = try await engine.sync.push([
            Mutation(id: 1, command: .addCard(board: "main", title: "N", index: 2, after: a.description), newCard: card, since: seen),
            Mutation(id: 2, command: .moveCard(board: "main", card: a.description, column: "TODO", index: 0, before: b.description), since: seen),
        ], client: "c", actor: "ana")
        #expect(Self.applied(results) == [true, true])
        #expect(try Self.titles(engine)[0] == ["A", "B", "C", "N"])
    }

    @Test("Two offline clients edit the same card's title: the second is refused as a conflict; sent without since, it applies")
    func editConflict() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = try await engine.execute(.addCard(board: "main", title: "Plan"), actor: "ana")[1].payload.card!.description
        let seen = try engine.lastSequence()
        let ana = try await engine.sync.push([Mutation(id: 1, command: .editCard(board: "main", card: card, title: "Plan (ana)"), since: seen)], client: "ana-tab", actor: "ana")
        #expect(Self.applied(ana) == [true])
        let bob = try await engine.sync.push([
            Mutation(id: 1, command: .editCard(board: "main", card: card, title: "Plan (bob)"), since: seen),
            // Bob's description does not touch ana's field: it applies.
            Mutation(id: 2, command: .editCard(board: "main", card: card, description: "details"), since: seen),
        ], client: "bob-tab", actor: "bob")
        #expect(Self.applied(bob) == [false, true])
        guard case .refused(let error) = bob[0] else { return }
        #expect(error.isConflictWithOthers)
        #expect(try engine.sync.status(client: "bob-tab").refusals.first?.isConflict == true)
        let anyway = try await engine.sync.push([Mutation(id: 3, command: .editCard(board: "main", card: card, title: "Plan (bob)"))], client: "bob-tab", actor: "bob")
        #expect(Self.applied(anyway) == [true])
        #expect(try engine.withState { state in state.cards.values.map(\.title) } == ["Plan (bob)"])
    }

    @Test("A move after someone else's move, or a delete after their edit, is refused with since and applied without")
    func moveAndDeleteConflicts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = try await engine.execute(.addCard(board: "main", title: "Ship"), actor: "ana")[1].payload.card!.description
        let seen = try engine.lastSequence()
        try await engine.execute(.moveCard(board: "main", card: card, column: "DOING"), actor: "bob")
        let move = try await engine.sync.push([Mutation(id: 1, command: .moveCard(board: "main", card: card, column: "DONE"), since: seen)], client: "ana-tab", actor: "ana")
        guard case .refused(.changedSince(_, let actor, _, let change)) = move[0] else { Issue.record("expected a conflict, got \(move[0])"); return }
        #expect(actor == "bob" && change == "moved")
        #expect(try Self.titles(engine) == [[], ["Ship"], []])
        // Ana's own later changes never stand in her way.
        let own = try await engine.sync.push([Mutation(id: 2, command: .moveCard(board: "main", card: card, column: "DONE"), since: try engine.lastSequence())], client: "ana-tab", actor: "ana")
        #expect(Self.applied(own) == [true])
        let seenAgain = try engine.lastSequence()
        try await engine.execute(.editCard(board: "main", card: card, description: "bob's notes"), actor: "bob")
        let delete = try await engine.sync.push([Mutation(id: 3, command: .deleteCard(board: "main", card: card), since: seenAgain)], client: "ana-tab", actor: "ana")
        guard case .refused(.changedSince(_, _, _, "edited")) = delete[0] else { Issue.record("expected a conflict, got \(delete[0])"); return }
        let anyway = try await engine.sync.push([Mutation(id: 4, command: .deleteCard(board: "main", card: card))], client: "ana-tab", actor: "ana")
        #expect(Self.applied(anyway) == [true])
        #expect(try Self.titles(engine) == [[], [], []])
    }

    @Test("Only a change of column clashes with a change of column: a reorder and a move elsewhere both stand, either way round")
    func reorderDoesNotClashWithMove() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let other = try await engine.execute(.addCard(board: "main", title: "Other"), actor: "ana").last!.payload.card!.description
        let card = try await engine.execute(.addCard(board: "main", title: "Ship, 배포"), actor: "ana").last!.payload.card!.description
        #expect(try Self.titles(engine) == [["Other", "Ship, 배포"], [], []])
        let seen = try engine.lastSequence()
        // Bob reorders the card inside TODO; ana, who had not seen it, moves the card to DOING.
        try await engine.execute(.moveCard(board: "main", card: card, column: "TODO", index: 0), actor: "bob")
        #expect(try Self.titles(engine) == [["Ship, 배포", "Other"], [], []])
        let move = try await engine.sync.push([Mutation(id: 1, command: .moveCard(board: "main", card: card, column: "DOING"), since: seen)], client: "ana-tab", actor: "ana")
        #expect(Self.applied(move) == [true], "\(move)")
        #expect(try Self.titles(engine) == [["Other"], ["Ship, 배포"], []])

        // The other way round: bob moves a card to DONE; ana's reorder made before it would put
        // it back in TODO — a change of column over his: refused.
        let seenAgain = try engine.lastSequence()
        try await engine.execute(.moveCard(board: "main", card: other, column: "DONE"), actor: "bob")
        let reorder = try await engine.sync.push([Mutation(id: 2, command: .moveCard(board: "main", card: other, column: "TODO", index: 0), since: seenAgain)], client: "ana-tab", actor: "ana")
        guard case .refused(.changedSince(_, "bob", _, "moved")) = reorder[0] else { Issue.record("expected a conflict, got \(reorder[0])"); return }
        // Two reorders in one column: neither changes a column, the last stands.
        let third = try await engine.execute(.addCard(board: "main", title: "Third"), actor: "ana").last!.payload.card!.description
        let seenLast = try engine.lastSequence()
        try await engine.execute(.moveCard(board: "main", card: third, column: "DOING", index: 1), actor: "bob")
        let mine = try await engine.sync.push([Mutation(id: 3, command: .moveCard(board: "main", card: third, column: "DOING", index: 0), since: seenLast)], client: "ana-tab", actor: "ana")
        #expect(Self.applied(mine) == [true], "\(mine)")
    }

    @Test("Someone else's restore of the board counts by what it did to the card: an edit or a move made on the older copy is refused")
    func restoreByOthersConflicts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let card = try await engine.execute(.addCard(board: "main", title: "Plan"), actor: "ana")[1].payload.card!.description
        let added = try engine.lastSequence()
        try await engine.execute(.editCard(board: "main", card: card, title: "Plan v2"), actor: "ana")
        try await engine.execute(.moveCard(board: "main", card: card, column: "DOING"), actor: "ana")
        let seen = try engine.lastSequence()
        // Bob sets the board back to just after the add: the title and the place change back.
        try await engine.execute(.restore(board: "main", to: .sequence(added)), actor: "bob")
        let results = try await engine.sync.push([
            Mutation(id: 1, command: .editCard(board: "main", card: card, title: "Plan v3"), since: seen),
            Mutation(id: 2, command: .moveCard(board: "main", card: card, column: "DONE"), since: seen),
            // A field the restore left alone is not a conflict.
            Mutation(id: 3, command: .editCard(board: "main", card: card, description: "notes"), since: seen),
        ], client: "ana-tab", actor: "ana")
        guard case .refused(.editConflict(_, "bob", _, "title")) = results[0] else { Issue.record("expected an edit conflict, got \(results[0])"); return }
        guard case .refused(.changedSince(_, "bob", _, let change)) = results[1] else { Issue.record("expected a move conflict, got \(results[1])"); return }
        #expect(change == "moved (restoring the board)")
        #expect(Self.applied(results) == [false, false, true])
        #expect(try Self.titles(engine) == [["Plan"], [], []])
    }

    @Test("A new card's id must never have been used: a live card's or a deleted card's id is refused")
    func cardIDTaken() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let live = try await engine.execute(.addCard(board: "main", title: "live"), actor: "ana")[1].payload.card!
        let gone = try await engine.execute(.addCard(board: "main", title: "gone"), actor: "ana")[0].payload.card!
        try await engine.execute(.deleteCard(board: "main", card: gone.description), actor: "ana")
        let events = try engine.lastSequence()
        let results = try await engine.sync.push([
            Mutation(id: 1, command: .addCard(board: "main", title: "copy"), newCard: live),
            Mutation(id: 2, command: .addCard(board: "main", title: "copy"), newCard: gone),
        ], client: "c", actor: "ana")
        for result in results {
            guard case .refused(.cardIDTaken) = result else { Issue.record("expected the id refused, got \(result)"); continue }
        }
        #expect(try engine.lastSequence() == events)
    }

    @Test("10,000 queued mutations pushed a thousand at a time: each applied once; replay equals the state built as they landed")
    func tenThousand() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("sync.db")
        let engine = try KanbanEngine(path: path)
        var mutations: [Mutation] = []
        var cards: [CardID] = []
        for id in 1...10_000 {
            if id % 3 == 1 || cards.isEmpty {
                let card = Self.newCard()
                cards.append(card)
                mutations.append(Mutation(id: UInt64(id), command: .addCard(board: "main", title: "card \(id)"), newCard: card))
            } else {
                let card = cards[id % cards.count]
                mutations.append(Mutation(id: UInt64(id), command: .moveCard(board: "main", card: card.description, column: ["TODO", "DOING", "DONE"][id % 3])))
            }
        }
        for start in stride(from: 0, to: mutations.count, by: EngineSync.maxMutationsPerPush) {
            let batch = Array(mutations[start..<min(start + EngineSync.maxMutationsPerPush, mutations.count)])
            let results = try await engine.sync.push(batch, client: "queue", actor: "ana")
            #expect(results.allSatisfy { if case .applied = $0 { true } else { false } })
        }
        // The last thousand again, as after a lost answer: nothing more.
        let events = try engine.lastSequence()
        _ = try await engine.sync.push(Array(mutations.suffix(1_000)), client: "queue", actor: "ana")
        #expect(try engine.lastSequence() == events)
        #expect(try engine.withState { $0.cards.count } == cards.count)
        let incremental = try engine.withState { VisibleState($0) }
        let replayed = try KanbanEngine(path: path)
        _ = try replayed.replay(ignoringSnapshots: true)
        #expect(try replayed.withState { VisibleState($0) } == incremental)
        #expect(try replayed.verify().firstDifference == nil)
    }

    @Test("The same mutations pushed by four tasks at once (retries racing the first try) are applied once each")
    func racingRetries() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        let mutations = (1...200).map { Mutation(id: UInt64($0), command: .addCard(board: "main", title: "card \($0)"), newCard: Self.newCard()) }
        try await withThrowingTaskGroup(of: [MutationResult].self) { group in
            for _ in 0..<4 { group.addTask { try await engine.sync.push(mutations, client: "c", actor: "ana") } }
            var appliedPerMutation = [Int](repeating: 0, count: mutations.count)
            for try await results in group {
                for (index, result) in results.enumerated() { if case .applied = result { appliedPerMutation[index] += 1 } }
            }
            #expect(appliedPerMutation.allSatisfy { $0 == 1 })
        }
        #expect(try Self.titles(engine)[0] == (1...200).map { "card \($0)" })
    }

    @Test("A bad client id or an oversized push is refused before anything is decided")
    func badInput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("sync.db"))
        for client in ["", "a b", String(repeating: "x", count: 65), "탭", "a/b"] {
            await #expect(throws: KanbanError.self) { try await engine.sync.push([Mutation(id: 1, command: .addCard(board: "main", title: "x"))], client: client, actor: "ana") }
        }
        let tooMany = (1...1_001).map { Mutation(id: UInt64($0), command: .addCard(board: "main", title: "x")) }
        await #expect(throws: KanbanError.self) { try await engine.sync.push(tooMany, client: "c", actor: "ana") }
        #expect(try engine.lastSequence() == 0)
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// Many tasks issuing commands at once through the async API: group commit loses nothing,
/// duplicates nothing, and a rejected command changes nothing.
struct AsyncExecuteTests {
    /// What one task saw: the events each accepted command got back, and how many it sent.
    struct Outcome: Sendable {
        var accepted: [[RecordedEvent]] = []
        var rejected = 0
    }

    @Test("Concurrent tasks: the log replays to the engine's state, every accepted command's events are in it once, rejected ones appended nothing, sequences are gapless")
    func concurrentTasksKeepTheLogWhole() async throws {
        await propertyCheck(count: 4, input: Gen.uint64()) { seed in
            let fixture = try EngineFixture()
            defer { fixture.directory.remove() }
            let engine = fixture.engine
            let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
                for task in 0..<12 {
                    group.addTask {
                        var random = SeededGenerator(seed: seed &+ UInt64(task))
                        var outcome = Outcome()
                        for _ in 0..<25 {
                            let command = try engine.withState { RandomCommands.next(in: $0, using: &random) }
                            do {
                                outcome.accepted.append(try await engine.execute(command, actor: "task\(task % 4)"))
                            } catch is KanbanError {
                                outcome.rejected += 1
                            } catch {
                                // The property check records a throw without saying what: say it.
                                Issue.record("task \(task), \(command): \(error)")
                                throw error
                            }
                        }
                        return outcome
                    }
                }
                var all: [Outcome] = []
                for try await outcome in group { all.append(outcome) }
                return all
            }
            let log = try engine.events()
            #expect(log.map(\.sequence) == Array(1...UInt64(max(log.count, 1))).prefix(log.count).map { $0 })
            let returned = outcomes.flatMap { $0.accepted.flatMap { $0 } }
            // Every event a command got back is in the log, exactly as returned, exactly once;
            // and the log holds nothing else (rejected commands appended nothing).
            #expect(returned.count == log.count)
            #expect(Set(returned.map(\.sequence)).count == returned.count)
            let bySequence = Dictionary(uniqueKeysWithValues: log.map { ($0.sequence, $0) })
            #expect(returned.allSatisfy { bySequence[$0.sequence] == $0 })
            // A command's events are contiguous: nothing of another command falls between them.
            for events in outcomes.flatMap(\.accepted) where events.count > 1 {
                #expect(events.map(\.sequence) == Array(events[0].sequence...events[events.count - 1].sequence))
            }
            var replayed = KanbanState()
            for event in log { replayed.apply(event) }
            let live = try engine.withState { StateSnapshot($0) }
            #expect(StateSnapshot(replayed) == live)
            let fresh = try KanbanEngine(path: fixture.path).withState { StateSnapshot($0) }
            #expect(fresh == live)
        }
    }

    @Test("Commands that arrive together are committed together: fewer commits than commands, each caller its own answer")
    func groupCommit() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try await engine.execute(.addCard(board: "main", title: "seed"), actor: "ana")
        let before = engine.writeStatistics
        let results = await withTaskGroup(of: (Int, Result<[RecordedEvent], any Error>).self) { group in
            for index in 0..<64 {
                group.addTask {
                    // Every fourth command is rejected (an empty title); it must not spoil the others.
                    let title = index % 4 == 3 ? " " : "card \(index)"
                    do {
                        return (index, .success(try await engine.execute(.addCard(board: "main", title: title), actor: "w\(index)")))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var all: [(Int, Result<[RecordedEvent], any Error>)] = []
            for await result in group { all.append(result) }
            return all
        }
        let after = engine.writeStatistics
        #expect(after.commands - before.commands == 64)
        #expect(after.commits - before.commits < 64, "one commit per command: no group commit")
        for (index, result) in results {
            switch result {
            case .success(let events):
                #expect(index % 4 != 3)
                guard case .cardAdded(let added)? = events.first?.payload else { Issue.record("no card for \(index)"); continue }
                #expect(added.card.title == "card \(index)")
                #expect(events.first?.actor == "w\(index)")
            case .failure(let error):
                #expect(index % 4 == 3)
                #expect(error as? KanbanError == .emptyTitle)
            }
        }
        #expect(try engine.withState { $0.cards.count } == 1 + 48)
    }

    @Test("A rejected command in a batch leaves the state as the accepted ones made it")
    func rejectionInBatchChangesNothing() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let id = try fixture.add("only")
        async let moved = engine.execute(.moveCard(board: "main", card: id.description, column: "DOING"), actor: "ana")
        async let bad = engine.execute(.moveCard(board: "main", card: id.description, column: "NOWHERE"), actor: "bob")
        async let edited = engine.execute(.editCard(board: "main", card: id.description, title: "renamed"), actor: "cy")
        _ = try await (moved, edited)
        let rejection: (any Error)?
        do { _ = try await bad; rejection = nil } catch { rejection = error }
        #expect(rejection is KanbanError)
        let card = try #require(try engine.withState { $0.cards[id] })
        #expect(card.title == "renamed")
        #expect(try engine.boardView(named: "main").columns[1].cards.map(\.card.id) == [id])
        #expect(try engine.events().count == 4)
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `events(after:)`: the log after a sequence number, then every commit, in order, once.
struct SubscriptionTests {
    /// Collects `count` events from `engine.events(after:)`, failing after `timeout`.
    static func collect(_ count: Int, from engine: KanbanEngine, after sequence: UInt64, timeout: Duration = .seconds(20)) async throws -> [RecordedEvent] {
        try await withThrowingTaskGroup(of: [RecordedEvent]?.self) { group in
            group.addTask {
                var seen: [RecordedEvent] = []
                for try await event in engine.events(after: sequence) {
                    seen.append(event)
                    if seen.count == count { break }
                }
                return seen
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return try #require(first, "timed out waiting for \(count) events")
        }
    }

    @Test("A subscription started at SEQ sees exactly the events after it, then new commits, in order")
    func fromTheLogThenLive() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for index in 0..<5 { try fixture.add("old \(index)") }
        let start: UInt64 = 3
        // The log holds the board made on first use and five cards: three of them after `start`.
        async let seen = Self.collect(3 + 4, from: fixture.engine, after: start)
        try await Task.sleep(for: .milliseconds(50))
        for index in 0..<4 { _ = try await fixture.engine.execute(.addCard(board: "main", title: "new \(index)"), actor: "ana") }
        let events = try await seen
        #expect(events.map(\.sequence) == Array(start + 1...start + 7))
        #expect(events == Array(try fixture.engine.events().dropFirst(Int(start))))
    }

    @Test("Commits made by another process reach the subscription, none missed and none repeated", .disabled(if: SharedLogForTests.url != nil, "another engine writing to a node's cache is not a node of the shared log"))
    func otherProcessesCommits() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("first")
        let kanban = try KanbanBinary(database: fixture.path)
        async let seen = Self.collect(6, from: fixture.engine, after: 2)
        try await Task.sleep(for: .milliseconds(50))
        var ids: [String] = []
        for index in 0..<3 {
            ids.append(try kanban.add("from the CLI \(index)"))
            try await fixture.engine.execute(.addCard(board: "main", title: "in process \(index)"), actor: "ana")
        }
        let events = try await seen
        #expect(events.map(\.sequence) == Array(3...8))
        let titles = events.compactMap { event -> String? in
            if case .cardAdded(let added) = event.payload { return added.card.title }
            return nil
        }
        #expect(Set(titles) == Set((0..<3).flatMap { ["from the CLI \($0)", "in process \($0)"] }))
        #expect(events.filter { $0.actor == kanban.actor }.compactMap(\.payload.card).map(\.description).sorted() == ids.sorted())
    }

    @Test("Cancelling the task ends the subscription cleanly")
    func cancellationEnds() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("one")
        let engine = fixture.engine
        let task = Task {
            var count = 0
            for try await _ in engine.events(after: 0) { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let count = try await task.value
        #expect(count == 2, "the board made on first use and the card")
    }
}

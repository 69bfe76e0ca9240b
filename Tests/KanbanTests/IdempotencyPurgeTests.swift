import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Expired idempotency answers are purged a bounded slice at a time in every write that
/// remembers answers: the store holds about the last lifetime's answers whatever the rate.
struct IdempotencyPurgeTests {
    @Test("Keyed writes for over an hour, one a second with a 10 s lifetime: the store stays near ten answers, never growing with time")
    func boundedUnderSteadyLoad() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = IdempotentPerformTests.ManualClock()
        let options = EngineOptions(clock: { clock.read() }, idempotencyLifetime: .seconds(10))
        let engine = try KanbanEngine(path: directory.appending("purge.db"), options: options)
        var largest = 0
        for index in 0..<4_000 {
            _ = try await engine.perform(.addCard(board: "main", title: "card \(index)"), actor: "ana", idempotencyKey: "key-\(index)") { _ in [1] }
            clock.advance(seconds: 1)
            if index % 500 == 499 {
                let store = try engine.store.idempotencyStore()
                let count = try engine.read { try $0.statistics(of: store.database).entries }
                largest = max(largest, count)
            }
        }
        // At one write a second, 10 s of answers are live; a slice examines 64 per write.
        #expect(largest <= 80, "the store held \(largest) answers")
        // A retry within the lifetime still gets its answer.
        clock.advance(seconds: -2)
        #expect(try await engine.perform(.addCard(board: "main", title: "card 3999"), actor: "ana", idempotencyKey: "key-3999") { _ in [2] }.isReplay)
    }

    @Test("A slice examines at most its count and resumes where it stopped, wrapping round at the end")
    func slices() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("slices.db"))
        let store = try engine.store.idempotencyStore()
        let old = Timestamp(millisecondsSinceEpoch: 1_000)
        let new = Timestamp(millisecondsSinceEpoch: 9_000)
        try engine.write { transaction in
            for index in 0..<10 {
                try store.remember([0], for: Array("ana\0k\(index)".utf8), at: index % 2 == 0 ? old : new, in: transaction)
            }
        }
        let cutoff = Timestamp(millisecondsSinceEpoch: 5_000)
        let first = try engine.write { try store.purgeSlice(from: nil, count: 4, before: cutoff, in: $0) }
        #expect(first.deleted == 2)
        #expect(first.next == Array("ana\0k4".utf8))
        let second = try engine.write { try store.purgeSlice(from: first.next, count: 100, before: cutoff, in: $0) }
        #expect(second.deleted == 3)
        #expect(second.next == nil)
        #expect(try engine.read { try $0.statistics(of: store.database).entries } == 5)
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Synchronization
import Testing

@Suite("Commands carried out once per idempotency key")
struct IdempotentPerformTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        let now = Mutex(Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))
        func advance(seconds: Int64) { now.withLock { $0 = Timestamp(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + seconds * 1000) } }
        func read() -> Timestamp { now.withLock { $0 } }
    }

    private static func answer(_ outcome: Result<CommandOutcome, any Error>) -> [UInt8] {
        switch outcome {
        case .success(let outcome): Array("appended \(outcome.events.map(\.sequence))".utf8)
        case .failure(let error): Array("refused: \(error)".utf8)
        }
    }

    @Test("The first call carries the command out and keeps its answer; a retry gets it back and appends nothing")
    func once() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("once.db"))
        let first = try await engine.perform(.addCard(board: "main", title: "a"), actor: "ana", idempotencyKey: "k", answer: Self.answer)
        #expect(first == RememberedAnswer(bytes: Array("appended [1, 2]".utf8), isReplay: false))
        let retry = try await engine.perform(.addCard(board: "main", title: "a"), actor: "ana", idempotencyKey: "k", answer: Self.answer)
        #expect(retry == RememberedAnswer(bytes: first.bytes, isReplay: true))
        #expect(try engine.lastSequence() == 2)
        let refused = try await engine.perform(.addCard(board: "main", title: ""), actor: "ana", idempotencyKey: "r", answer: Self.answer)
        #expect(String(decoding: refused.bytes, as: UTF8.self) == "refused: the title is empty")
        #expect(try await engine.perform(.addCard(board: "main", title: "b"), actor: "ana", idempotencyKey: "r", answer: Self.answer).isReplay)
        #expect(try engine.lastSequence() == 2)
    }

    @Test("An answer older than its lifetime is forgotten: the command is carried out again")
    func expiry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let options = EngineOptions(clock: { clock.read() }, idempotencyLifetime: .seconds(3600))
        let engine = try KanbanEngine(path: directory.appending("expiry.db"), options: options)
        _ = try await engine.perform(.addCard(board: "main", title: "a"), actor: "ana", idempotencyKey: "k", answer: Self.answer)
        clock.advance(seconds: 3599)
        #expect(try await engine.perform(.addCard(board: "main", title: "a"), actor: "ana", idempotencyKey: "k", answer: Self.answer).isReplay)
        clock.advance(seconds: 2)
        let again = try await engine.perform(.addCard(board: "main", title: "a"), actor: "ana", idempotencyKey: "k", answer: Self.answer)
        #expect(!again.isReplay)
        #expect(try engine.lastSequence() == 3)
    }
}

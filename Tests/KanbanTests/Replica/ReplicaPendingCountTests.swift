import Foundation
@testable import Kanban
import KanbanCore
@testable import KanbanReplica
import KanbanTestSupport
import Testing

/// ``Replica/pendingCount()`` counts the queue without reading it (what `kanban add` and
/// `kanban board` print on a replica), so it must agree with ``Replica/pending()`` whatever the
/// store holds besides: settings, refused changes, former client ids.
@Suite("A replica's count of queued changes")
struct ReplicaPendingCountTests {
    @Test("The count agrees with the queue through queueing, refusals, apply-anyway and a client switch")
    func countAgrees() async throws {
        let origin = FakeSyncOrigin()
        let directory = try TemporaryDirectory(prefix: "kanban-replica")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        let replica = try await Replica.clone(from: "http://origin.test", into: engine, transport: origin)
        func expectAgreement(_ step: String) throws {
            #expect(try replica.pendingCount() == replica.pending().count, "\(step)")
        }
        try expectAgreement("empty")
        for number in 1...5 { try replica.queue(.addCard(board: "main", title: "card \(number)"), actor: "mobile", newCard: CardID(.random())) }
        #expect(try replica.pendingCount() == 5)
        try expectAgreement("five queued")

        let store = try #require(try ReplicaStore.existing(in: engine.log.environment))
        let first = try #require(try replica.pending().first)
        try store.settle(decided: [2], refused: [RefusedMutation(pending: first, error: "no", conflict: false)])
        #expect(try replica.pendingCount() == 3 && replica.refused().count == 1)
        try expectAgreement("one decided, one refused")
        try replica.applyAnyway(1)
        #expect(try replica.pendingCount() == 4)
        try expectAgreement("applied anyway")

        // The origin decided 1 and 2 as the replica settled them, and a copy took 3.
        origin.decided.withLock { $0[replica.clientID] = ["first", "second", "a copy's third"] }
        _ = try await replica.sync()
        #expect(try replica.formerClientIDs().count == 1)
        #expect(try replica.pendingCount() == 0)
        try expectAgreement("synced after a client switch")
        try replica.queue(.addColumn(board: "main", name: "REVIEW"), actor: "mobile")
        #expect(try replica.pendingCount() == 1)
    }
}

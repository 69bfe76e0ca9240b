import Foundation
@testable import Kanban
import KanbanCore
@testable import KanbanReplica
import KanbanTestSupport
import Testing

/// A replica whose client id a copy of it used too (its folder copied, or restored from a
/// backup): the origin decided some of its mutation numbers with other changes. It takes a new
/// client id, renumbers its queue from 1 and sends it again, so no change is lost.
@Suite("A replica's client id used by a copy of it")
struct ReplicaClientSwitchTests {
    /// A replica of `origin` in a fresh directory, and the directory.
    private static func replica(of origin: FakeSyncOrigin) async throws -> (Replica, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "kanban-replica")
        let engine = try KanbanEngine(path: directory.appending("db"))
        return (try await Replica.clone(from: "http://origin.test", into: engine, transport: origin), directory)
    }

    /// Queues adds titled `titles`, in order.
    private static func queue(_ titles: [String], on replica: Replica) throws {
        for title in titles { try replica.queue(.addCard(board: "main", title: title), actor: "mobile", newCard: CardID(.random())) }
    }

    @Test("Pushed numbers answered reused: a new client id, the queue renumbered from 1 and sent again in the same sync")
    func reusedAnswer() async throws {
        let origin = FakeSyncOrigin()
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        let old = replica.clientID
        // The copy synced its own three changes under the same client id first.
        origin.decided.withLock { $0[old] = try! ["copy 1", "copy 2", "copy 3"].map { try FakeSyncOrigin.content(MutationWire(id: 0, command: .addCard(board: "main", title: $0), newCard: CardID(.random()))) } }
        try Self.queue(["one", "two", "three"], on: replica)

        let report = try await replica.sync()
        let change = try #require(report.clientSwitch)
        #expect(change.from == old && change.to != old && change.renumbered == 3)
        #expect(change.to.count == old.count && change.to.hasPrefix("r"), "a new id of the form a clone gives: \(change.to)")
        #expect(report.applied == 3 && report.refused.isEmpty)
        #expect(origin.titles(of: change.to) == ["one", "two", "three"], "each change applied once, in order, under the new id")
        #expect(origin.titles(of: old) == ["copy 1", "copy 2", "copy 3"])
        #expect(try replica.pending().isEmpty)
        // The switch is recorded: reopened, the replica syncs as the new client, and numbers on from 4.
        let reopened = try #require(try Replica.open(replica.engine, transport: origin))
        #expect(reopened.clientID == change.to)
        #expect(try reopened.formerClientIDs() == [old])
        #expect(try reopened.queue(.addCard(board: "main", title: "four"), actor: "mobile", newCard: CardID(.random())).mutation.id == 4)
        #expect(try await reopened.sync().clientSwitch == nil)
        #expect(origin.titles(of: change.to) == ["one", "two", "three", "four"])
    }

    @Test("Only some numbers reused: those taken by the copy are renumbered, the one after them applied as it was")
    func partlyReused() async throws {
        let origin = FakeSyncOrigin()
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        let old = replica.clientID
        origin.decided.withLock { $0[old] = try! ["copy 1"].map { try FakeSyncOrigin.content(MutationWire(id: 0, command: .addCard(board: "main", title: $0), newCard: CardID(.random()))) } }
        try Self.queue(["one", "two"], on: replica)

        let report = try await replica.sync()
        let change = try #require(report.clientSwitch)
        #expect(change.renumbered == 1 && report.applied == 2)
        #expect(origin.titles(of: old) == ["copy 1", "two"])
        #expect(origin.titles(of: change.to) == ["one"])
        #expect(try replica.pending().isEmpty)
    }

    @Test("The origin's last mutation for the client is past any number the replica gave: a new client id for what comes next")
    func lastMutationPastOurs() async throws {
        let origin = FakeSyncOrigin()
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        let old = replica.clientID
        // Restored from a backup made before its two changes were synced; it synced three more since.
        let titles = ["one", "two", "three", "four", "five"]
        let cards = titles.map { _ in CardID(.random()) }
        let made = try zip(titles, cards).map { try MutationWire(id: 0, command: .addCard(board: "main", title: $0), newCard: $1) }
        origin.decided.withLock { $0[old] = try! made.map(FakeSyncOrigin.content) }
        for (title, card) in zip(titles, cards).prefix(2) {
            try replica.queue(.addCard(board: "main", title: title), actor: "mobile", newCard: card)
        }

        let report = try await replica.sync()
        // The same two changes were decided before: nothing is applied twice, but the next change
        // would be number 3, which the origin gave to another one: a new id.
        let change = try #require(report.clientSwitch)
        #expect(change.from == old && change.renumbered == 0)
        #expect(origin.titles(of: old) == ["one", "two", "three", "four", "five"])
        #expect(try replica.pending().isEmpty)
        try Self.queue(["six"], on: replica)
        #expect(try replica.pending().map(\.mutation.id) == [1])
        #expect(try await replica.sync().clientSwitch == nil)
        #expect(origin.titles(of: change.to) == ["six"])
    }

    @Test("A push refused with a 403 because the client id is another person's: a new client id, the queue sent again")
    func foreignClient() async throws {
        let origin = FakeSyncOrigin(checksOwners: true)
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        let old = replica.clientID
        // A copy used by someone else pushed first: the client id is theirs.
        origin.owners.withLock { $0[old] = "someone else" }
        try Self.queue(["one", "two"], on: replica)

        let report = try await replica.sync()
        let change = try #require(report.clientSwitch)
        #expect(change.from == old && change.renumbered == 2 && report.applied == 2)
        #expect(origin.titles(of: change.to) == ["one", "two"])
        #expect(try replica.pending().isEmpty)
    }

    @Test("A 403 for another reason is an error, and nothing changes")
    func otherForbidden() async throws {
        let origin = FakeSyncOrigin(checksOwners: true)
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        try Self.queue(["one"], on: replica)
        let forbidding = ForbiddingOrigin()
        let reopened = try #require(try Replica.open(replica.engine, transport: forbidding))
        await #expect(throws: ReplicaError.refusedByServer(origin: "http://origin.test", status: 403, message: "the token may only read")) { try await reopened.sync() }
        #expect(try Replica.open(replica.engine)?.clientID == replica.clientID)
        #expect(try replica.pending().map(\.mutation.id) == [1])
    }

    /// An origin that refuses every request with a 403 that is not about the client id.
    private struct ForbiddingOrigin: ReplicaTransport {
        func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
            ReplicaResponse(status: 403, body: Data(#"{"error":"the token may only read"}"#.utf8))
        }
    }

    @Test("A refusal kept from before the switch is not overwritten by a later refusal with the same number")
    func refusalKeptThroughSwitch() async throws {
        let origin = FakeSyncOrigin()
        let (replica, directory) = try await Self.replica(of: origin)
        defer { directory.remove() }
        let old = replica.clientID
        origin.decided.withLock { $0[old] = try! ["copy 1"].map { try FakeSyncOrigin.content(MutationWire(id: 0, command: .addCard(board: "main", title: $0), newCard: CardID(.random()))) } }
        try Self.queue(["one"], on: replica)
        _ = try await replica.sync()
        let earlier = RefusedMutation(pending: PendingMutation(actor: "mobile", mutation: try MutationWire(id: 1, command: .addColumn(board: "main", name: "EARLIER", index: nil))), error: "an earlier refusal", conflict: false)
        let later = RefusedMutation(pending: PendingMutation(actor: "mobile", mutation: try MutationWire(id: 1, command: .addColumn(board: "main", name: "LATER", index: nil))), error: "a later refusal", conflict: false)
        let store = try #require(try ReplicaStore.existing(in: replica.engine.log.environment))
        try store.settle(decided: [], refused: [earlier])
        try store.settle(decided: [], refused: [later])
        #expect(try replica.refused().map(\.error) == ["a later refusal", "an earlier refusal"])
        #expect(try replica.refused().map(\.pending.mutation.name) == [AddColumnArguments.name, AddColumnArguments.name])
    }
}

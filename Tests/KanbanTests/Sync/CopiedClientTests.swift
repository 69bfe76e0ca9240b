import Foundation
@testable import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// A client copied (a replica's folder copied, or restored from a backup) numbers its own next
/// change as the original already did: the server keeps what each decided mutation asked for, so
/// the copy's change is `reused` — not decided, and not taken for a retry — and the copy sends it
/// again under a new client id instead of losing it. A client id belongs to the actor who pushed
/// as it first.
struct CopiedClientTests {
    private static func wire(_ id: UInt64, _ name: String, _ args: String, since: UInt64? = nil) throws -> Mutation {
        Mutation(id: id, read: try WireEnvelope.read(name, args), since: since)
    }

    @Test("The same id with the same change is a duplicate; with another change it is reused, and nothing is appended")
    func reusedID() async throws {
        let fixture = try EngineFixture()
        let engine = fixture.engine
        let original = Mutation(id: 1, command: .addCard(board: "main", title: "From A"), newCard: CardID(.random()))
        let first = try await engine.sync.push([original], client: "replica-1", actor: "ana")
        guard case .applied = first.first else { Issue.record("expected applied, got \(first)"); return }
        let events = try engine.lastSequence()

        let retry = try await engine.sync.push([original], client: "replica-1", actor: "ana")
        guard case .duplicate = retry.first else { Issue.record("a retry should be a duplicate, got \(retry)"); return }

        let copy = Mutation(id: 1, command: .addCard(board: "main", title: "From B"), newCard: CardID(.random()))
        let reused = try await engine.sync.push([copy], client: "replica-1", actor: "ana")
        guard case .reused(let expected) = reused.first else { Issue.record("a copy's own change should be reused, got \(reused)"); return }
        #expect(expected == 2)
        #expect(try engine.lastSequence() == events)
        #expect(try engine.withState { $0.cards.values.map(\.title) } == ["From A"])

        // Kept across a restart, and the answer says it on the wire.
        let reopened = try fixture.reopen()
        let after = try await reopened.sync.push([copy], client: "replica-1", actor: "ana")
        guard case .reused = after.first else { Issue.record("expected reused after a restart, got \(after)"); return }
        let output = MutationResultOutput(id: 1, result: after[0])
        #expect(output.status == "reused")
        #expect(output.expected == 2)
        #expect(output.error?.contains("new client id") == true)
    }

    @Test("A mutation's digest is its change, not its id or spelling: the same wire text twice, key order aside, digests the same")
    func digest() throws {
        let a = try Self.wire(3, "moveCard", #"{"board":"main","card":"abc","column":"DOING","after":"def"}"#, since: 7)
        let b = try Self.wire(9, "moveCard", #"{"after":"def","column":"DOING","card":"abc","board":"main"}"#, since: 7)
        #expect(a.digest == b.digest)
        #expect(a.digest.count == 16)
        let other = [
            try Self.wire(3, "moveCard", #"{"board":"main","card":"abc","column":"DONE","after":"def"}"#, since: 7),
            try Self.wire(3, "moveCard", #"{"board":"main","card":"abc","column":"DOING","before":"def"}"#, since: 7),
            try Self.wire(3, "moveCard", #"{"board":"main","card":"abc","column":"DOING","after":"def"}"#, since: 8),
            try Self.wire(3, "moveCard", #"{"board":"main","card":"abc","column":"DOING","after":"def"}"#),
            Mutation(id: 3, unreadable: "no such mutation"),
        ]
        for mutation in other { #expect(mutation.digest != a.digest, "\(mutation)") }
    }

    @Test("Where actors are proven, a client id is its first actor's: another's push is refused whole, and so are its pull and stream")
    func ownedClient() async throws {
        let fixture = try EngineFixture()
        let engine = fixture.engine
        let first = try await engine.sync.push([Mutation(id: 1, command: .addCard(board: "main", title: "alice's"))], client: "alice-phone", actor: "alice", ownerOnly: true)
        guard case .applied = first.first else { Issue.record("expected applied, got \(first)"); return }
        let events = try engine.lastSequence()

        let intruder = [Mutation(id: 2, command: .addCard(board: "main", title: "bob's")), Mutation(id: 3, command: .addCard(board: "main", title: "bob's too"))]
        await #expect(throws: KanbanError.foreignClient("alice-phone")) {
            try await engine.sync.push(intruder, client: "alice-phone", actor: "bob", ownerOnly: true)
        }
        #expect(try engine.lastSequence() == events)
        #expect(try engine.sync.status(client: "alice-phone").lastMutationID == 1)
        #expect(throws: KanbanError.foreignClient("alice-phone")) { try engine.sync.checkOwner(of: "alice-phone", actor: "bob") }
        try engine.sync.checkOwner(of: "alice-phone", actor: "alice")
        try engine.sync.checkOwner(of: "nobody-yet", actor: "bob")

        // Alice's own next change still lands as her mutation 2.
        let next = try await engine.sync.push([Mutation(id: 2, command: .addCard(board: "main", title: "alice's second"))], client: "alice-phone", actor: "alice", ownerOnly: true)
        guard case .applied = next.first else { Issue.record("expected applied, got \(next)"); return }
        #expect(try engine.withState { Set($0.cards.values.map(\.title)) } == ["alice's", "alice's second"])

        // Without proven actors (no tokens) names are anyone's: the push is taken, as before.
        let open = try await engine.sync.push([Mutation(id: 3, command: .addCard(board: "main", title: "renamed tab"))], client: "alice-phone", actor: "alice2")
        guard case .applied = open.first else { Issue.record("expected applied, got \(open)"); return }
    }
}

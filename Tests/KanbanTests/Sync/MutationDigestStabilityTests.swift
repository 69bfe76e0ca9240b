import Crypto
import Foundation
import Kanban
import KanbanCore
import Testing

/// A server keeps each decided mutation's digest, and a client sends the same change again after
/// an upgrade: the digest of every kind of mutation must stay what it was, or a retry would be
/// taken for another change under a reused id. The expected value was computed by the code that
/// first kept digests on disk.
struct MutationDigestStabilityTests {
    @Test("The digests of every kind of mutation are the ones kept before")
    func digestsUnchanged() throws {
        let card = CardID(try #require(Identifier("6f1c2a4e-0b1d-4c52-9a57-1e0f3b2d7c88")))
        let detail = DetailID(try #require(Identifier("0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d")))
        var mutations = MutationArgumentsTests.commands.enumerated().map { offset, command in
            var mutation = Mutation(id: UInt64(offset + 1), command: command, newCard: card, since: offset.isMultiple(of: 2) ? 41 : nil)
            mutation.newDetail = detail
            return mutation
        }
        mutations.append(Mutation(id: 99, command: .moveCard(board: "main", card: "3f2a", column: "DONE", index: 2, before: "a1", after: "b2"), since: 7))
        mutations.append(Mutation(id: 100, command: .addCard(board: "main", title: "t", column: "DOING", after: "b2"), newCard: card))
        var all = SHA256()
        for mutation in mutations { all.update(data: Data(mutation.digest)) }
        let hex = all.finalize().map { String(format: "%02x", $0) }.joined()
        #expect(hex == "b4c6d13e5ae49ccf8a9ff6b7b8e7745989bbe1091b94b602bb248b84200b65e7")
    }
}

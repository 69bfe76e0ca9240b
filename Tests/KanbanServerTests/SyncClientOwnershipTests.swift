import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanCore
import KanbanOutput
import KanbanServer
import KanbanTestSupport
import Testing

/// Sync as an attacker and as a copied client would: someone else's client id is not theirs to
/// push, pull or listen as (on a server with tokens), and a copied client's own change under a
/// decided id is answered `reused`, not swallowed as a duplicate.
@Suite("Sync: client ids")
struct SyncClientOwnershipTests {
    private static let tokens = try! TokenFile(parsing: "alice alice-token-7f3a9c2e5b\nbob bob-token-4d8e1f6a2c\n")
    private static let alice = ["Authorization": "Bearer alice-token-7f3a9c2e5b"]
    private static let bob = ["Authorization": "Bearer bob-token-4d8e1f6a2c"]

    @Test("With tokens, bob cannot push, pull or listen as alice's client id; alice's next change still lands")
    func foreignClient() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            let first = try await api.post("/api/sync/push", SyncRoutesTests.push("alice-phone", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "alice's first"}}"#,
            ]), headers: Self.alice)
            #expect(first.status == 200)
            let events = try engine.lastSequence()

            let intrusion = try await api.post("/api/sync/push", SyncRoutesTests.push("alice-phone", [
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "title": "bob's, as alice"}}"#,
            ]), headers: Self.bob)
            #expect(intrusion.status == 403, "\(intrusion.text)")
            #expect(intrusion.error == "client id 'alice-phone' belongs to another person: sync with a client id of your own")
            #expect(try engine.lastSequence() == events)

            #expect(try await api.get("/api/sync/pull?client=alice-phone", headers: Self.bob).status == 403)
            #expect(try await api.get("/api/events?client=alice-phone", headers: Self.bob).status == 403)
            #expect(try await api.get("/api/sync/pull?client=alice-phone", headers: Self.alice).status == 200)

            let second = try await api.post("/api/sync/push", SyncRoutesTests.push("alice-phone", [
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "title": "alice's second"}}"#,
            ]), headers: Self.alice)
            #expect(try SyncRoutesTests.decode(SyncPushOutput.self, second).results.map(\.status) == ["applied"])
            #expect(try ServerHarness.titles(in: engine)["TODO"]?.sorted() == ["alice's first", "alice's second"])
        }
    }

    @Test("A copied client's own change under a decided id is answered reused, with the next id, and nothing is appended")
    func reused() async throws {
        try await ServerHarness.withServer { api, engine in
            let original = SyncRoutesTests.push("replica-a", [#"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "from A"}}"#])
            #expect(try SyncRoutesTests.decode(SyncPushOutput.self, try await api.post("/api/sync/push", original)).results.map(\.status) == ["applied"])
            let events = try engine.lastSequence()
            // The same body again: a retry. Keys in another order and spacing: still the same change.
            let retry = SyncRoutesTests.push("replica-a", [#"{"args": {"title": "from A", "board": "main"}, "name": "addCard", "id": 1}"#])
            #expect(try SyncRoutesTests.decode(SyncPushOutput.self, try await api.post("/api/sync/push", retry)).results.map(\.status) == ["duplicate"])
            let copy = SyncRoutesTests.push("replica-a", [#"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "from B"}}"#])
            let answer = try SyncRoutesTests.decode(SyncPushOutput.self, try await api.post("/api/sync/push", copy))
            #expect(answer.results.map(\.status) == ["reused"])
            #expect(answer.results.first?.expected == 2)
            #expect(answer.results.first?.error?.isEmpty == false)
            #expect(try engine.lastSequence() == events)
        }
    }
}

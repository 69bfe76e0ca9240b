import Foundation
import Kanban
import KanbanOutput
import KanbanReplica
import KanbanTestSupport

/// A ``ReplicaTransport`` that plays a kanban server's sync routes in memory: an empty log to
/// clone, and `POST /api/sync/push` deciding each client's mutations 1, 2, 3… once, keeping each
/// decided one's content. A mutation whose number was decided before is `duplicate` when its
/// content is the same, and `reused` (with `expected`) when it differs — or `duplicate` too, as a
/// server from before `reused` existed answers, when `answersReused` is false.
final class FakeSyncOrigin: ReplicaTransport {
    /// Each client's decided mutations, in order: their content without the number.
    let decided = Locked<[String: [String]]>([:])
    let answersReused: Bool
    /// Each client's owner, the first actor that pushed as it, when owners are checked.
    let owners = Locked<[String: String]>([:])
    /// Whether a push by an actor other than the client's owner is a 403, as on a server with tokens.
    let checksOwners: Bool

    init(answersReused: Bool = true, checksOwners: Bool = false) {
        self.answersReused = answersReused
        self.checksOwners = checksOwners
    }

    /// The content the origin keeps for `mutation`: its JSON without `id`, keys sorted.
    static func content(_ mutation: MutationWire) throws -> String {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(mutation)) as? [String: Any] ?? [:]
        object["id"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The titles of client `client`'s decided `addCard` mutations, in order.
    func titles(of client: String) -> [String] {
        (decided.value[client] ?? []).compactMap { content in
            guard let wire = try? JSONDecoder().decode(MutationWire.self, from: Data(#"{"id":0,\#(content.dropFirst())"#.utf8)) else { return nil }
            guard case .addCard(_, let title, _, _, _, _, _, _) = wire.command else { return nil }
            return title
        }
    }

    func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        switch (request.method, request.url.path) {
        case ("GET", "/api/export"):
            return ReplicaResponse(status: 200, body: Data())
        case ("GET", "/api/sync/pull"):
            let client = query.first { $0.name == "client" }?.value ?? ""
            let last = UInt64(decided.value[client]?.count ?? 0)
            return ReplicaResponse(status: 200, body: try JSONEncoder().encode(SyncPullOutput(clientID: client, lastMutationID: last, lastSequence: 0, refused: [], events: [])))
        case ("POST", "/api/sync/push"):
            let push = try JSONDecoder().decode(Push.self, from: request.body ?? Data())
            let actor = request.headers["X-Kanban-Actor"] ?? ""
            let owner = owners.withLock { owners -> String in
                if let owner = owners[push.clientID] { return owner }
                owners[push.clientID] = actor
                return actor
            }
            if checksOwners, owner != actor {
                return ReplicaResponse(status: 403, body: Data(#"{"error":"client id '\#(push.clientID)' belongs to another person: sync with a client id of your own"}"#.utf8))
            }
            let results = try decided.withLock { decided -> [MutationResultOutput] in
                try push.mutations.map { mutation in
                    let content = try Self.content(mutation)
                    let kept = decided[push.clientID] ?? []
                    if mutation.id >= 1, mutation.id <= UInt64(kept.count) {
                        if kept[Int(mutation.id) - 1] == content || !answersReused { return MutationResultOutput(id: mutation.id, status: "duplicate") }
                        return MutationResultOutput(id: mutation.id, status: "reused", error: "mutation \(mutation.id) was decided before with other content", expected: UInt64(kept.count) + 1)
                    }
                    guard mutation.id == UInt64(kept.count) + 1 else {
                        return MutationResultOutput(id: mutation.id, status: "outOfOrder", expected: UInt64(kept.count) + 1)
                    }
                    decided[push.clientID, default: []].append(content)
                    return MutationResultOutput(id: mutation.id, status: "applied", events: [])
                }
            }
            let last = UInt64(decided.value[push.clientID]?.count ?? 0)
            return ReplicaResponse(status: 200, body: try JSONEncoder().encode(SyncPushOutput(clientID: push.clientID, lastMutationID: last, lastSequence: 0, results: results)))
        default:
            return ReplicaResponse(status: 404, body: Data(#"{"error":"no such route"}"#.utf8))
        }
    }

    /// The body of a push, as far as the fake reads it.
    private struct Push: Decodable {
        let clientID: String
        let mutations: [MutationWire]
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanReplica

/// A ``ReplicaTransport`` that answers as a kanban server does from a real engine, in memory:
/// `GET /api/export` pages of its log, `POST /api/sync/push` deciding each mutation on it
/// (``KanbanEngine/push(_:client:actor:ownerOnly:)``), `GET /api/sync/pull` with the client's
/// refusals. Enough for a replica to clone, push changes that apply or are refused, and pull
/// what they appended.
final class EngineSyncOrigin: ReplicaTransport {
    let engine: KanbanEngine

    init(engine: KanbanEngine) {
        self.engine = engine
    }

    func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func number(_ name: String) -> UInt64? { query.first { $0.name == name }?.value.flatMap { UInt64($0) } }
        switch (request.method, request.url.path) {
        case ("GET", "/api/export"):
            var body: [UInt8] = []
            for event in try engine.export.storedEvents(after: number("after") ?? 0, limit: Int(number("limit") ?? 1_000)) {
                body += try OutputJSON.encode(ExportedEventOutput(stored: event))
                body.append(UInt8(ascii: "\n"))
            }
            return ReplicaResponse(status: 200, body: Data(body))
        case ("GET", "/api/sync/pull"):
            let client = query.first { $0.name == "client" }?.value ?? ""
            let status = try engine.sync.status(client: client, refusedAfter: number("refusedAfter") ?? 0)
            let refused = status.refusals.map { RefusalOutput(id: $0.id, error: $0.reason, conflict: $0.isConflict) }
            return ReplicaResponse(status: 200, body: try JSONEncoder().encode(SyncPullOutput(
                clientID: client, lastMutationID: status.lastMutationID, lastSequence: status.lastSequence, refused: refused, events: []
            )))
        case ("POST", "/api/sync/push"):
            let push = try JSONDecoder().decode(Push.self, from: request.body ?? Data())
            let mutations = push.mutations.map(\.mutation)
            let results = try await engine.sync.push(mutations, client: push.clientID, actor: request.headers["X-Kanban-Actor"] ?? "origin")
            let status = try engine.sync.status(client: push.clientID, refusedAfter: .max)
            let outputs = zip(mutations, results).map { MutationResultOutput(id: $0.id, result: $1) }
            return ReplicaResponse(status: 200, body: try JSONEncoder().encode(SyncPushOutput(
                clientID: push.clientID, lastMutationID: status.lastMutationID, lastSequence: status.lastSequence, results: outputs
            )))
        default:
            return ReplicaResponse(status: 404, body: Data(#"{"error":"no such route"}"#.utf8))
        }
    }

    /// The body of a push, as far as this origin reads it.
    private struct Push: Decodable {
        let clientID: String
        let mutations: [MutationWire]
    }
}

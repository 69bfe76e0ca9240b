import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput
import NIOCore

/// `/api/sync/push` and `/api/sync/pull`: offline-first clients. A client numbers the changes it
/// makes on its own copy (mutations 1, 2, 3…) and pushes them when it can; the server decides
/// each exactly once, in order, on the latest state, keeping the client's last mutation decided
/// in the same transaction as the events (``EngineSync/push(_:client:actor:ownerOnly:)``). The answer,
/// an `ack` frame on the client's live streams and the pull all say where it stands.
struct SyncRoutes {
    let engine: KanbanEngine
    let acknowledgements: SyncAcknowledgements
    /// Whether a client id belongs to the actor who first pushed as it: on a server with tokens,
    /// where actors are proven (without them anyone may name any actor).
    let ownerOnly: Bool

    /// The largest push body taken: 1,000 mutations of the longest texts fit.
    static let maxPushSize = 8 * 1024 * 1024

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("sync/push") { request, context in
            var request = request
            let bytes: ByteBuffer
            do {
                bytes = try await request.collectBody(upTo: Self.maxPushSize)
            } catch is NIOTooManyBytesError {
                throw APIError(.contentTooLarge, "a push is at most 8 MiB; send fewer mutations at once")
            }
            let body = try JSONDecoder().decode(SyncPushBody.self, from: Data(bytes.readableBytesView))
            let mutations = body.mutations.map(\.mutation)
            let results = try await engine.sync.push(mutations, client: body.clientID, actor: context.actor, ownerOnly: ownerOnly)
            let status = try engine.sync.status(client: body.clientID, refusedAfter: .max)
            let outputs = zip(mutations, results).map { mutation, result in
                MutationResultOutput(id: mutation.id, result: result, reason: Self.reason)
            }
            // Only refusals: a `reused` result has an error too, but decided nothing.
            let refused = outputs.filter { $0.status == "refused" }.compactMap { output in
                output.error.map { RefusalOutput(id: output.id, error: $0, conflict: output.conflict ?? false, code: output.code, values: output.values) }
            }
            let decided = outputs.filter { $0.status == "applied" || $0.status == "refused" }.map(\.id)
            if let from = decided.min(), let through = decided.max() {
                try acknowledgements.send(SyncAckOutput(
                    clientID: body.clientID, from: from, through: through,
                    lastMutationID: status.lastMutationID, lastSequence: status.lastSequence, refused: refused
                ))
            }
            return try JSONResponse.make(SyncPushOutput(
                clientID: body.clientID, lastMutationID: status.lastMutationID, lastSequence: status.lastSequence, results: outputs
            ))
        }
        api.get("sync/pull") { request, context in
            let query = QueryValues(request: request)
            guard let client = query.text("client") else { throw APIError(.badRequest, "'client' is missing: give the client's id") }
            if ownerOnly { try engine.sync.checkOwner(of: client, actor: context.actor) }
            let after: UInt64 = try query.integer("after") ?? 0
            let refusedAfter: UInt64 = try query.integer("refusedAfter") ?? 0
            let limit = try ListPage.limit(of: request)
            let status = try engine.sync.status(client: client, refusedAfter: refusedAfter, limit: ListPage.maximumLimit)
            // A position past the log's end, or one the shared log lost: the client starts over.
            let reset = try engine.sync.mustStartOver(after: after, logEnd: status.lastSequence)
                ? SyncResetOutput(asked: after, lastSequence: status.lastSequence) : nil
            let read = try engine.events(after: reset == nil ? after : 0, limit: limit)
            // Only the boards the person may read now; the page still ends where the log's read did.
            let events = context.isAdministrator ? read : try engine.withState { state in
                read.filter { state.mayRead($0.board, as: context.principal) }
            }
            let output = SyncPullOutput(
                clientID: client,
                lastMutationID: status.lastMutationID,
                lastSequence: status.lastSequence,
                refused: status.refusals.map { RefusalOutput(id: $0.id, error: APIError.overHTTP($0.reason), conflict: $0.isConflict) },
                events: events.map(EventOutput.init(event:)),
                reset: reset
            )
            let response = try JSONResponse.make(output)
            return ListPage.linkingNext(response, request: request, count: read.count, limit: limit, cursor: "after", value: read.last?.sequence)
        }
    }

    /// A refusal as the API words it (its hints name the body's keys, not the CLI's flags).
    private static func reason(_ error: KanbanError) -> String {
        APIError(for: error).message
    }
}

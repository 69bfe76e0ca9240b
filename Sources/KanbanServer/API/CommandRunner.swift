import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import NIOCore

/// Carries out the command a write request stands for and answers it. With an
/// `Idempotency-Key` header, the answer is kept in the database in the same transaction as
/// the events, and a retry with that key gets it again (`Idempotent-Replayed: true`) without
/// carrying anything out — also after a restart. The same key sent with a different request
/// is refused (422).
struct CommandRunner: Sendable {
    let engine: KanbanEngine

    /// The longest idempotency key taken.
    static let maxKeyLength = 255

    /// Carries out `command` for `request` as `context.actor`; `answer` makes the success answer
    /// from what was appended. `body` is the request's body, part of its fingerprint.
    func run(
        _ command: Command,
        request: Request,
        context: KanbanRequestContext,
        body: ByteBuffer?,
        answer: @escaping @Sendable (CommandOutcome) throws -> (HTTPResponse.Status, [UInt8])
    ) async throws -> Response {
        guard let key = request.headers[.idempotencyKey] else {
            let outcome = try await engine.perform(command, actor: context.actor)
            let (status, bytes) = try answer(outcome)
            return JSONResponse.bytes(bytes, status: status)
        }
        guard !key.isEmpty, key.utf8.count <= Self.maxKeyLength else {
            throw APIError(.badRequest, "Idempotency-Key must be 1 to \(Self.maxKeyLength) bytes")
        }
        let fingerprint = StoredAnswer.fingerprint([
            Array(request.method.rawValue.utf8), Array(request.uri.path.utf8), body.map { Array($0.readableBytesView) } ?? [],
        ])
        let remembered = try await engine.perform(command, actor: context.actor, idempotencyKey: key) { outcome in
            Self.storedAnswer(for: outcome, fingerprint: fingerprint, answer: answer).bytes
        }
        guard let stored = StoredAnswer(bytes: remembered.bytes) else {
            throw APIError(.internalServerError, "the answer kept for this Idempotency-Key cannot be read")
        }
        guard stored.fingerprint == fingerprint else {
            throw APIError(.unprocessableContent, "Idempotency-Key '\(key)' was used for a different request")
        }
        var response = JSONResponse.bytes(stored.body, status: HTTPResponse.Status(code: stored.status))
        if remembered.isReplay { response.headers[.idempotentReplayed] = "true" }
        return response
    }

    /// The answer to keep for `outcome`: the success answer, or the rejection's error.
    private static func storedAnswer(
        for outcome: Result<CommandOutcome, any Error>,
        fingerprint: UInt64,
        answer: (CommandOutcome) throws -> (HTTPResponse.Status, [UInt8])
    ) -> StoredAnswer {
        do {
            let (status, body) = try answer(try outcome.get())
            return StoredAnswer(fingerprint: fingerprint, status: status.code, body: body)
        } catch {
            let failure = APIError(for: error)
            let body = (try? OutputJSON.encode(JSONResponse.ErrorBody(error: failure.message))).map(Array.init) ?? []
            return StoredAnswer(fingerprint: fingerprint, status: failure.status.code, body: body)
        }
    }
}

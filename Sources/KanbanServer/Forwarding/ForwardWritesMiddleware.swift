import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import NIOCore
import NIOHTTP1
import NIOPosix

/// On a node of a shared log, hands each write to the node holding the write lease
/// (``WriteForwarding/leader``) and answers with its answer. The holder carries out every
/// node's writes in its own batches, so nodes do not take turns on the log. A read here after
/// such an answer waits until this node's own copy of the log holds the write (its follower
/// copies it in a few milliseconds): whoever wrote through this node reads their write here,
/// and a write's answer does not wait for the copy.
///
/// What it hands on: every `/api` write but signing in and out (sessions live on the node that
/// made them), sync pushes (their acknowledgements go out on the pushing client's stream,
/// which is here) and imports (large, and rare). The holder acts for the actor this node's
/// access check found, on the strength of the nodes' secret. When the holder refuses the
/// connection (it stopped; its lease has not lapsed yet), the write is carried out here, as
/// without a lease, and so are the writes of the next moments; when it fails after the request
/// went out, the answer is 503 and nothing is known kept: a retry with the same
/// `Idempotency-Key` is answered once. The holder's answers carry `X-Kanban-Log-Position`,
/// which this node reads and does not pass on; a success without it did not come from a node
/// of this log, and is answered 502.
struct ForwardWritesMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let forwarding: WriteForwarding
    let engine: KanbanEngine
    let metrics: ServerMetrics
    /// Whether this node signs people in: the holder must too.
    let signsIn: Bool

    /// How long a handed-on write may take, its answer's body included: longer than the
    /// holder's own wait for PostgreSQL (30 s), so a write answered 503 here was not kept there.
    static let timeout: TimeAmount = .seconds(35)
    /// The characters an actor keeps in `X-Kanban-Forwarded-Actor`: ASCII letters, digits and
    /// `-._~` (Foundation's `.alphanumerics` would leave Korean letters as they are).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// How long a read waits for this node's copy of the log to hold a write the holder
    /// answered; past it, the read answers anyway.
    static let catchUpLimit: Duration = .seconds(2)
    /// The largest answer taken back.
    static let largestAnswer = 32 << 20

    /// The client of every handed-on write, for the life of the process: a refused connection
    /// fails at once (the write is then carried out here), and enough connections for every
    /// writer waiting on the holder at once.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 128
        configuration.timeout.connect = .seconds(1)
        configuration.decompression = .disabled
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Request fields not handed on: the connection's own, the credential (the holder takes the
    /// actor from this node), and `Origin` (checked here against this node's name).
    private static let fieldsLeft: Set<HTTPField.Name> = [
        .hostHeader, .connection, .transferEncoding, .contentLength, .authorization, .cookie, .origin, .kanbanActor,
        .kanbanNodeSignature, .kanbanForwardedActor, .kanbanForwardedSignIn, .expect, .te, .upgrade, HTTPField.Name("Keep-Alive")!,
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if context.isForwarded {
            // A refusal is answered here, so that every answer to a handed-on write carries the
            // position (`/metrics` counts such answers apart by it).
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                response = ErrorMiddleware.answer(error, to: request, context: context)
            }
            // The write is kept whatever happens here.
            response.headers[.kanbanLogPosition] = (try? engine.lastSequence()).map(String.init) ?? "0"
            return response
        }
        if !AccessMiddleware.isWrite(request.method), request.uri.path.hasPrefix("/api/"), let floor = forwarding.readFloor {
            // A read after a write the holder answered shows that write. A copy that does not
            // come within the limit (PostgreSQL unreachable) holds up this read only.
            let holds = try await engine.waitForLog(through: floor, timeout: Self.catchUpLimit)
            forwarding.saw(holds ? try engine.lastSequence() : floor)
        }
        guard Self.isHandedOn(request), let leader = forwarding.leader else { return try await next(request, context) }
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        // The path and query only: a request line in absolute form names this node's host.
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        var outgoing = HTTPClientRequest(url: leader + target)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers where !Self.fieldsLeft.contains(field.name) { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        let actor = context.actor.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? context.actor
        let signIn = signsIn ? "1" : "0"
        outgoing.headers.add(name: HTTPField.Name.kanbanForwardedActor.rawName, value: actor)
        outgoing.headers.add(name: HTTPField.Name.kanbanForwardedSignIn.rawName, value: signIn)
        outgoing.headers.add(
            name: HTTPField.Name.kanbanNodeSignature.rawName,
            value: NodeSignature.field(
                secret: forwarding.secret, method: request.method.rawValue, target: target, actor: actor, signIn: signIn,
                body: body.readableBytesView, at: Int64(Date().timeIntervalSince1970)
            )
        )
        outgoing.body = .bytes(body)
        let deadline = NIODeadline.now() + Self.timeout
        let keyed = request.headers[.idempotencyKey] != nil
        var answer: HTTPClientResponse?
        for attempt in 1...2 where answer == nil {
            do {
                answer = try await Self.client.execute(outgoing, deadline: deadline)
            } catch where Self.neverSent(error) {
                // Nothing reached the holder: the write is carried out here, through the log's claim.
                forwarding.markUnreachable(leader)
                metrics.recordForwardedWrite(carriedOutHere: true)
                return try await next(request, context)
            } catch let error as HTTPClientError where error == .remoteConnectionClosed && keyed && attempt == 1 {
                // A kept connection the holder closed (it restarted): a keyed write is asked again,
                // and answered once whether or not the first try reached it.
                continue
            } catch {
                throw APIError(.serviceUnavailable, "the node carrying out writes did not answer (\(error)); retry with the same Idempotency-Key")
            }
        }
        guard let answer else { throw APIError(.serviceUnavailable, "the node carrying out writes did not answer; retry with the same Idempotency-Key") }
        let answerBody: ByteBuffer
        do {
            answerBody = try await answer.body.collect(upTo: Self.largestAnswer)
        } catch {
            throw APIError(.serviceUnavailable, "the node carrying out writes broke off its answer (\(error)); retry with the same Idempotency-Key")
        }
        let position = answer.headers.first(name: HTTPField.Name.kanbanLogPosition.rawName).flatMap(UInt64.init)
        if position == nil, (200..<400).contains(answer.status.code) {
            // A node of this log answers every write handed to it with its position (its access
            // check's refusals aside); a success without one came from something else at the
            // lease's address, and nothing of it is in the log.
            throw APIError(
                .badGateway,
                "\(leader), where the write lease's holder says it is, answered \(answer.status.code) without a log position: it is not a node of this log (check that node's --advertise); nothing was kept, retry with the same Idempotency-Key"
            )
        }
        metrics.recordForwardedWrite(carriedOutHere: false)
        if let position { forwarding.raiseFloor(to: position) }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            // The position is between the nodes (and marks, here, an answer to a handed-on write).
            guard let name = HTTPField.Name(name),
                ![.connection, .transferEncoding, .contentLength, HTTPField.Name("Keep-Alive")!, .kanbanLogPosition].contains(name)
            else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return Response(status: HTTPResponse.Status(code: Int(answer.status.code)), headers: fields, body: ResponseBody(byteBuffer: answerBody))
    }

    /// Whether `request` is a write handed to the lease holder.
    static func isHandedOn(_ request: Request) -> Bool {
        // By segments, as the router matches them (a trailing slash names the same route).
        let segments = request.uri.path.split(separator: "/").map(String.init)
        guard AccessMiddleware.isWrite(request.method), segments.first == "api", segments.count > 1 else { return false }
        return ![["api", "session"], ["api", "sync", "push"], ["api", "import", "trello"]].contains(segments)
    }

    /// Whether `error` says the request never reached the holder (no connection was made).
    static func neverSent(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError, error == .connectTimeout { return true }
        if error is NIOConnectionError { return true }
        if let error = error as? IOError, [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode) { return true }
        if case ChannelError.connectTimeout = error { return true }
        return false
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The replica's HTTP transport, on AsyncHTTPClient: the SwiftNIO event loops the `kanban`
/// binary runs its server on anyway, no thread of its own, nothing blocking Swift's
/// cooperative pool. (Foundation's `URLSession` would bring libcurl and its TLS stack into
/// every process: 6 ms and 7 MiB more for `kanban board`.)
///
/// Each request gets a client of its own, shut down before ``send(_:)`` returns, and a
/// connection of its own (`Connection: close`): a clone or sync makes a handful of requests,
/// and a flaky network never meets a pooled connection that died meanwhile. Redirects are
/// not followed, and a connection that cannot be made fails at once, not after retries.
///
/// An origin may send anything, so what it sends is bounded: connecting and each wait for its
/// next bytes by ``timeout``, all the requests of one clone or sync together by
/// ``overallTimeout`` (an origin that sends a byte a second is cut there), an answer's body by
/// ``largestAnswer`` (collected up to it, never past it); a status, `Content-Length` or chunk
/// size that is malformed, or a `Content-Length` over the largest answer, is refused.
public struct HTTPClientReplicaTransport: ReplicaTransport {
    /// Seconds connecting, and each wait for the origin's next bytes, may take.
    public var timeout: Int
    /// Seconds all the requests sent through this transport may take together, from its
    /// making; `nil` for no bound but ``timeout``.
    public let overallTimeout: Int?
    /// When ``overallTimeout`` runs out.
    private let deadline: ContinuousClock.Instant?
    /// The largest body read; ``largestAnswer`` but in tests.
    var largestBody = Self.largestAnswer

    /// The largest answer read: a page of the log is far smaller.
    public static let largestAnswer = 256 * 1024 * 1024

    public init(timeout: Int = 30, overallTimeout: Int? = nil) {
        self.timeout = timeout
        self.overallTimeout = overallTimeout
        deadline = overallTimeout.map { ContinuousClock.now + .seconds($0) }
    }

    public func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
        let failure = Failure(origin: Self.origin(of: request.url), overallTimeout: overallTimeout, largestBody: largestBody)
        // AsyncHTTPClient speaks TLS too; `https://` waits for a test against a TLS origin.
        guard request.url.scheme?.lowercased() == "http", let host = request.url.host, !host.isEmpty else {
            throw failure.unreachable("only http:// origins can be reached (an https one through a tunnel, such as ssh -L)")
        }
        if let port = request.url.port, !(1...65_535).contains(port) { throw failure.unreachable("port \(port) is out of range") }
        if let deadline, deadline <= .now { throw failure.overdue }
        do {
            return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
                try await withinDeadline { try await exchange(request, on: client, failure: failure) }
            }
        } catch {
            throw failure.replicaError(for: error)
        }
    }

    /// The client's settings: ``timeout`` for connecting, reading and writing; no redirects;
    /// HTTP/1.1 (an `https://` origin too, so `Connection: close` means what it says); a failed
    /// connection not retried.
    private var configuration: HTTPClient.Configuration {
        let limit = TimeAmount.seconds(Int64(timeout))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: limit, read: limit, write: limit)
        )
        configuration.httpVersion = .http1Only
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Sends `request` through `client` and collects the whole answer.
    private func exchange(_ request: ReplicaRequest, on client: HTTPClient, failure: Failure) async throws -> ReplicaResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        outgoing.headers.replaceOrAdd(name: "Connection", value: "close")
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let answer = try await client.execute(outgoing, deadline: nioDeadline)
        // Refused before its body is waited for; NIO has checked it is a number.
        if let text = answer.headers.first(name: "content-length"), UInt64(text).map({ $0 > UInt64(largestBody) }) ?? true {
            throw failure.refused("the Content-Length \(Failure.shown(text)) is over the largest answer, \(largestBody) bytes")
        }
        let body = try await answer.body.collect(upTo: largestBody)
        var headers: [String: String] = [:]
        for (name, value) in answer.headers {
            let name = name.lowercased()
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return ReplicaResponse(status: Int(answer.status.code), headers: headers, body: Data(body.readableBytesView))
    }

    /// Runs `operation`, cancelled when the ``overallTimeout`` runs out: the client's own
    /// deadline ends with the answer's head, and a body dripped a byte at a time would outlast it.
    private func withinDeadline<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        guard let deadline else { return try await operation() }
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Failure.Overdue() }
            return value
        }
    }

    /// The overall deadline as the client takes it.
    private var nioDeadline: NIODeadline {
        guard let deadline else { return .distantFuture }
        let left = deadline - ContinuousClock.now
        let (seconds, attoseconds) = left.components
        return .now() + .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// `scheme://host:port` of `url`, for messages.
    static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? url.absoluteString
    }
}

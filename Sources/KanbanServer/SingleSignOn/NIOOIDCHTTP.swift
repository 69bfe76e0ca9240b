import AsyncHTTPClient
import Foundation
import NIOCore

/// ``OIDCHTTP`` over AsyncHTTPClient: SwiftNIO and its TLS, as the rest of the server, and not
/// Foundation's `URLSession`, which would bring libcurl into every `kanban` process and keep the
/// binary from linking the Swift runtime statically. Each request, its answer's body included,
/// is limited to ``timeout``, each answer to ``largestBody`` bytes; redirects are followed, at
/// most five.
struct NIOOIDCHTTP: OIDCHTTP {
    /// How long one request to the provider may take, from its start to its answer's last byte.
    let timeout: TimeAmount
    /// The largest answer taken from the provider (discovery, keys and tokens are a few KiB).
    let largestBody: Int

    /// The client of every request to a provider, for the life of the process (never shut down,
    /// as `HTTPClient.shared` is not): the shared client's settings, but a refused connection
    /// fails at once. The shared client tries to connect again until the deadline, so a sign-in
    /// with the provider down waited the whole ``timeout`` to say so.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    init(timeout: TimeAmount = .seconds(10), largestBody: Int = 1 << 20) {
        self.timeout = timeout
        self.largestBody = largestBody
    }

    func get(_ url: URL) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        return try await send(request, to: url)
    }

    func post(_ url: URL, form: [(String, String)], basic: (user: String, password: String)?) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        if let basic {
            // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
            let pair = "\(Self.formEncoded(basic.user)):\(Self.formEncoded(basic.password))"
            request.headers.add(name: "Authorization", value: "Basic \(Data(pair.utf8).base64EncodedString())")
        }
        request.body = .bytes(ByteBuffer(string: Self.formBody(form)))
        return try await send(request, to: url)
    }

    private func send(_ request: HTTPClientRequest, to url: URL) async throws -> (status: Int, body: Data) {
        let host = url.host ?? "the provider"
        let deadline = NIODeadline.now() + timeout
        let largestBody = largestBody
        do {
            let response = try await Self.client.execute(request, deadline: deadline)
            // AsyncHTTPClient's deadline ends at the answer's head: the body, which a provider may
            // send a byte at a time, is cancelled at the same deadline by a timer on an event loop
            // (not a sleeping task, which a busy task pool could wake late).
            let collecting = Task { try await response.body.collect(upTo: largestBody) }
            let timer = Self.client.eventLoopGroup.any().scheduleTask(deadline: deadline) { collecting.cancel() }
            defer { timer.cancel() }
            let body: ByteBuffer
            do {
                body = try await withTaskCancellationHandler { try await collecting.value } onCancel: { collecting.cancel() }
            } catch is CancellationError {
                throw HTTPClientError.deadlineExceeded
            } catch let error as HTTPClientError where error == .cancelled {
                throw HTTPClientError.deadlineExceeded
            }
            return (Int(response.status.code), Data(body.readableBytesView))
        } catch is NIOTooManyBytesError {
            throw OIDCError.unreachable("an answer over \(largestBody / 1024) KiB from \(host)")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw OIDCError.unreachable("\(host) did not answer within \(timeout.nanoseconds / 1_000_000_000) s")
        } catch {
            throw OIDCError.unreachable("could not reach \(host): \(error)")
        }
    }
}

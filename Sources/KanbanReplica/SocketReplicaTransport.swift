import Foundation
#if canImport(Glibc)
import Glibc
private let systemSend = Glibc.send
private let systemConnect = Glibc.connect
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin
private let systemSend = Darwin.send
private let systemConnect = Darwin.connect
private let streamSocket = SOCK_STREAM
#endif

/// The replica's HTTP transport: HTTP/1.1 over a plain TCP connection, one request per
/// connection (`Connection: close`), on a thread of its own so a slow origin never holds Swift's
/// cooperative pool. It needs no networking library, so every `kanban` process starts as fast
/// as before replicas existed (Foundation's `URLSession` brings libcurl and its TLS stack into
/// each process: 6 ms and 7 MiB more for `kanban board`).
///
/// Plain `http://` only: `kanban serve` speaks no TLS itself, and an origin behind a TLS proxy
/// is reached through a tunnel (`ssh -L 8080:127.0.0.1:8080 host`).
///
/// An origin may send anything, so what it sends is bounded: each wait for its next bytes by
/// ``timeout``, all the requests of one clone or sync together by ``overallTimeout`` (an origin
/// that sends a byte a second is cut there), an answer by ``largestAnswer``; a number in the
/// answer that is malformed or too large is refused (``HTTPAnswer``).
public struct SocketReplicaTransport: ReplicaTransport {
    /// Seconds connecting, and each wait for the origin's next bytes, may take.
    public var timeout: Int
    /// Seconds all the requests sent through this transport may take together, from its
    /// making; `nil` for no bound but ``timeout``.
    public let overallTimeout: Int?
    /// When ``overallTimeout`` runs out.
    private let deadline: ContinuousClock.Instant?

    /// The largest answer read: a page of the log is far smaller.
    public static let largestAnswer = 256 * 1024 * 1024

    public init(timeout: Int = 30, overallTimeout: Int? = nil) {
        self.timeout = timeout
        self.overallTimeout = overallTimeout
        deadline = overallTimeout.map { ContinuousClock.now + .seconds($0) }
    }

    public func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
        let transport = self
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try transport.exchange(request) })
            }
        }
    }

    /// Sends `request` and reads the whole answer, blocking the calling thread.
    func exchange(_ request: ReplicaRequest) throws -> ReplicaResponse {
        let origin = Self.origin(of: request.url)
        func unreachable(_ reason: String) -> ReplicaError { .unreachable(origin: origin, reason: reason) }
        let overdue = unreachable("gave up after \(overallTimeout ?? 0) s, the time a clone or sync may take (its --timeout)")
        guard request.url.scheme?.lowercased() == "http", let host = request.url.host, !host.isEmpty else {
            throw unreachable("only http:// origins can be reached (an https one through a tunnel, such as ssh -L)")
        }
        let port = request.url.port ?? 80
        guard (1...65_535).contains(port) else { throw unreachable("port \(port) is out of range") }
        guard let firstWait = nextWait() else { throw overdue }
        let descriptor = try Self.connect(host: host, port: port, timeout: firstWait, unreachable: unreachable)
        defer { close(descriptor) }

        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let authority = (host.contains(":") ? "[\(host)]" : host) + (request.url.port.map { ":\($0)" } ?? "")
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if let body = request.body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if let body = request.body { bytes += body }
        #if os(Linux)
        let noSignal = Int32(MSG_NOSIGNAL)
        #else
        let noSignal: Int32 = 0
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var sent = 0
        while sent < bytes.count {
            guard let limit = nextWait() else { throw overdue }
            Self.bound(descriptor, SO_SNDTIMEO, to: limit)
            let count = bytes[sent...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else {
                if nextWait() == nil { throw overdue }
                throw unreachable(errno == EAGAIN || errno == EWOULDBLOCK ? "timed out" : "the connection broke")
            }
            sent += count
        }

        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var answerHead: (end: Int, fields: HTTPAnswer.Head)?
        while true {
            guard let limit = nextWait() else { throw overdue }
            Self.bound(descriptor, SO_RCVTIMEO, to: limit)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else {
                if nextWait() == nil { throw overdue }
                throw unreachable(errno == EAGAIN || errno == EWOULDBLOCK ? "timed out" : "the connection broke")
            }
            answer += buffer[..<count]
            guard answer.count <= Self.largestAnswer else { throw unreachable("the answer is larger than \(Self.largestAnswer >> 20) MiB") }
            do throws(HTTPAnswerFault) {
                // The header block is checked as soon as it is whole: a Content-Length too large
                // is refused before its body is waited for.
                if answerHead == nil, let end = answer.firstRange(of: HTTPAnswer.headEnd) {
                    answerHead = (end.upperBound, try HTTPAnswer.head(answer[..<end.lowerBound], largestBody: Self.largestAnswer))
                } else if answerHead == nil, answer.count > HTTPAnswer.largestHead {
                    throw .refused("the answer's header is over \(HTTPAnswer.largestHead / 1024) KiB")
                }
            } catch {
                throw Self.replicaError(error, origin: origin)
            }
            // A whole answer by its Content-Length is read: the close need not be waited for.
            if let answerHead, let length = answerHead.fields.contentLength, answer.count - answerHead.end >= length { break }
        }
        do {
            return try HTTPAnswer(answer, largestBody: Self.largestAnswer).response
        } catch {
            throw Self.replicaError(error, origin: origin)
        }
    }

    /// How long the next wait may last: ``timeout``, or less when the deadline is nearer;
    /// `nil` once the deadline has passed.
    private func nextWait() -> Duration? {
        let perRead = Duration.seconds(timeout)
        guard let deadline else { return perRead }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        return min(perRead, left)
    }

    /// Bounds the socket's `option` (send or receive timeout) to `limit`.
    private static func bound(_ descriptor: Int32, _ option: Int32, to limit: Duration) {
        let (seconds, attoseconds) = limit.components
        // A zero timeval would mean no bound at all.
        var value = timeval(tv_sec: .init(seconds), tv_usec: .init(max(attoseconds / 1_000_000_000_000, seconds == 0 ? 1_000 : 0)))
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The error a fault in the origin's answer is.
    private static func replicaError(_ fault: HTTPAnswerFault, origin: String) -> ReplicaError {
        switch fault {
        case .brokeOff: .unreachable(origin: origin, reason: "the answer is not HTTP, or it broke off")
        case .refused(let reason): .unreadableAnswer(origin: origin, reason: reason)
        }
    }

    /// A socket connected to `host`:`port` (each address the name has, in turn), with send,
    /// receive and connect bounded by `timeout` seconds.
    private static func connect(host: String, port: Int, timeout: Duration, unreachable: (String) -> ReplicaError) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocket
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw unreachable("no such host") }
        defer { freeaddrinfo(first) }
        var reason = "connection refused"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            // On Linux the send timeout bounds connect() too.
            bound(descriptor, SO_SNDTIMEO, to: timeout)
            bound(descriptor, SO_RCVTIMEO, to: timeout)
            if systemConnect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            reason = switch errno {
            case ECONNREFUSED: "connection refused"
            case ETIMEDOUT, EINPROGRESS, EAGAIN: "timed out"
            case ENETUNREACH, EHOSTUNREACH: "no route to the host"
            default: String(cString: strerror(errno))
            }
            close(descriptor)
        }
        throw unreachable(reason)
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

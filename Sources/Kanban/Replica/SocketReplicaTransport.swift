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
/// is reached through a tunnel (`ssh -L 8080:127.0.0.1:8080 host`). An answer larger than
/// ``largestAnswer`` is refused.
public struct SocketReplicaTransport: ReplicaTransport {
    /// Seconds connecting, and each wait for the origin's next bytes, may take.
    public var timeout: Int

    /// The largest answer read: a page of the log is far smaller.
    public static let largestAnswer = 256 * 1024 * 1024

    public init(timeout: Int = 30) {
        self.timeout = timeout
    }

    public func send(_ request: ReplicaRequest) async throws -> ReplicaResponse {
        let timeout = self.timeout
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.exchange(request, timeout: timeout) })
            }
        }
    }

    /// Sends `request` and reads the whole answer, blocking the calling thread.
    static func exchange(_ request: ReplicaRequest, timeout: Int) throws -> ReplicaResponse {
        let origin = Self.origin(of: request.url)
        func unreachable(_ reason: String) -> ReplicaError { .unreachable(origin: origin, reason: reason) }
        guard request.url.scheme?.lowercased() == "http", let host = request.url.host, !host.isEmpty else {
            throw unreachable("only http:// origins can be reached (an https one through a tunnel, such as ssh -L)")
        }
        let port = request.url.port ?? 80
        guard (1...65_535).contains(port) else { throw unreachable("port \(port) is out of range") }
        let descriptor = try connect(host: host, port: port, timeout: timeout, unreachable: unreachable)
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
            let count = bytes[sent...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { throw unreachable(errno == EAGAIN ? "timed out" : "the connection broke") }
            sent += count
        }

        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw unreachable(errno == EAGAIN || errno == EWOULDBLOCK ? "timed out" : "the connection broke") }
            answer += buffer[..<count]
            guard answer.count <= largestAnswer else { throw unreachable("the answer is larger than \(largestAnswer >> 20) MiB") }
        }
        guard let response = HTTPAnswer(answer) else { throw unreachable("the answer is not HTTP, or it broke off") }
        return response.response
    }

    /// A socket connected to `host`:`port` (each address the name has, in turn), with send,
    /// receive and connect bounded by `timeout` seconds.
    private static func connect(host: String, port: Int, timeout: Int, unreachable: (String) -> ReplicaError) throws -> Int32 {
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
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            // On Linux the send timeout bounds connect() too.
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
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

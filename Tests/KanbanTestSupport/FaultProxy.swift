import Foundation

/// A TCP proxy on 127.0.0.1 between an HTTP client and a server, for tests of what a flaky
/// network does: each connection it accepts takes the next fault from its queue (none when
/// the queue is empty) — the request dropped before the server sees it, the answer cut after
/// the server committed and answered, or the answer held back a while. One request per
/// connection (`Connection: close`), as the replica's transport sends them.
public final class FaultProxy: @unchecked Sendable {
    /// What happens to one connection's request and answer.
    public enum Fault: Sendable, Equatable {
        /// Passed both ways.
        case none
        /// The request never reaches the server: the client's connection is closed.
        case dropRequest
        /// The server gets the request and answers; the client's connection is closed before
        /// any of the answer reaches it.
        case cutAnswer
        /// The answer reaches the client after this many milliseconds.
        case delayAnswer(milliseconds: Int)
    }

    /// The port clients connect to.
    public let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var faults: [Fault] = []
    private var seen: [Fault] = []

    /// Listens on a free port and forwards to 127.0.0.1:`upstreamPort`.
    public init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackSocket.listen(backlog: 64, what: "the proxy")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { close(listener) }

    /// Queues faults for the next connections, in order.
    public func inject(_ next: Fault...) {
        lock.withLock { faults += next }
    }

    /// The faults applied so far, one per connection, in order.
    public var applied: [Fault] { lock.withLock { seen } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let fault = lock.withLock { () -> Fault in
                let next = faults.isEmpty ? Fault.none : faults.removeFirst()
                seen.append(next)
                return next
            }
            Thread.detachNewThread { [self] in handle(client, fault) }
        }
    }

    private func handle(_ client: Int32, _ fault: Fault) {
        defer { close(client) }
        guard let request = Self.readRequest(client), fault != .dropRequest,
              let upstream = try? LoopbackSocket.connect(port: upstreamPort, timeout: 30)
        else { return }
        defer { close(upstream) }
        guard Self.sendAll(request, to: upstream) else { return }
        let answer = Self.readToEnd(upstream)
        switch fault {
        case .cutAnswer, .dropRequest: return
        case .delayAnswer(let milliseconds): Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
        case .none: break
        }
        _ = Self.sendAll(answer, to: client)
    }

    /// A whole request: its head and the `Content-Length` bytes of body after it.
    private static func readRequest(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = bytes.firstRange(of: separator) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if bytes.count - end.upperBound >= length { return bytes }
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            bytes += buffer[..<count]
        }
    }

    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    private static func sendAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }
}

import Foundation

/// A tiny HTTP server on 127.0.0.1 that answers whatever a test tells it to, for tests of a
/// client facing a hostile origin: a chunk size no `Int` holds, a `Content-Length` over
/// `Int.max`, an answer sent a byte at a time. Each connection's request is read whole, then
/// answered with the next of ``answers`` (the last one again once they run out), then closed.
public final class HostileOrigin: @unchecked Sendable {
    /// How one connection is answered.
    public enum Answer: Sendable {
        /// These bytes, then the connection is closed.
        case bytes([UInt8])
        /// `head`, then one byte every `interval` seconds for as long as the client reads.
        case drip(head: [UInt8], interval: Double)

        /// `text` as bytes, then the close.
        public static func text(_ text: String) -> Answer { .bytes(Array(text.utf8)) }
    }

    /// The port clients connect to.
    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var answers: [Answer]
    private var served = 0
    private var received: [String] = []

    /// The requests read so far, head and body, in the order they came whole.
    public var requests: [String] { lock.withLock { received } }

    /// Listens on a free port; connection *n* gets `answers[n]`, the last for every later one.
    public init(answers: [Answer]) throws {
        precondition(!answers.isEmpty)
        self.answers = answers
        (listener, port) = try LoopbackSocket.listen(backlog: 16, what: "the hostile origin")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops listening: later connections are refused.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit { close(listener) }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let answer = lock.withLock { () -> Answer in
                defer { served += 1 }
                return answers[min(served, answers.count - 1)]
            }
            Thread.detachNewThread { [self] in handle(client, answer) }
        }
    }

    private func handle(_ client: Int32, _ answer: Answer) {
        defer { close(client) }
        guard let request = Self.readRequest(client) else { return }
        lock.withLock { received.append(String(decoding: request, as: UTF8.self)) }
        switch answer {
        case .bytes(let bytes):
            _ = Self.sendAll(bytes, to: client)
        case .drip(let head, let interval):
            guard Self.sendAll(head, to: client) else { return }
            while Self.sendAll([UInt8(ascii: "x")], to: client) { Thread.sleep(forTimeInterval: interval) }
        }
    }

    /// Reads a request's head and its `Content-Length` bytes of body; `nil` unless it came whole.
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

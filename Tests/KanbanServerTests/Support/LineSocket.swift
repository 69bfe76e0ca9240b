import Foundation
import KanbanTestSupport

/// A plain TCP connection to a live server that sends a request and reads the answer line by
/// line, as an EventSource does (HummingbirdTesting's clients wait for the whole body, which a
/// live stream never ends). Each read blocks a thread of its own, never Swift's cooperative pool
/// (on two cores, a blocked pool thread would starve the server under test) nor Dispatch's
/// global pool (on Linux it adds threads for blocked work only about once a second, so twenty
/// waiting reads under a loaded test run queue behind each other past their timeout).
final class LineSocket: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds. `receiveBuffer`
    /// bounds the kernel's receive buffer (a client that stops reading fills it soon).
    init(port: Int, timeout: Int = 5, receiveBuffer: Int32? = nil) throws {
        descriptor = try LoopbackSocket.connect(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
    }

    deinit { close(descriptor) }

    /// Sends `GET path` with `headers`.
    func get(_ path: String, headers: [String: String] = [:]) throws {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        guard send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw HarnessError(message: "send() failed") }
    }

    /// The next line (without its line end), or `nil` when the connection closed or timed out.
    private func readLine() -> String? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The next line, read on a thread of its own.
    func nextLine() async -> String? {
        await Self.onOwnThread { self.readLine() }
    }

    /// ``eventIDs(_:)``, read on a thread of its own.
    func nextEventIDs(_ count: Int) async -> [UInt64] {
        await Self.onOwnThread { self.eventIDs(count) }
    }

    /// ``eventIDsUntilEnd()``, read on a thread of its own.
    func nextEventIDsUntilEnd() async -> (ids: [UInt64], ended: Bool) {
        await Self.onOwnThread { self.eventIDsUntilEnd() }
    }

    /// What `read` returns, run on a new thread so that its blocking waits on no pool.
    private static func onOwnThread<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: read()) }.start()
        }
    }

    /// The `id:` of every event until the answer ends (its last chunk, `0`: `ended` is true) or
    /// the connection closes or times out.
    private func eventIDsUntilEnd() -> (ids: [UInt64], ended: Bool) {
        var ids: [UInt64] = []
        while let line = readLine() {
            if line == "0" { return (ids, true) }
            if line.hasPrefix("id: "), let id = UInt64(line.dropFirst(4)) { ids.append(id) }
        }
        return (ids, false)
    }

    /// The `id:` of the next `count` events of the stream, skipping everything else
    /// (chunk sizes, comments, `event:` and `data:` lines).
    private func eventIDs(_ count: Int) -> [UInt64] {
        var ids: [UInt64] = []
        while ids.count < count, let line = readLine() {
            if line.hasPrefix("id: "), let id = UInt64(line.dropFirst(4)) { ids.append(id) }
        }
        return ids
    }
}

import Foundation
import KanbanTestSupport
import Testing

/// `kanban serve` against connections that never finish: idle and half-sent requests are
/// closed after --idle-timeout, at most --max-connections are open at once, and a port in use
/// or a host that does not resolve is a clear line.
@Suite("kanban serve: connection limits")
struct CLIServeLimitsTests {
    /// A running `kanban serve` and the port it listens on.
    final class RunningServer {
        let process: Process
        let port: Int
        let directory: TemporaryDirectory

        init(_ extra: [String], events: Int = 0) throws {
            directory = try TemporaryDirectory()
            if events > 0 {
                _ = try KanbanBinary(database: directory.appending("serve.db")).succeed(["generate", "--events", String(events)])
            }
            (process, port) = try ServeProcess.start(database: directory.appending("serve.db"), extra: extra)
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            directory.remove()
        }
    }

    /// A raw TCP connection to 127.0.0.1:`port`.
    final class Connection {
        let descriptor: Int32

        init(port: Int, receiveBuffer: Int32? = nil) throws {
            descriptor = try LoopbackSocket.connect(port: port, receiveBuffer: receiveBuffer)
        }

        deinit { close(descriptor) }

        func send(_ text: String) {
            _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }

        /// What the server sends within `seconds`: the bytes, and whether it closed the connection.
        func receive(within seconds: Int) -> (text: String, closed: Bool) {
            var limit = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count == 0 { return (String(decoding: bytes, as: UTF8.self), true) }
                if count < 0 { return (String(decoding: bytes, as: UTF8.self), false) }
                bytes.append(contentsOf: buffer[..<count])
                if String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n{") { return (String(decoding: bytes, as: UTF8.self), false) }
            }
        }
    }

    @Test("An idle connection and one sending its headers a byte at a time are closed after --idle-timeout; a normal request is answered")
    func idleTimeout() throws {
        let server = try RunningServer(["--idle-timeout", "1"])
        defer { server.stop() }
        let idle = try Connection(port: server.port)
        let slow = try Connection(port: server.port)
        slow.send("GET /healthz HTTP/1.1\r\nHo")
        #expect(idle.receive(within: 5).closed)
        #expect(slow.receive(within: 5).closed)
        let normal = try Connection(port: server.port)
        normal.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(normal.receive(within: 5).text.hasPrefix("HTTP/1.1 200"))
    }

    @Test("Past --max-connections a new connection waits until one closes, then is answered")
    func connectionCap() throws {
        let server = try RunningServer(["--max-connections", "2", "--idle-timeout", "4"])
        defer { server.stop() }
        let first = try Connection(port: server.port)
        let second = try Connection(port: server.port)
        first.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(first.receive(within: 5).text.hasPrefix("HTTP/1.1 200"))
        _ = second
        let third = try Connection(port: server.port)
        third.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Not accepted while two are open; answered once the idle ones are closed.
        let waited = third.receive(within: 1)
        #expect(waited.text.isEmpty && !waited.closed)
        #expect(third.receive(within: 15).text.hasPrefix("HTTP/1.1 200"))
    }

    @Test("SIGTERM while a 4 MB answer goes to a slow client: the whole answer arrives, then the server exits 0")
    func drainOnTerm() throws {
        let server = try RunningServer([], events: 12_000)
        defer { server.stop() }
        let slow = try Connection(port: server.port, receiveBuffer: 4096)
        slow.send("GET /api/log?limit=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(slow.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        let first = recv(slow.descriptor, &buffer, buffer.count, 0)
        #expect(first > 0)
        bytes.append(contentsOf: buffer[..<max(first, 0)])
        kill(server.process.processIdentifier, SIGTERM)
        usleep(300_000)
        while true {
            let count = recv(slow.descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            usleep(200)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? -1
        #expect(length > 4_000_000)
        #expect(bytes.count - head.utf8.count - 4 == length)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test("A port in use and a host that does not resolve are one clear line and exit 1")
    func listenFailures() throws {
        let server = try RunningServer([])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kanban = try KanbanBinary(database: directory.appending("second.db"))
        let busy = try kanban.run("serve", "--port", String(server.port))
        #expect(busy.status == 1)
        #expect(busy.stderr == "kanban: port \(server.port) on 127.0.0.1 is in use by another program; stop it or choose another --port (0 picks a free one)\n")
        let tokens = directory.appending("tokens")
        try "ana s3cret-token-of-ana\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        chmod(tokens, 0o600)
        let unresolved = try kanban.run("serve", "--port", "0", "--host", "no-such-host.invalid", "--token-file", tokens)
        #expect(unresolved.status == 1)
        #expect(unresolved.stderr == "kanban: --host 'no-such-host.invalid' is not an address or a name this machine can resolve\n")
    }

    @Test("A bad chunk size is a 400 and Transfer-Encoding gzip a 501, each with a JSON line; a well-chunked body is taken; nothing bad is appended")
    func malformedFraming() throws {
        let server = try RunningServer([])
        defer { server.stop() }
        let head = "POST /api/boards/main/cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        let badChunk = try Connection(port: server.port)
        badChunk.send(head + "Transfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n")
        let bad = badChunk.receive(within: 5).text
        #expect(bad.hasPrefix("HTTP/1.1 400") && bad.contains("{\"error\":\"the request is not well-formed HTTP"), "\(bad)")
        let gzip = try Connection(port: server.port)
        gzip.send(head + "Transfer-Encoding: gzip\r\n\r\nabc")
        let refused = gzip.receive(within: 5).text
        #expect(refused.hasPrefix("HTTP/1.1 501") && refused.contains("Transfer-Encoding 'gzip' is not supported"), "\(refused)")
        let chunked = try Connection(port: server.port)
        chunked.send(head + "Transfer-Encoding: chunked\r\n\r\nf\r\n{\"title\": \"ok\"}\r\n0\r\n\r\n")
        #expect(chunked.receive(within: 5).text.hasPrefix("HTTP/1.1 201"))
        let log = try KanbanBinary(database: server.directory.appending("serve.db")).run("log", "--json")
        #expect(log.stdout.components(separatedBy: "\"cardAdded\"").count == 2, "\(log.stdout)")
    }

    @Test("Two Host lines on a real connection are a 400 whichever comes first: neither is taken for the other")
    func twoHostLines() throws {
        let server = try RunningServer([])
        defer { server.stop() }
        for hosts in [["evil.example", "127.0.0.1"], ["127.0.0.1", "evil.example"], ["127.0.0.1", "127.0.0.1"]] {
            let connection = try Connection(port: server.port)
            connection.send("GET /api/boards HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "\r\n")
            let answer = connection.receive(within: 5).text
            #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("{\"error\":\"a request has one Host header, not 2\"}"), "\(hosts): \(answer)")
        }
        let one = try Connection(port: server.port)
        one.send("GET /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(one.receive(within: 5).text.hasPrefix("HTTP/1.1 200"))
    }

    @Test("A request whose head cannot be read gets a 400 with a JSON line")
    func unreadableHead() throws {
        let server = try RunningServer([])
        defer { server.stop() }
        for head in ["GET /api/boards HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n", "NOT HTTP AT ALL\r\n\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: \u{01}\r\n\r\n"] {
            let connection = try Connection(port: server.port)
            connection.send(head)
            let answer = connection.receive(within: 5).text
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(head.debugDescription): \(answer)")
            #expect(answer.contains("\r\n\r\n{\"error\":\"the request is not well-formed HTTP"), "\(head.debugDescription): \(answer)")
            #expect(answer.lowercased().contains("content-type: application/json"), "\(answer)")
        }
        // A route's own 400 keeps its own line.
        let route = try Connection(port: server.port)
        route.send("GET /api/log?after=x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = route.receive(within: 5).text
        #expect(answer.hasPrefix("HTTP/1.1 400") && !answer.contains("not well-formed"), "\(answer)")
    }
}

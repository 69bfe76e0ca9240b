import Foundation
import KanbanPostgres
import KanbanTestSupport

/// A `kanban serve --store` process for a test, and plain HTTP/1.1 exchanges with it.
final class ServingNode {
    let process: Process
    let port: Int

    /// Starts a node of the shared log at `store` with its cache in `cache`; `advertising`:
    /// on a free port, with `--advertise` its own URL (it may hold the write lease), else on any.
    init(store: String, cache: String, advertising: Bool, extra: [String] = []) throws {
        let port = advertising ? try Self.freePort() : 0
        let advertised = advertising ? ["--advertise", "http://127.0.0.1:\(port)"] : []
        (process, self.port) = try ServeProcess.start(database: cache, port: port, extra: ["--store", store] + advertised + extra)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Kills the node with SIGKILL and waits for it.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// One answer: its status, its header fields (names lowercased) and its body.
    struct Answer {
        let status: Int
        let fields: [String: String]
        let body: String
    }

    /// `method path` with `fields` and `body` (JSON), on a connection of its own.
    func exchange(_ method: String, _ path: String, fields: [String: String] = [:], body: String? = nil) throws -> Answer {
        let socket = try LoopbackSocket.connect(port: port, timeout: 10)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        let bytes = body.map { Array($0.utf8) } ?? []
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + bytes
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var found: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            found[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, fields: found, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The value of the `/metrics` line that starts with `series` (0 when there is none).
    func metric(_ series: String) throws -> Double {
        let text = try exchange("GET", "/metrics").body
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.split(separator: " ").last ?? "") ?? 0
        }
        return 0
    }

    /// Why no port was free.
    struct NoFreePort: Error {}

    /// A port nobody listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(descriptor, pointer, length) == 0 else { return -1 }
                return getsockname(descriptor, pointer, &length)
            }
        }
        guard bound == 0 else { throw NoFreePort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A fresh shared log, its schema made, and the nodes a test starts on it, each with a cache of
/// its own in ``directory``.
final class NodesOnALog: @unchecked Sendable {
    let url: PostgresURL
    let directory: TemporaryDirectory
    /// The nodes started so far (it names their caches).
    private var started = 0

    init(url: PostgresURL) throws {
        self.url = url
        directory = try TemporaryDirectory()
        _ = try PostgresLogStore(url: url)
    }

    /// The `--store` URL (the test server trusts loopback: no password to hide).
    var store: String { "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable" }

    /// Starts a node on the log, as ``ServingNode/init(store:cache:advertising:extra:)`` does.
    func start(advertising: Bool, extra: [String] = []) throws -> ServingNode {
        started += 1
        return try ServingNode(store: store, cache: directory.appending("node\(started).db"), advertising: advertising, extra: extra)
    }
}

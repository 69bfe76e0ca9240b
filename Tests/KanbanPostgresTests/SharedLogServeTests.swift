import Foundation
import KanbanPostgres
import KanbanTestSupport
import Testing

/// `kanban serve --store`: a node whose follower, a service of the server, brings in what other
/// nodes append, and stops with the server.
@Suite("A node serving a shared log", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct SharedLogServeTests {
    /// `GET path` on the server at `port`, its whole answer as text.
    private static func get(_ path: String, port: Int) throws -> String {
        let socket = try LoopbackSocket.connect(port: port, timeout: 5)
        defer { close(socket) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("What another node appends shows on this node's board; SIGTERM stops the server and its follower, exit 0")
    func followsAndStops() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // The test server trusts loopback: the URL has no password to hide.
            let store = "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try KanbanExecutable.path())
            process.arguments = ["serve", "--store", store, "--db", directory.appending("node.db"), "--port", "0", "--log-level", "error"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            var bytes: [UInt8] = []
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(contentsOf: chunk)
            }
            let line = String(decoding: bytes, as: UTF8.self)
            let port = try #require(Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), "\(line)")

            let other = try KanbanBinary(database: directory.appending("other-cache.db"), actor: "bob")
            let added = try other.run(["add", "--store", store], afterTerminator: ["From another node, 한국어"])
            #expect(added.status == 0, "\(added)")
            var board = ""
            for _ in 0..<100 where !board.contains("From another node, 한국어") {
                board = try Self.get("/api/boards/main", port: port)
                if !board.contains("From another node") { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(board.contains("From another node, 한국어"), "\(board)")

            process.interrupt()
            let deadline = Date(timeIntervalSinceNow: 15)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!process.isRunning, "the server and its follower stop on SIGINT")
            if !process.isRunning { #expect(process.terminationStatus == 0) }
        }
    }
}

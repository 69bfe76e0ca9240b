import Foundation
@testable import KanbanPostgres
import KanbanTestSupport
import Testing

@Suite("TCP keepalive to PostgreSQL", .enabled(if: PostgresTestDatabase.isConfigured && FileManager.default.isExecutableFile(atPath: "/usr/bin/ss")))
struct PostgresKeepAliveTests {
    @Test("a connection's socket runs a keepalive timer of 10 s, so a server gone without a word is noticed")
    func keepAlive() async throws {
        let url = try PostgresURL(try #require(PostgresTestDatabase.url))
        let timer = try await onOwnThread {
            let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { connection.close() }
            // The server knows which port our end of the socket has.
            let port = try #require(try connection.query("SELECT client_port FROM pg_stat_activity WHERE pid = pg_backend_pid()").first?.decode(Int.self))
            let output = try Subprocess.run("/usr/bin/ss", ["-tno", "state", "established", "( sport = :\(port) )"])
            return output.stdout
        }
        #expect(timer.contains("timer:(keepalive,"), "\(timer)")
    }
}

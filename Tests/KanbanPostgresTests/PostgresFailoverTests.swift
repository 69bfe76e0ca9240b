import Foundation
@testable import KanbanPostgres
import KanbanTestSupport
import Testing

/// A primary and a synchronous hot standby of the test's own: a URL naming both, standby first,
/// with `target_session_attrs=read-write`; the primary crashes and the standby is promoted, as
/// Patroni does.
@Suite("Failover to a promoted standby", .enabled(if: ThrowawayPostgres.binDirectory != nil || PostgresTestDatabase.isRequired))
struct PostgresFailoverTests {
    @Test("a store goes to the primary past a standby listed first; after the primary crashes and the standby is promoted, writes go on there with every acknowledged one kept")
    func failover() async throws {
        try await onOwnThread {
            let primary = try ThrowawayPostgres(synchronousStandbys: "*")
            let standby = try ThrowawayPostgres(standbyOf: primary)
            let url = try PostgresURL(
                "postgres://postgres@127.0.0.1:\(standby.port),127.0.0.1:\(primary.port)/postgres?sslmode=disable&target_session_attrs=read-write"
            )
            let store = try PostgresLogStore(url: url)
            defer { store.close() }
            func serverPort() throws -> Int? {
                try store.query("SELECT inet_server_port()").first?.decode(Int.self)
            }
            #expect(try serverPort() == primary.port, "the standby, listed first, takes no writes: the store is on the primary")
            let board = LogStoreConformance.boardA
            let bytes = { (n: Int) in LogStoreConformance.eventBytes(board: board, n) }
            try store.write { try $0.append(board: board, expectedHead: 0, [(1, bytes(1))]) }
            // Acknowledged: committed on the primary, and (synchronous) on the standby.
            try primary.crash()
            try standby.promote()
            // As Patroni does once no standby is left: commits stop waiting for one (the
            // promoted standby copied the primary's synchronous_standby_names).
            let admin = try BlockingConnection(url: standby.url, logger: BlockingConnection.quietLogger)
            _ = try admin.query("ALTER SYSTEM RESET synchronous_standby_names")
            _ = try admin.query("SELECT pg_reload_conf()")
            admin.close()
            let promoted = ContinuousClock.now
            var appended = false
            var failures: [String] = []
            while !appended, ContinuousClock.now - promoted < .seconds(10) {
                do {
                    try store.write { try $0.append(board: board, expectedHead: 1, [(2, bytes(2))]) }
                    appended = true
                } catch {
                    failures.append(String(describing: error))
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            #expect(appended, "no write went in within 10 s of the promote: \(failures.suffix(3))")
            #expect(ContinuousClock.now - promoted < .seconds(5), "writes resumed \(ContinuousClock.now - promoted) after the promote")
            #expect(failures.allSatisfy { !$0.contains("\n") })
            #expect(try serverPort() == standby.port)
            #expect(try store.read { try $0.heads() } == [board: 2], "the acknowledged write survived the failover, the new one went in after it")
        }
    }
}

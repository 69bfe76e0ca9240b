import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import PostgresNIO
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
            // Commits wait for the synchronous standby: positions may be signed.
            #expect(try store.read { try $0.failoverRisk() } == nil)
            // Made asynchronous, the pair may lose acknowledged commits: a node signs nothing.
            let settings = try BlockingConnection(url: primary.url, logger: BlockingConnection.quietLogger)
            _ = try settings.query("ALTER SYSTEM SET synchronous_standby_names = ''")
            _ = try settings.query("SELECT pg_reload_conf()")
            // A reload reaches each session between its statements: ask until it has.
            func risk(until done: (String?) -> Bool) throws -> String? {
                let start = ContinuousClock.now
                var risk = try store.read { try $0.failoverRisk() }
                while !done(risk), ContinuousClock.now - start < .seconds(3) {
                    Thread.sleep(forTimeInterval: 0.05)
                    risk = try store.read { try $0.failoverRisk() }
                }
                return risk
            }
            let asynchronous = try risk { $0 != nil }
            #expect(asynchronous?.contains("synchronous_standby_names is empty") == true, "\(String(describing: asynchronous))")
            _ = try settings.query("ALTER SYSTEM SET synchronous_standby_names = '*'")
            _ = try settings.query("SELECT pg_reload_conf()")
            settings.close()
            #expect(try risk { $0 == nil } == nil)
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

    @Test("an asynchronous standby promoted without the last commit: nodes cut their caches back to the promoted log, keep the lost event apart, and go on writing there")
    func asynchronousFailover() async throws {
        try await onOwnThread {
            let primary = try ThrowawayPostgres()
            let standby = try ThrowawayPostgres(standbyOf: primary)
            let url = try PostgresURL(
                "postgres://postgres@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/postgres?sslmode=disable&target_session_attrs=read-write"
            )
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            for title in ["one", "two"] { try a.engine.execute(.addCard(board: "main", title: title), actor: "ana") }
            try b.catchUp()
            let onPrimary = try BlockingConnection(url: primary.url, logger: BlockingConnection.quietLogger)
            let onStandby = try BlockingConnection(url: standby.url, logger: BlockingConnection.quietLogger)
            func waitFor(_ what: String, _ done: () throws -> Bool) throws {
                let start = ContinuousClock.now
                while try !done() {
                    guard ContinuousClock.now - start < .seconds(10) else { throw ThrowawayPostgres.Failure(description: "no \(what) within 10 s") }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            // The standby has everything so far, then stops receiving: what is acknowledged from
            // now on is on the primary alone (asynchronous replication, as Patroni's default).
            let written = try onPrimary.query("SELECT pg_current_wal_lsn()::text").first?.decode(String.self) ?? "0/0"
            try waitFor("replay on the standby") {
                try onStandby.query(PostgresQuery(unsafeSQL: "SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn")).first?.decode(Bool.self) == true
            }
            _ = try onStandby.query("ALTER SYSTEM SET primary_conninfo = ''")
            _ = try onStandby.query("SELECT pg_reload_conf()")
            try waitFor("the standby to stop streaming") {
                try onPrimary.query("SELECT count(*)::int8 FROM pg_stat_replication").first?.decode(Int64.self) == 0
            }
            onPrimary.close()
            let lost = try a.engine.execute(.addCard(board: "main", title: "lost in the failover"), actor: "ana")
            try b.catchUp()
            let held = try b.storedBytes()
            try #require(held.count == 4 && lost.map(\.sequence) == [4])
            try primary.crash()
            try standby.promote()
            onStandby.close()
            // A's next write finds the log one event shorter: it cuts its cache back and goes in there.
            var after: [RecordedEvent] = []
            try waitFor("a write on the promoted standby") {
                do {
                    after = try a.engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
                    return true
                } catch is SharedLogError {
                    return false
                }
            }
            #expect(after.map(\.sequence) == [4])
            #expect(try a.engine.sync.lostRanges().map(\.positions) == [4...4])
            // B held the lost event too; the log's 4 is another now: B cuts back and copies it.
            try waitFor("B to catch up") { (try? b.catchUp()) != nil }
            #expect(try b.engine.sync.lostRanges().map(\.positions) == [4...4])
            #expect(try b.engine.sync.lostEvents().map(\.bytes) == [held[3]])
            #expect(try a.storedBytes() == b.storedBytes())
            #expect(try b.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["one", "two", "after"])
            for node in [a, b] {
                #expect(try node.engine.verify().firstDifference == nil)
                #expect(try node.engine.audit.verify().problem == nil)
            }
        }
    }
}

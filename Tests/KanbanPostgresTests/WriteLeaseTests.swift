import Foundation
@testable import KanbanPostgres
import PostgresNIO
import Testing

@Suite("The write lease of a shared log", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct WriteLeaseTests {
    @Test("The first advertising node takes the lease and keeps it through renewals; the others see it, a reader never takes it")
    func firstTakesAndKeeps() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            _ = try PostgresLogStore(url: url)
            let reader = try WriteLease(url: url, advertising: nil)
            #expect(try reader.renew() == nil, "nobody holds a fresh log's lease, and reading takes nothing")
            let a = try WriteLease(url: url, advertising: "http://10.0.0.1:8080")
            let b = try WriteLease(url: url, advertising: "http://10.0.0.2:8080")
            let holderA = WriteLease.Holder(node: a.node, url: "http://10.0.0.1:8080")
            #expect(try a.renew() == holderA)
            for _ in 0..<3 {
                #expect(try b.renew() == holderA, "a held lease stays with its holder")
                #expect(try a.renew() == holderA)
            }
            #expect(try reader.renew() == holderA)
        }
    }

    @Test("A lease given up, or left to lapse by a killed holder, goes to the next advertising node")
    func releasedAndLapsed() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            _ = try PostgresLogStore(url: url)
            let a = try WriteLease(url: url, advertising: "http://a:1")
            let b = try WriteLease(url: url, advertising: "http://b:2")
            let reader = try WriteLease(url: url, advertising: nil)
            #expect(try a.renew()?.node == a.node)
            a.release()
            #expect(try reader.renew() == nil)
            #expect(try b.renew() == WriteLease.Holder(node: b.node, url: "http://b:2"))
            #expect(try a.renew()?.node == b.node, "the old holder comes back as a follower")
            // b is killed: its lease runs out, and a takes it at its next round.
            let admin = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { admin.close() }
            _ = try admin.query("UPDATE write_lease SET expires_at = now() - interval '1 millisecond'")
            #expect(try reader.renew() == nil, "a lapsed lease is nobody's")
            #expect(try a.renew()?.node == a.node)
            // b's release after the lease moved on leaves a's alone.
            b.release()
            #expect(try reader.renew()?.node == a.node)
        }
    }

    @Test("Every node reads one node secret, long and random, made with the schema")
    func oneSecret() async throws {
        let first = try await PostgresTestDatabase.withFreshDatabase { url in
            _ = try PostgresLogStore(url: url)
            let first = try WriteLease(url: url, advertising: nil).secret()
            #expect(try WriteLease(url: url, advertising: "http://x:1").secret() == first)
            return first
        }
        #expect(first.count == 64 && first.allSatisfy(\.isHexDigit), "\(first)")
        let other = try await PostgresTestDatabase.withFreshDatabase { url in
            _ = try PostgresLogStore(url: url)
            return try WriteLease(url: url, advertising: nil).secret()
        }
        #expect(other != first, "each log has its own")
    }
}

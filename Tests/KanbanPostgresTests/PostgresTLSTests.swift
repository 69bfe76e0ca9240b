import Foundation
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import Testing

/// The test CA's certificate file, when the test cluster offers TLS.
private let testCAFile = ProcessInfo.processInfo.environment["KANBAN_TEST_POSTGRES_CA"]

/// TLS to the test cluster, which offers it with a certificate for `localhost` signed by a
/// test CA (`scripts/postgres-test-cluster.sh` exports the CA's file, and another CA's).
@Suite("TLS to PostgreSQL", .enabled(if: testCAFile != nil && PostgresTestDatabase.isConfigured))
struct PostgresTLSTests {
    static let caFile = testCAFile
    static let otherCAFile = ProcessInfo.processInfo.environment["KANBAN_TEST_POSTGRES_OTHER_CA"]

    /// The test server's URL with `host`, `sslmode` and `sslrootcert` set.
    static func url(host: String, mode: PostgresURL.TLSMode, rootCertificate: String?) throws -> PostgresURL {
        var url = try PostgresURL(try #require(PostgresTestDatabase.url))
        url.host = host
        url.tlsMode = mode
        url.rootCertificatePath = rootCertificate
        return url
    }

    /// Whether the connection to `url` is encrypted, as the server sees it.
    static func encrypted(_ url: PostgresURL) async throws -> Bool {
        try await onOwnThread {
            let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { connection.close() }
            return try connection.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.decode(Bool.self) == true
        }
    }

    /// The one-line error of connecting to `url`.
    static func refusal(_ url: PostgresURL) async throws -> String {
        try await onOwnThread {
            do {
                let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
                connection.close()
                return "connected"
            } catch {
                return String(describing: error)
            }
        }
    }

    @Test("sslmode=require encrypts without checking the certificate; verify-full with the test CA and the certificate's name connects")
    func accepted() async throws {
        #expect(try await Self.encrypted(Self.url(host: "127.0.0.1", mode: .require, rootCertificate: nil)))
        #expect(try await Self.encrypted(Self.url(host: "localhost", mode: .verifyFull, rootCertificate: Self.caFile)))
        #expect(try await Self.encrypted(Self.url(host: "127.0.0.1", mode: .verifyCA, rootCertificate: Self.caFile)))
        #expect(try await !Self.encrypted(Self.url(host: "127.0.0.1", mode: .disable, rootCertificate: nil)))
    }

    @Test("verify-full refuses a certificate of another CA, and a host name the certificate does not name; require with a root checks the CA; each in one line")
    func refused() async throws {
        let other = try #require(Self.otherCAFile)
        let unsigned = "its TLS certificate is not signed by an authority this node trusts (sslrootcert)"
        for (url, reason) in [
            (try Self.url(host: "localhost", mode: .verifyFull, rootCertificate: other), unsigned),
            (try Self.url(host: "127.0.0.1", mode: .verifyFull, rootCertificate: Self.caFile), "its TLS certificate does not name the host connected to (verify-full)"),
            (try Self.url(host: "localhost", mode: .require, rootCertificate: other), unsigned),
            (try Self.url(host: "127.0.0.1", mode: .verifyCA, rootCertificate: other), unsigned),
        ] {
            let message = try await Self.refusal(url)
            #expect(message.hasPrefix("PostgreSQL could not be reached while connecting to \(url)"), "\(message)")
            #expect(message.hasSuffix(reason), "\(message)")
            #expect(!message.contains("\n"), "\(message)")
        }
    }

    @Test("a log store over verify-full writes and reads its events")
    func storeOverTLS() async throws {
        try await PostgresTestDatabase.withFreshDatabase { plain in
            var url = plain
            url.host = "localhost"
            url.tlsMode = .verifyFull
            url.rootCertificatePath = Self.caFile
            let store = try PostgresLogStore(url: url)
            defer { store.close() }
            let board = LogStoreConformance.boardA
            try store.write { try $0.append(board: board, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: board, 1))]) }
            #expect(try store.read { try $0.heads() } == [board: 1])
            #expect(try store.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.decode(Bool.self) == true)
        }
    }
}

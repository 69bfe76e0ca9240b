@testable import KanbanPostgres
import Testing

@Suite("PostgresURL")
struct PostgresURLTests {
    @Test("parses user, password, host, port, database and sslmode")
    func full() throws {
        let url = try PostgresURL("postgres://ana:s%40cret@db.example:6543/kanban?sslmode=disable")
        #expect(url.username == "ana")
        #expect(url.password == "s@cret")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.database == "kanban")
        #expect(url.tlsMode == .disable)
        #expect(url.description == "postgres://ana@db.example:6543/kanban?sslmode=disable")
    }

    @Test("defaults: port 5432, the user's database, sslmode prefer; postgresql:// too")
    func defaults() throws {
        let url = try PostgresURL("postgresql://ana@127.0.0.1")
        #expect(url.port == 5432)
        #expect(url.database == "ana")
        #expect(url.password == nil)
        #expect(url.tlsMode == .prefer)
        #expect(try PostgresURL("postgres://ana@h/d?sslmode=verify-full").tlsMode == .verifyFull)
    }

    @Test("libpq's multi-host form: servers tried in order, ports per host, target_session_attrs; shown whole in the description")
    func multiHost() throws {
        let url = try PostgresURL("postgres://ana:pw@db1:5432,db2:5433,[::1]:6000,db4/kanban?sslmode=disable&target_session_attrs=read-write")
        #expect(url.servers == [.init(host: "db1", port: 5432), .init(host: "db2", port: 5433), .init(host: "::1", port: 6000), .init(host: "db4", port: 5432)])
        #expect(url.host == "db1" && url.port == 5432)
        #expect(url.targetSession == .readWrite)
        #expect(url.password == "pw" && url.database == "kanban" && url.username == "ana")
        #expect(url.description == "postgres://ana@db1:5432,db2:5433,[::1]:6000,db4:5432/kanban?sslmode=disable&target_session_attrs=read-write")
        var again = try PostgresURL(url.description)
        again.password = "pw"
        #expect(again == url)
        #expect(try PostgresURL("postgres://ana@h/d?target_session_attrs=primary").targetSession == .readWrite)
        #expect(try PostgresURL("postgres://ana@h/d").targetSession == .any)
        for bad in ["postgres://ana@h1,/d", "postgres://ana@h1,h2:99999/d", "postgres://ana@h1,h2:x/d", "postgres://ana@h/d?target_session_attrs=standby"] {
            #expect(throws: PostgresURLError.self, "\(bad)") { try PostgresURL(bad) }
        }
    }

    @Test("sslrootcert and verify-ca parse, and show in the description")
    func rootCertificate() throws {
        let url = try PostgresURL("postgres://ana@h/d?sslmode=verify-full&sslrootcert=/etc/ssl/team%20ca.pem")
        #expect(url.rootCertificatePath == "/etc/ssl/team ca.pem")
        #expect(try PostgresURL(url.description) == url)
        #expect(try PostgresURL("postgres://ana@h/d?sslmode=verify-ca").tlsMode == .verifyCA)
        #expect(throws: PostgresStoreError.self) { try PostgresURL("postgres://ana@h/d?sslmode=require&sslrootcert=/nonexistent.pem").configuration() }
    }

    @Test("schema names where the log's tables live, and shows in the description")
    func schema() throws {
        let url = try PostgresURL("postgres://ana@h/d?sslmode=disable&schema=team_a")
        #expect(url.schema == "team_a")
        #expect(url.description == "postgres://ana@h:5432/d?sslmode=disable&schema=team_a")
        #expect(try PostgresURL(url.description) == url)
        #expect(try PostgresURL("postgres://ana@h/d").schema == nil)
    }

    @Test("a bad URL is one line naming what is wrong, its password hidden", arguments: [
        ("kanban.db", "the scheme must be postgres:// or postgresql://"),
        ("mysql://ana@h/d", "the scheme must be postgres:// or postgresql://"),
        ("postgres:///d", "it names no host"),
        ("postgres://h/d", "it names no user"),
        ("postgres://ana:pw@h/d/e", "the path must be just the database's name"),
        ("postgres://ana:pw@h/d?sslmode=maybe", "sslmode must be disable, prefer, require, verify-ca or verify-full"),
        ("postgres://ana:pw@h/d?timeout=3", "unknown parameter 'timeout'"),
        ("postgres://ana:pw@h:0/d", "the port 0 is out of range"),
        ("postgres://ana:pw@h/d?sslrootcert=", "sslrootcert must name a file"),
        ("postgres://ana:pw@h/d?schema=Team", "schema must be 1 to 63 lowercase letters"),
        ("postgres://ana:pw@h/d?schema=1team", "schema must be 1 to 63 lowercase letters"),
        ("postgres://ana:pw@h/d?schema=a;drop", "schema must be 1 to 63 lowercase letters"),
        ("postgres://ana:pw@h/d?schema=", "schema must be 1 to 63 lowercase letters"),
    ])
    func bad(_ text: String, reason: String) throws {
        do {
            _ = try PostgresURL(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.reason.hasPrefix(reason), "\(error.reason)")
            #expect(!error.description.contains("\n"))
            #expect(!error.description.contains(":pw@"))
            #expect(error.description.contains("expected postgres://user:password@host:port/database?sslmode=disable"))
        }
    }
}

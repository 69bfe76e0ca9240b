@testable import Kanban
import Testing

@Suite("LMDB database names")
struct LMDBDatabaseTests {
    @Test("Each database keeps the name it has on disk: a database written by an older build opens")
    func namesOnDisk() {
        let names = Dictionary(uniqueKeysWithValues: LMDBDatabase.allCases.map { ($0, $0.rawValue) })
        #expect(names == [
            .events: "events",
            .snapshots: "snapshots",
            .outline: "outline",
            .history: "history",
            .backdated: "backdated",
            .idempotency: "idempotency",
            .merkle: "merkle",
            .sync: "sync",
            .replica: "replica",
            .trello: "trello",
            .node: "node",
        ])
    }

    @Test("An engine's environment has room for every database")
    func room() {
        #expect(EngineOptions().environment.maxDatabases >= LMDBDatabase.allCases.count)
    }
}

@testable import KanbanPostgres
import Testing

@Suite("PostgreSQL migrations, as listed")
struct PostgresMigrationTests {
    @Test("the migrations are numbered 1, 2, … in order, and the last one's is the program's version")
    func numbered() {
        #expect(PostgresSchema.migrations.map(\.version) == Array(1...PostgresSchema.migrations.count))
        #expect(PostgresSchema.version == PostgresSchema.migrations.count)
    }

    @Test("each relation and function is made by one migration, and each migration makes some")
    func relationsOnce() {
        #expect(Set(PostgresSchema.relations).count == PostgresSchema.relations.count)
        #expect(Set(PostgresSchema.functions).count == PostgresSchema.functions.count)
        #expect(PostgresSchema.migrations.allSatisfy { !($0.relations + $0.functions).isEmpty && !$0.statements.isEmpty })
    }

    @Test("every statement may run again: it makes only what is missing")
    func statementsRepeatable() {
        for statement in PostgresSchema.migrations.flatMap(\.statements) {
            let repeatable = ["IF NOT EXISTS", "ON CONFLICT DO NOTHING", "CREATE OR REPLACE"].contains { statement.contains($0) }
            #expect(repeatable, "\(statement)")
        }
    }
}

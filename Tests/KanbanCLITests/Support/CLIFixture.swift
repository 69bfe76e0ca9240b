import Foundation
import KanbanTestSupport
import Testing

/// A fresh database directory and the `kanban` binary pointed at it.
struct CLIFixture {
    let directory: TemporaryDirectory
    let kanban: KanbanBinary

    init(actor: String = "tester") throws {
        directory = try TemporaryDirectory(prefix: "kanban-cli")
        kanban = try KanbanBinary(database: directory.appending("db"), actor: actor)
    }

    var database: String { kanban.database }

    func remove() { directory.remove() }

    /// Runs `arguments`, expecting exit status `status`, nothing on standard output, exactly one
    /// `kanban: …` line on standard error, and the log unchanged.
    @discardableResult
    func expectRejected(_ arguments: [String], status: Int32 = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try kanban.stats()
        let output = try kanban.run(arguments)
        let described = arguments.map { $0.count > 40 ? "\($0.prefix(12))…(\($0.count))" : $0 }.joined(separator: " ")
        #expect(output.status == status && !output.wasSignalled, "kanban \(described): \(output)", sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, "kanban \(described) printed \(output.stdout.debugDescription)", sourceLocation: sourceLocation)
        #expect(output.stderrLines.count == 1, "kanban \(described): \(output.stderr.debugDescription)", sourceLocation: sourceLocation)
        #expect(output.stderr.hasPrefix("kanban: "), "kanban \(described): \(output.stderr.debugDescription)", sourceLocation: sourceLocation)
        let after = try kanban.stats()
        #expect(after.events == before.events && after.lastSequence == before.lastSequence,
                "kanban \(described) appended \(after.events - before.events) events", sourceLocation: sourceLocation)
        return output.stderr
    }
}

/// The shortest prefix of `id` that no other of `ids` starts with.
func uniquePrefix(of id: String, among ids: [String]) -> String {
    for length in 1...id.count {
        let prefix = String(id.prefix(length))
        if ids.filter({ $0.hasPrefix(prefix) }).count == 1 { return prefix }
    }
    return id
}

/// Parses JSON text into Foundation objects.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Tools from the LMDB utilities, when installed.
enum Tools {
    /// `mdb_stat` from PATH.
    static var mdbStat: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/mdb_stat" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

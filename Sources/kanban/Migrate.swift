import ArgumentParser
import Foundation
import Kanban
import KanbanCLI
import KanbanPostgres

/// `kanban migrate --from DB --to postgres://…`: the log onto PostgreSQL, checked by per-board roots.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy the event log from an LMDB database into an empty PostgreSQL database, byte for byte.",
        discussion: """
            Each event keeps its sequence number and stored bytes; each board's events keep their order. \
            Prints each board's Merkle root on both sides ('lmdb|postgres BOARD-ID SIZE ROOT') and exits 1 \
            when any differs, or when the target holds events already. Stop writers to the source first. \
            Sync clients' positions, idempotency answers and imported histories' times go along. \
            Then serve the log from any number of nodes: kanban serve --store URL.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The LMDB environment directory to copy.", valueName: "path"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("The PostgreSQL database: postgres://user:password@host:port/database?sslmode=disable.", valueName: "url"))
    var to: String

    /// A migration that did not happen or did not check out (exit 1, one line).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func validate() throws {
        do { _ = try PostgresURL(to) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: from + "/data.mdb") else {
            throw Failure(description: "no kanban database at \(from) (it has no data.mdb)")
        }
        let engine = try GlobalOptions.openEngine(at: from)
        let url = try PostgresURL(to)
        let target = try PostgresLogStore(url: url)
        defer { target.close() }
        let report = try LogMigration.run(from: engine.store, to: target)
        for line in report.lines { print(line) }
        guard report.rootsMatch else {
            let boards = report.differingBoards.map(\.description).joined(separator: ", ")
            throw Failure(description: "the roots differ on PostgreSQL for \(report.differingBoards.count) board\(report.differingBoards.count == 1 ? "" : "s"): \(boards)")
        }
        print("copied \(report.clients) sync client\(report.clients == 1 ? "" : "s"), \(report.answers) idempotency answer\(report.answers == 1 ? "" : "s") and \(report.backdatedRanges) backdated range\(report.backdatedRanges == 1 ? "" : "s")")
        print("migrated \(report.events) event\(report.events == 1 ? "" : "s") of \(report.source.count) board\(report.source.count == 1 ? "" : "s") to \(url); every board's root matches")
    }
}

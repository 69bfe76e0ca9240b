#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Kanban
import KanbanTrello

extension KanbanCommand.Import {
    /// `kanban import trello EXPORT.json [--board NAME] [--json]`: a Trello board with its history.
    struct Trello: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trello",
            abstract: "Import a Trello board export (JSON) as a new board, replaying its history.",
            discussion: """
                EXPORT.json is what Trello's board menu writes under "Print, export and share → \
                Export as JSON". Each of its actions (Trello keeps the newest 1,000) becomes our \
                events under the Trello member who made it, with Trello's date as the time it \
                happened: 'board --at DATE', 'diff', 'history' and 'flow' show the board as it was \
                in Trello. Cards older than the oldest action, and their labels, members, checklists, \
                links and done marks, are rebuilt from the export; comments, checklist changes, \
                labels, attachments (as links) and members are replayed too. What has no meaning \
                here (board settings, power-ups) is counted in the summary; titles over 200 and descriptions over 1,000 characters are cut with '…' \
                and listed. Importing the same export again appends nothing. One transaction: a bad \
                file is named and nothing is appended.
                """
        )

        @OptionGroup var log: LogOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("The new board's name. Default: the Trello board's.", valueName: "name"))
        var board: String?

        @Flag(help: "Print the summary as JSON.")
        var json = false

        @Argument(help: ArgumentHelp("The Trello export to read.", valueName: "export.json"))
        var file: String

        func run() throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw ValidationError("cannot read \(file): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
            }
            let engine = try log.openEngine()
            try ReplicaWrites.refuseOnReplica(engine, "import trello")
            let showsProgress = isatty(STDERR_FILENO) != 0
            defer { if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
            let report = try engine.importer.trello(data, board: board) { done, all in
                if showsProgress { FileHandle.standardError.write(Data("\rimporting: \(done) of \(all) steps".utf8)) }
            }
            if json {
                try Output.printJSON(report)
            } else {
                Output.print(TrelloImportText.text(for: report))
            }
        }
    }
}

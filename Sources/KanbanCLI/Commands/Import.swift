#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Kanban
import KanbanTrello

extension KanbanCommand {
    /// `kanban import`: brings history in from a file. A command group, one subcommand per
    /// source; `import --format jsonl FILE` (and `import FILE`) runs the default one, ``JSONLines``.
    /// Another source (`import trello FILE`) is added to `subcommands` beside it, and `import
    /// --format jsonl FILE` keeps working: swift-argument-parser hands whatever does not start with
    /// a subcommand's name to the default subcommand. (The group itself takes no arguments: a
    /// positional FILE of its own would swallow a subcommand's name.)
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring history in from a file: 'import trello EXPORT.json' replays a Trello board; 'import --format jsonl FILE' reproduces an export in an empty database.",
            subcommands: [JSONLines.self, Trello.self],
            defaultSubcommand: JSONLines.self
        )
    }
}

extension KanbanCommand.Import {
    /// `kanban import [jsonl] [--format jsonl] FILE`: reproduces an exported log in an empty database.
    struct JSONLines: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "jsonl",
            abstract: "Reproduce an exported log (kanban export --format jsonl) in an empty database.",
            discussion: """
                FILE is what 'kanban export --format jsonl' wrote, whole (without --board, --since \
                or --until). The database must hold no events; it gets the same events under the \
                same sequence numbers, byte for byte (so the same Merkle root). Every line is \
                checked and all is one transaction: a bad line is named and nothing is appended. \
                Progress goes to standard error when it is a terminal.
                """
        )

        @OptionGroup var log: LogOptions

        @Option(help: ArgumentHelp("What FILE holds: jsonl, an export of this program (the default).", valueName: "format"), transform: ImportFormat.parse)
        var format: ImportFormat = .jsonl

        @Argument(help: ArgumentHelp("The file to read.", valueName: "file"))
        var file: String

        func run() throws {
            let engine = try log.openEngine()
            try ReplicaWrites.refuseOnReplica(engine, "import")
            let showsProgress = isatty(STDERR_FILENO) != 0
            defer { if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
            let imported = try engine.importer.log(lines: JSONLinesFile(path: file).forEachLine) { count in
                if showsProgress { FileHandle.standardError.write(Data("\rimporting: \(count) events".utf8)) }
            }
            Output.print("Imported \(imported) event\(imported == 1 ? "" : "s") from \(file).")
        }
    }
}

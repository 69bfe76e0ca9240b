import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban restore --to SEQ|DATE`: makes the board as it was, by appending one event.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Make the board as it was after event SEQ or at DATE, by appending one event (undo reverses it)."
        )

        @OptionGroup var global: GlobalOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("Right after event SEQ, or DATE (a date means the end of that day).", valueName: "seq|date"))
        var to: String

        @Option(help: ArgumentHelp("Language of the output: en, ko or fr. Default: from the locale.", valueName: "lang"))
        var lang: HistoryLanguage = .fromEnvironment

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            try ReplicaWrites.refuseOnReplica(engine, "restore")
            let events = try engine.execute(.restore(board: global.board, to: try PointInTime(parsing: to)), actor: global.actorName)
            if events.isEmpty && !json { Output.line("The board is already as it was then.") }
            try printOutcome(events, engine: engine, language: lang, json: json)
        }
    }
}

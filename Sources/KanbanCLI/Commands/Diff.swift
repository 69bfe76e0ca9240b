import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban diff --from SEQ|DATE [--to SEQ|DATE]`: what changed on the board in between.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Cards added, removed, moved and edited on the board between two moments (default: until now)."
        )

        @OptionGroup var global: GlobalOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("From right after event SEQ, or DATE.", valueName: "seq|date"))
        var from: String

        @Option(parsing: .unconditional, help: ArgumentHelp("To right after event SEQ, or DATE. Default: now.", valueName: "seq|date"))
        var to: String?

        @Flag(help: "Print {\"added\", \"removed\", \"moved\", \"edited\"} as JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            let diff = try engine.timeTravel.diff(
                board: global.board,
                from: try PointInTime(parsing: from),
                to: try to.map { text throws(KanbanError) in try PointInTime(parsing: text) }
            )
            if json {
                try Output.printJSON(DiffOutput(diff: diff))
                return
            }
            if diff.isEmpty { Output.line("No changes.") }
            for card in diff.added { Output.line("+ added   \(card.id.description.prefix(8)) '\(card.title)'") }
            for card in diff.removed { Output.line("- removed \(card.id.description.prefix(8)) '\(card.title)'") }
            for move in diff.moved {
                Output.line("> moved   \(move.card.id.description.prefix(8)) '\(move.card.title)' \(move.fromColumn)[\(move.fromIndex)] → \(move.toColumn)[\(move.toIndex)]")
            }
            for edit in diff.edited {
                Output.line("~ edited  \(edit.after.id.description.prefix(8)) '\(edit.after.title)': \(edit.fields.joined(separator: ", "))")
            }
        }
    }
}

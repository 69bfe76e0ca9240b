import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban deleted`: the board's deleted cards, newest deletion first.
    struct Deleted: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deleted",
            abstract: "List the board's deleted cards, newest deletion first ('kanban revive' brings one back).",
            discussion: "Each line: the deletion's sequence number, time and actor, the card's id, title and old column."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("At most this many cards, the most recently deleted.", valueName: "n"))
        var limit: Int?

        @Flag(help: "Print a JSON array of deleted cards.")
        var json = false

        func validate() throws {
            try CountRange.check(limit, 0...CountRange.maximumLimit, flag: "--limit")
        }

        func run() throws {
            let engine = try global.openEngine()
            let cards = try engine.history.deletedCards(board: global.board, limit: limit)
            let columnNames = try engine.withState { $0.columns.mapValues(\.name) }
            if json {
                try Output.printJSON(cards.map { DeletedCardOutput(deleted: $0, columnNames: columnNames) })
                return
            }
            let length = ShortID.length(for: cards.map(\.card.id))
            for deleted in cards {
                let column = columnNames[deleted.card.column] ?? "a removed column"
                Output.line("#\(deleted.sequence) \(deleted.timestamp) \(deleted.actor) \(deleted.card.id.description.prefix(length)) '\(deleted.card.title)' from \(column)")
            }
        }
    }
}

import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban card CARD [--at SEQ|DATE] [--json]`: a card with everything it carries, now or as
    /// it was at a moment.
    struct ShowCard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "card",
            abstract: "Show a card with its assignees, labels, checklist, comments and links."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The card as it was after event SEQ, or at DATE (a date means the end of that day).", valueName: "seq|date"))
        var at: String?

        @Flag(help: "Print the card as JSON.")
        var json = false

        func run() throws {
            let view = try at.map { text in
                try global.openEngine().timeTravel.cardDetail(board: global.board, card: card, at: try PointInTime(parsing: text))
            } ?? global.cardDetail(card)
            if json {
                try Output.printJSON(CardDetailsOutput(view: view))
                return
            }
            let details = view.details
            Output.line("\(view.card.title)  [\(view.column)]  \(view.card.id)")
            if let due = view.card.due {
                Output.line("due \(due)" + (details.dueDone ? " (done)" : view.isOverdue ? " (overdue)" : ""))
            }
            if !details.assignees.isEmpty { Output.line("assigned: " + details.assignees.joined(separator: ", ")) }
            if !details.labels.isEmpty { Output.line("labels: " + details.labels.joined(separator: ", ")) }
            if !view.card.description.isEmpty { Output.line(view.card.description) }
            if !details.checklist.isEmpty {
                let progress = details.checklistProgress
                Output.line("checklist \(progress.done)/\(progress.total):")
                for item in details.checklist { Output.line("  [\(item.done ? "x" : " ")] \(item.text)  (\(item.checklist), \(item.id.description.prefix(8)))") }
            }
            if !details.links.isEmpty {
                Output.line("links:")
                for link in details.links { Output.line("  \(link.name) <\(link.url)>  (\(link.id.description.prefix(8)))") }
            }
            if !details.comments.isEmpty {
                Output.line("comments:")
                for comment in details.comments {
                    Output.line("  \(comment.author), \(comment.writtenText), \(comment.id.description.prefix(8)):")
                    for line in comment.text.split(separator: "\n", omittingEmptySubsequences: false) { Output.line("    \(line)") }
                }
            }
        }
    }
}

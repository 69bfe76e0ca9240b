import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban delete CARD`: deletes a card (the log keeps it, for history and undo).
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a card.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            let command = Command.deleteCard(board: global.board, card: card)
            if try ReplicaWrites.queueIfReplica(command, on: engine, actor: global.actorName, json: json) { return }
            let events = try engine.execute(command, actor: global.actorName)
            try report(events, of: engine, json: json, quiet: "")
        }
    }
}

import ArgumentParser
import KanbanCLI

/// The `kanban` executable's commands: the command line's, `serve` and `migrate`.
struct KanbanRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kanban",
        abstract: KanbanCommand.configuration.abstract,
        discussion: KanbanCommand.configuration.discussion,
        subcommands: KanbanCommand.configuration.subcommands + [Serve.self, Migrate.self]
    )
}

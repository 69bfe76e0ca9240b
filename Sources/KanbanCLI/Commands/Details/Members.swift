import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban members [list|add|remove]`: the people of `--board`.
    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members",
            abstract: "List the board's members, or add and remove them.",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )

        /// `kanban members list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the board's members.")

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print the members as JSON.")
            var json = false

            func run() throws {
                let members = try global.openEngine().boardView(named: global.board).details.members
                try Output.list(members, json: json, form: \.self) { $0 }
            }
        }

        /// `kanban members add PERSON`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Make someone a member of the board.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "Who: a name of 1–50 characters.")
            var person: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.addMember(board: global.board, person: person), global, json: json, quiet: "\(person) is a member already.")
            }
        }

        /// `kanban members remove PERSON`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove someone from the board's members (cards keep them assigned)."
            )

            @OptionGroup var global: GlobalOptions

            @Argument(help: "Who, as a member.")
            var person: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.removeMember(board: global.board, person: person), global, json: json, quiet: "\(person) is not a member.")
            }
        }
    }
}

import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban members [list|add|role|remove]`: the people of `--board` and their roles.
    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members",
            abstract: "List the board's members, add and remove them, and give them roles.",
            discussion: """
                Roles: viewer (reads the board), commenter (also comments), editor (also changes cards, \
                columns and the board's name; the default), admin (also gives roles, changes the board's \
                visibility, removes or restores the board). Roles count on a server with a token file, \
                for its 'ACTOR TOKEN member' lines; server administrators may do everything.
                """,
            subcommands: [List.self, Add.self, Role.self, Remove.self],
            defaultSubcommand: List.self
        )

        /// `kanban members list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the board's members.")

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print the members as JSON.")
            var json = false

            func run() throws {
                let details = try global.openEngine().boardView(named: global.board).details
                // Text: a member's role after their name when it is not the default.
                try Output.list(details.members, json: json, form: \.self) { person in
                    details.roles[person].map { "\(person) (\($0.rawValue))" } ?? person
                }
            }
        }

        /// `kanban members add PERSON [--role ROLE]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Make someone a member of the board.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "Who: a name of 1–50 characters.")
            var person: String

            @Option(help: "Their role: viewer, commenter, editor (the default) or admin.")
            var role: String?

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                guard let role else {
                    return try runWrite(.addMember(board: global.board, person: person), global, json: json, quiet: "\(person) is a member already.")
                }
                let given = try parsedRole(role)
                try runWrite(
                    .setMemberRole(board: global.board, person: person, role: given, adding: true), global, json: json,
                    quiet: "\(person) is \(given.rawValue) already."
                )
            }
        }

        /// `kanban members role PERSON ROLE`.
        struct Role: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "role", abstract: "Give a member of the board another role.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "Who, as a member.")
            var person: String

            @Argument(help: "viewer, commenter, editor or admin.")
            var role: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                let given = try parsedRole(role)
                try runWrite(.setMemberRole(board: global.board, person: person, role: given), global, json: json, quiet: "\(person) is \(given.rawValue) already.")
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

/// The role `text` names, or the usage error naming the roles there are.
private func parsedRole(_ text: String) throws -> BoardRole {
    do { return try BoardRole(named: text) } catch { throw ValidationError("'\(text)' is not a role: viewer, commenter, editor or admin") }
}

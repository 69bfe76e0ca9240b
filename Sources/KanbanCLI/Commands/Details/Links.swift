import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban links [list|add|remove] CARD …`: links attached to a card.
    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "links",
            abstract: "List the links attached to a card, or attach and remove them (no file is stored).",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )

        /// The link a subcommand names.
        enum LinkArgument: ListedCardDetail {
            static let help = ArgumentHelp("The link: its id or a unique prefix (see 'kanban links list').", valueName: "link")
            static let plural = "links"
        }

        /// `kanban links list CARD`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List a card's links.")

            @OptionGroup var target: CardDetailListOptions<LinkArgument>

            func run() throws {
                try Output.list(try target.details().links, json: target.json, form: CardLinkOutput.init) { link in
                    "\(link.id.description.prefix(8))\t\(link.name)\t\(link.url)"
                }
            }
        }

        /// `kanban links add CARD URL [--name NAME]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Attach an http, https or mailto link to a card.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The card: its id or a unique prefix.")
            var card: String

            @Argument(help: "The address: http://, https:// or mailto:.")
            var url: String

            @Option(help: ArgumentHelp("What to call it. Default: the address.", valueName: "name"))
            var name: String?

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.attachLink(board: global.board, card: card, url: url, name: name), global, json: json, quiet: "")
            }
        }

        /// `kanban links remove CARD LINK`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a link from a card.")

            @OptionGroup var target: CardDetailOptions<LinkArgument, NoArguments>

            func run() throws {
                try target.write(.removeLink(board: target.board, card: target.card, link: target.detail), quiet: "")
            }
        }
    }
}

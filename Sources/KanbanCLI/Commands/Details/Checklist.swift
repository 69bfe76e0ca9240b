import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban checklist [list|add|rename|check|uncheck|remove|move] CARD …`: a card's checklist.
    struct Checklist: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "checklist",
            abstract: "List a card's checklist items, or add, rename, check, uncheck, remove and move them.",
            subcommands: [List.self, Add.self, Rename.self, Check.self, Uncheck.self, Remove.self, Move.self],
            defaultSubcommand: List.self
        )

        /// The checklist item a subcommand names.
        enum ItemArgument: ListedCardDetail {
            static let help = ArgumentHelp("The item: its id or a unique prefix.", valueName: "item")
            static let plural = "items"
        }

        /// The checklist item that `rename` names, its help pointing to `list`.
        enum RenamedItemArgument: CardDetailArgument {
            static let help = ArgumentHelp("The item: its id or a unique prefix (see 'kanban checklist list').", valueName: "item")
        }

        /// `kanban checklist list CARD`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List a card's checklist items in order.")

            @OptionGroup var target: CardDetailListOptions<ItemArgument>

            func run() throws {
                try Output.list(try target.details().checklist, json: target.json, form: ChecklistItemOutput.init) { item in
                    "\(item.id.description.prefix(8))\t[\(item.done ? "x" : " ")]\t\(item.checklist)\t\(item.text)"
                }
            }
        }

        /// `kanban checklist add CARD TEXT [--checklist NAME] [--at INDEX]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an item to a card's checklist.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The card: its id or a unique prefix.")
            var card: String

            @Argument(help: "The item (1–500 characters).")
            var text: String

            @Option(help: ArgumentHelp("The checklist it belongs to. Default: Checklist.", valueName: "name"))
            var checklist: String?

            @Option(help: ArgumentHelp("0-based position among the card's items. Default: the end.", valueName: "index"))
            var at: Int?

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                let command = Command.addChecklistItem(board: global.board, card: card, text: text, checklist: checklist, index: at)
                try runWrite(command, global, json: json, quiet: "")
            }
        }

        /// `kanban checklist rename CARD ITEM TEXT`.
        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Change a checklist item's text.")

            @OptionGroup var target: CardDetailOptions<RenamedItemArgument, NewTextArgument>

            func run() throws {
                try target.write(.renameChecklistItem(board: target.board, card: target.card, item: target.detail, text: target.change.text), quiet: "Nothing changed.")
            }
        }

        /// `kanban checklist check CARD ITEM`.
        struct Check: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a checklist item.")

            @OptionGroup var target: CardDetailOptions<ItemArgument, NoArguments>

            func run() throws {
                try target.write(.checkChecklistItem(board: target.board, card: target.card, item: target.detail, done: true), quiet: "It is checked already.")
            }
        }

        /// `kanban checklist uncheck CARD ITEM`.
        struct Uncheck: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "uncheck", abstract: "Uncheck a checklist item.")

            @OptionGroup var target: CardDetailOptions<ItemArgument, NoArguments>

            func run() throws {
                try target.write(.checkChecklistItem(board: target.board, card: target.card, item: target.detail, done: false), quiet: "It is not checked.")
            }
        }

        /// `kanban checklist remove CARD ITEM`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a checklist item.")

            @OptionGroup var target: CardDetailOptions<ItemArgument, NoArguments>

            func run() throws {
                try target.write(.removeChecklistItem(board: target.board, card: target.card, item: target.detail), quiet: "")
            }
        }

        /// `kanban checklist move CARD ITEM --at INDEX`.
        struct Move: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a checklist item to another place.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The card: its id or a unique prefix.")
            var card: String

            @Argument(help: "The item: its id or a unique prefix.")
            var item: String

            @Option(help: ArgumentHelp("0-based position among the card's items.", valueName: "index"))
            var at: Int

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.moveChecklistItem(board: global.board, card: card, item: item, index: at), global, json: json, quiet: "It is there already.")
            }
        }
    }
}

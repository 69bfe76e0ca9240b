import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban comments [list|add|edit|delete] CARD …`: a card's comments.
    struct Comments: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "comments",
            abstract: "List a card's comments, or write, edit and delete your own.",
            subcommands: [List.self, Add.self, Edit.self, Delete.self],
            defaultSubcommand: List.self
        )

        /// The comment a subcommand names.
        enum CommentArgument: ListedCardDetail {
            static let help = ArgumentHelp("The comment: its id or a unique prefix.", valueName: "comment")
            static let plural = "comments"
        }

        /// The comment that `edit` names, its help pointing to `list`.
        enum EditedCommentArgument: CardDetailArgument {
            static let help = ArgumentHelp("The comment: its id or a unique prefix (see 'kanban comments list').", valueName: "comment")
        }

        /// `kanban comments list CARD`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List a card's comments, oldest first: id, author, time (with '(edited TIME)' once edited) and text."
            )

            @OptionGroup var target: CardDetailListOptions<CommentArgument>

            func run() throws {
                try Output.list(try target.details().comments, json: target.json, form: CommentOutput.init) { comment in
                    "\(comment.id.description.prefix(8))\t\(comment.author)\t\(comment.writtenText)\t\(comment.text)"
                }
            }
        }

        /// `kanban comments add CARD TEXT`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Write a comment on a card (1–5,000 characters).")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The card: its id or a unique prefix.")
            var card: String

            @Argument(help: "The comment (markdown is kept as written).")
            var text: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.addComment(board: global.board, card: card, text: text), global, json: json, quiet: "")
            }
        }

        /// `kanban comments edit CARD COMMENT TEXT`.
        struct Edit: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a comment you wrote.")

            @OptionGroup var target: CardDetailOptions<EditedCommentArgument, NewTextArgument>

            func run() throws {
                try target.write(.editComment(board: target.board, card: target.card, comment: target.detail, text: target.change.text), quiet: "Nothing changed.")
            }
        }

        /// `kanban comments delete CARD COMMENT`.
        struct Delete: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a comment you wrote.")

            @OptionGroup var target: CardDetailOptions<CommentArgument, NoArguments>

            func run() throws {
                try target.write(.deleteComment(board: target.board, card: target.card, comment: target.detail), quiet: "")
            }
        }
    }
}

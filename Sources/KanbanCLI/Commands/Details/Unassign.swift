import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban unassign CARD PERSON`: unassigns someone from a card.
    struct Unassign: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unassign", abstract: "Unassign someone from a card.")

        /// The person it names.
        enum PersonArgument: CardDetailArgument {
            static let help = ArgumentHelp("Who, as assigned.", valueName: "person")
        }

        @OptionGroup var target: CardDetailOptions<PersonArgument, NoArguments>

        func run() throws {
            try target.write(.unassign(board: target.board, card: target.card, person: target.detail), quiet: "\(target.detail) is not assigned.")
        }
    }
}

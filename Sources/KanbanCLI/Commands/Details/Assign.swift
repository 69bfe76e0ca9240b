import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban assign CARD PERSON`: assigns someone to a card.
    struct Assign: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "assign", abstract: "Assign someone to a card.")

        /// The person it names.
        enum PersonArgument: CardDetailArgument {
            static let help = ArgumentHelp("Who: a name of 1–50 characters.", valueName: "person")
        }

        @OptionGroup var target: CardDetailOptions<PersonArgument, NoArguments>

        func run() throws {
            try target.write(.assign(board: target.board, card: target.card, person: target.detail), quiet: "\(target.detail) is assigned already.")
        }
    }
}

import Foundation
import KanbanCLI

exit(KanbanCommand.run(Array(CommandLine.arguments.dropFirst())))

import Foundation
import KanbanCore
import KanbanReplica

/// The few arguments of a queued mutation that `kanban sync --status` names it by, read from its
/// wire arguments (``KanbanCore/CommandWire``, whatever its kind): the card (or the added card's
/// id), title, column, name and new name.
struct SummaryArguments: Decodable {
    var card: String?
    var title: String?
    var column: String?
    var name: String?
    var to: String?

    init(_ mutation: MutationWire) {
        let arguments = CommandWire.arguments(of: mutation.command, newID: mutation.newID)
        let read = arguments.flatMap { try? JSONEncoder().encode($0) }.flatMap { try? JSONDecoder().decode(Self.self, from: $0) }
        self = read ?? SummaryArguments()
    }

    private init() {}
}

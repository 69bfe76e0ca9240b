import Foundation
import Kanban
import KanbanReplica

/// The few arguments of a queued mutation that `kanban sync --status` names it by, read from its
/// wire form (whatever its kind): the card (or the added card's id), title, column, name and new name.
struct SummaryArguments: Decodable {
    var card: String?
    var title: String?
    var column: String?
    var name: String?
    var to: String?

    private struct Wire: Decodable {
        var args: SummaryArguments?
    }

    init(_ mutation: MutationWire) {
        let read = (try? JSONEncoder().encode(mutation)).flatMap { try? JSONDecoder().decode(Wire.self, from: $0) }
        self = read?.args ?? SummaryArguments()
    }

    private init() {}
}

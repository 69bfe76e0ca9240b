import Kanban
import KanbanCore

/// Runs a command on a card's or board's details as `global`'s actor and prints what it
/// appended (`quiet` when nothing changed). A replica cannot queue these yet: it says so.
func runDetail(_ command: Command, _ global: GlobalOptions, json: Bool, quiet: String) throws {
    let engine = try global.openEngine()
    if try ReplicaWrites.queueIfReplica(command, on: engine, actor: global.actorName, json: json) { return }
    let events = try engine.execute(command, actor: global.actorName)
    try report(events, of: engine, json: json, quiet: quiet)
}

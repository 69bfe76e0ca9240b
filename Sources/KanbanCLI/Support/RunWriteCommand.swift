import Kanban
import KanbanCore

/// Runs `command` as `global`'s actor and prints what it appended (`quiet` when nothing
/// changed): the events as JSON with `json`, else one line each. On a replica it queues the
/// command for the server instead, and says so (``ReplicaWrites``).
func runWrite(_ command: Command, _ global: GlobalOptions, json: Bool, quiet: String) throws {
    guard let (engine, events) = try executeWrite(command, global, json: json) else { return }
    try report(events, of: engine, json: json, quiet: quiet)
}

/// Opens `global`'s engine and executes `command` as its actor: the engine and the events it
/// appended, for a command that prints them its own way. On a replica it queues the command
/// instead, prints so and returns `nil`.
func executeWrite(_ command: Command, _ global: GlobalOptions, json: Bool) throws -> (engine: KanbanEngine, events: [RecordedEvent])? {
    let engine = try global.openEngine()
    if try ReplicaWrites.queueIfReplica(command, on: engine, actor: global.actorName, json: json) { return nil }
    return (engine, try engine.execute(command, actor: global.actorName))
}

/// Prints what a command appended: the events as JSON, or one line each.
func report(_ events: [RecordedEvent], of engine: KanbanEngine, json: Bool, quiet: String) throws {
    if json {
        try Output.printJSON(events.map(EventOutput.init(event:)))
        return
    }
    if events.isEmpty { Output.print(quiet) }
    var lines = EventLine(columnNames: try engine.withState { $0.columns.mapValues(\.name) })
    for event in events { Output.line(lines.line(for: event)) }
}

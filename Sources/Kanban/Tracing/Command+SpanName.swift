import KanbanCore

extension Command {
    /// The name of the command's span: `kanban.command` and the command's wire name
    /// (`kanban.command moveCard`), or its case's name for one never sent over the wire
    /// (`kanban.command restore`).
    var spanName: String {
        let name = CommandWire.arguments(of: self).map { type(of: $0).name } ?? Mirror(reflecting: self).children.first?.label ?? "command"
        return "kanban.command \(name)"
    }
}

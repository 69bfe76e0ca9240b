import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban snapshots`: lists the stored snapshots with their sizes.
    struct Snapshots: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "snapshots", abstract: "List the stored snapshots with their sizes.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON array of {\"sequence\", \"bytes\"}.")
        var json = false

        func run() throws {
            let list = try global.openEngine().snapshots.list()
            if json {
                try Output.printJSON(list.map(SnapshotOutput.init(info:)))
            } else {
                for info in list { Output.print("#\(info.sequence)\t\(info.bytes) bytes") }
                Output.print("\(list.count) snapshot\(list.count == 1 ? "" : "s"), \(list.reduce(0) { $0 + $1.bytes }) bytes")
            }
        }
    }
}

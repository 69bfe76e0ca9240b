import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban snapshot [--at SEQ|DATE]`: takes a snapshot now, or of a moment of the past.
    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snapshot",
            abstract: "Take a snapshot of the state now (they are also taken every 20,000 events, in the background)."
        )

        @OptionGroup var global: GlobalOptions

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "Snapshot the state after event SEQ, or at DATE (a date means the end of that day), instead of now: time travel near it then starts there.",
            valueName: "seq|date"
        ))
        var at: String?

        @Flag(help: "Print {\"sequence\", \"bytes\"} as JSON.")
        var json = false

        func run() throws {
            let point = try at.map { text throws(KanbanError) in try PointInTime(parsing: text) }
            let engine = try global.openEngine()
            let info: SnapshotInfo
            if let point {
                let sequence = try engine.timeTravel.sequence(of: point)
                if sequence == 0, case .moment = point, let at { throw KanbanError.outsideLog("\(at) (before the first event)") }
                info = try engine.snapshots.take(atSequence: sequence)
            } else {
                info = try engine.snapshots.take()
            }
            if json {
                try Output.printJSON(SnapshotOutput(info: info))
            } else if info.sequence == 0 {
                Output.print("The log is empty: nothing to snapshot.")
            } else if info.bytes == 0 {
                Output.print("Snapshot of #\(info.sequence) taken, then removed by retention: snapshots would outgrow the log, and others lie closer.")
            } else {
                Output.print("Snapshot of #\(info.sequence): \(info.bytes) bytes")
            }
        }
    }
}

import ArgumentParser
import Kanban
import KanbanCore

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
                let sequence = try engine.sequence(of: point)
                if sequence == 0, case .moment = point, let at { throw KanbanError.outsideLog("\(at) (before the first event)") }
                info = try engine.snapshot(atSequence: sequence)
            } else {
                info = try engine.snapshot()
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

    /// `kanban snapshots`: lists the stored snapshots with their sizes.
    struct Snapshots: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "snapshots", abstract: "List the stored snapshots with their sizes.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON array of {\"sequence\", \"bytes\"}.")
        var json = false

        func run() throws {
            let list = try global.openEngine().snapshotList()
            if json {
                try Output.printJSON(list.map(SnapshotOutput.init(info:)))
            } else {
                for info in list { Output.print("#\(info.sequence)\t\(info.bytes) bytes") }
                Output.print("\(list.count) snapshot\(list.count == 1 ? "" : "s"), \(list.reduce(0) { $0 + $1.bytes }) bytes")
            }
        }
    }

    /// `kanban verify`: replays from scratch and compares with every snapshot and the open state.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Replay the whole log from scratch, decoding every byte, and compare with every snapshot and the open state.",
            discussion: "Exits 1 and names the first difference."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"events\", \"snapshots\", \"ok\", \"difference\"} as JSON.")
        var json = false

        func run() throws {
            let report = try global.openEngine().verify()
            if json {
                try Output.printJSON(VerifyOutput(report: report))
            } else if report.firstDifference == nil {
                Output.print("OK: \(report.events) events replayed, \(report.snapshots) snapshot\(report.snapshots == 1 ? "" : "s") and the open state agree.")
            }
            if let difference = report.firstDifference {
                Output.error("kanban: verify failed: \(difference)")
                throw ExitCode(1)
            }
        }
    }
}

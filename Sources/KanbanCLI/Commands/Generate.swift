import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban generate --events N`: appends the standard benchmark workload.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Append the standard benchmark workload (described in Benchmarks/README.md) in batches."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("How many events to append.", valueName: "n"))
        var events: Int

        @Option(help: ArgumentHelp("The seed: the same events and seed give the same log.", valueName: "s"))
        var seed: UInt64 = 1

        @Option(help: ArgumentHelp("Spread the events over this many boards.", valueName: "b"))
        var boards: Int = 1

        @Option(help: ArgumentHelp("Events per write transaction.", valueName: "n"))
        var batchSize: Int = 10_000

        @Flag(help: "Print {\"events\", \"seconds\", \"eventsPerSecond\"} as JSON.")
        var json = false

        func validate() throws {
            try CountRange.check(events, 1...100_000_000, flag: "--events")
            try CountRange.check(boards, 1...Limits.boards, flag: "--boards")
            try CountRange.check(batchSize, 1...1_000_000, flag: "--batch-size")
        }

        func run() throws {
            let engine = try global.openEngine()
            try ReplicaWrites.refuseOnReplica(engine, "generate")
            let report = try engine.importer.generate(events: events, seed: seed, boards: boards, batchSize: batchSize)
            try printRate(report, verb: "Appended", json: json)
        }
    }
}

/// Prints events, seconds and events per second, as text or JSON, and for a replay how the
/// state was built.
func printRate(_ report: ReplayReport, verb: String, json: Bool) throws {
    let isReplay = verb == "Replayed"
    if json {
        if isReplay {
            try Output.printJSON(ReplayOutput(report: report))
        } else {
            try Output.printJSON(GenerateOutput(report: report))
        }
        return
    }
    let rate = Int(report.eventsPerSecond.rounded())
    let seconds = String(format: "%.3f", report.seconds)
    if isReplay, let snapshot = report.snapshot {
        Output.print("Built \(report.events) events from snapshot #\(snapshot) + \(report.tailEvents) events in \(seconds) s (\(rate) events/s replayed)")
    } else {
        Output.print("\(verb) \(report.events) events in \(seconds) s (\(rate) events/s)")
    }
}

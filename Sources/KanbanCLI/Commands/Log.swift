import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban log`: the raw events with their sequence numbers.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: "Print the raw events with their sequence numbers.")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Start after this sequence number.", valueName: "seq"))
        var after: UInt64 = 0

        @Option(help: ArgumentHelp("Print at most this many events.", valueName: "n"))
        var limit: Int?

        @Flag(help: "Print a JSON array of events.")
        var json = false

        func validate() throws {
            try CountRange.check(limit, 0...CountRange.maximumLimit, flag: "--limit")
        }

        func run() throws {
            let engine = try global.openEngine()
            if json {
                try Output.printJSON(try engine.events(after: after, limit: limit).map(EventOutput.init(event:)))
                return
            }
            // Column names are followed from the start of the log, so a line shows them as they were.
            var lines = EventLine()
            var printed = 0
            for event in try engine.events() {
                let line = lines.line(for: event)
                guard event.sequence > after else { continue }
                if let limit, printed >= limit { break }
                Output.line(line)
                printed += 1
            }
        }
    }
}

import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput
import KanbanReplica

extension KanbanCommand {
    /// `kanban board`: draws the board's columns side by side.
    struct ShowBoard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "board",
            abstract: "Draw the board's columns side by side; overdue cards stand out."
        )

        @OptionGroup var global: GlobalOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("The board as it was after event SEQ, or at DATE (a date means the end of that day).", valueName: "seq|date"))
        var at: String?

        @Flag(help: "Print the board as JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            // A board at a moment as JSON is written where its cards lie, with no view made.
            if json, let at {
                try printLaidOut(engine: engine, at: try PointInTime(parsing: at))
                return
            }
            // On a replica, now means with the changes queued on it (applied as the origin would).
            let replica = at == nil ? try Replica.open(engine) : nil
            let view = try at.map { text in try engine.timeTravel.boardView(named: global.board, at: try PointInTime(parsing: text)) }
                ?? replica.map { try $0.boardViewWithPending(named: global.board).view }
                ?? engine.boardView(named: global.board)
            if json {
                try Output.printJSON { sink in try BoardJSON.write(view: view, to: sink) }
            } else {
                Output.styled(BoardRenderer(terminal: .current).render(view))
                if let line = try ReplicaWrites.notSyncedLine(engine) { Output.line(line) }
            }
            EngineRetention.keep(view)
        }

        /// Prints the board at `point` as JSON from its laid-out cards (the default board not
        /// made yet: its placeholder view), the bytes the view would give.
        private func printLaidOut(engine: KanbanEngine, at point: PointInTime) throws {
            try Output.printJSON { sink in
                let written: Void? = try engine.timeTravel.withBoardLaidOut(
                    named: global.board, at: point, keep: { EngineRetention.keep($0) }
                ) { board in
                    try BoardJSON.write(laidOut: board, to: sink)
                }
                if written == nil { try BoardJSON.write(view: DefaultBoard.placeholderView, to: sink) }
            }
        }
    }
}

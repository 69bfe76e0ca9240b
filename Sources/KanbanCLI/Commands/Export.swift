import ArgumentParser
import Foundation
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban export`: the log as JSON Lines, or the history as CSV, to take away.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the log as JSON Lines (every event, byte for byte) or the history as CSV.",
            discussion: """
                jsonl: one line per event, the 'log --json' object plus "leaf" (its RFC 6962 leaf \
                hash, hex) and "raw" (the stored bytes, base64); 'kanban import --format jsonl' \
                reproduces the log from a whole export. csv: the history view as RFC 4180 CSV \
                (sequence, time in UTC, actor, board, card id, card title, kind, line, changes) \
                with a UTF-8 byte order mark; a cell starting with = + - @ gets a leading ' so that \
                a spreadsheet does not run it as a formula. Every board unless --board names one. \
                With --out the file appears whole or not at all.
                """
        )

        @OptionGroup var log: LogOptions

        @Option(help: ArgumentHelp("jsonl or csv.", valueName: "format"))
        var format: ExportFormat

        @Option(parsing: .unconditional, help: ArgumentHelp("Only this board's events (the board named so now; its events from before a rename too). Default: every board.", valueName: "name"))
        var board: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only events at or after this date or date-time.", valueName: "date"))
        var since: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only events up to event SEQ, or at or before DATE (a date means the whole day).", valueName: "seq|date"))
        var until: String?

        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Write to this file (replaced whole, or left as it was on failure) instead of standard output.", valueName: "file"))
        var out: String?

        @Option(help: ArgumentHelp("csv: language of the lines: en, ko or fr. Default: from the locale.", valueName: "lang"))
        var lang: HistoryLanguage?

        func validate() throws {
            if lang != nil && format != .csv { throw ValidationError("--lang is for --format csv") }
            if let out, out.isEmpty { throw ValidationError("--out needs a file name") }
        }

        func run() throws {
            var query = ExportQuery(board: board)
            query.since = try since.map { text throws(KanbanError) in try Due(parsing: text).start }
            let until = try self.until.map { text throws(KanbanError) in try PointInTime(parsing: text) }
            query.until = until?.moment
            query.untilSequence = until?.sequence
            let engine = try log.openEngine()
            let destination = try ExportDestination(path: out)
            var count = 0
            do {
                switch format {
                case .jsonl:
                    try engine.export.events(query) { stored in
                        try destination.write(try OutputJSON.encode(ExportedEventOutput(stored: stored)))
                        try destination.write("\n")
                        count += 1
                    }
                case .csv:
                    try destination.write(HistoryCSV.byteOrderMark + HistoryCSV.header)
                    try engine.export.history(query, language: lang ?? .fromEnvironment) { row in
                        try destination.write(HistoryCSV.record(for: row))
                        count += 1
                    }
                }
                try destination.finish()
            } catch {
                destination.discard()
                throw error
            }
            if let out {
                let what = format == .jsonl ? "event" : "row"
                Output.print("Exported \(count) \(what)\(count == 1 ? "" : "s") to \(out).")
            }
        }
    }
}

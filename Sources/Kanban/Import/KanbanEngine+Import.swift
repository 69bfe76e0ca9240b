import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    @discardableResult
    func importLog(
        lines: (_ each: (Int, ArraySlice<UInt8>) throws -> Void) throws -> Void,
        progress: ((Int) -> Void)? = nil
    ) throws -> Int {
        try appendLines(lines, continuing: false, progress: progress)
    }

    @discardableResult
    func appendExported(lines: (_ each: (Int, ArraySlice<UInt8>) throws -> Void) throws -> Void) throws -> Int {
        try appendLines(lines, continuing: true, progress: nil)
    }

    /// Appends exported `lines` after the log's last event (`continuing`), or into an empty log.
    private func appendLines(
        _ lines: (_ each: (Int, ArraySlice<UInt8>) throws -> Void) throws -> Void,
        continuing: Bool,
        progress: ((Int) -> Void)?
    ) throws -> Int {
        try appendBatch { batch in
            let existing = try batch.logCount()
            guard continuing || existing == 0 else { throw LogImportError.databaseNotEmpty(events: existing) }
            let last = continuing ? try batch.lastSequence() : 0
            var appended = 0
            var previous: (line: Int, timestamp: Timestamp)?
            let lastTimestamp = batch.lastTimestamp
            // The run of backdated events of one board being read, recorded as a range when it ends.
            var run: (board: BoardID, sequences: ClosedRange<UInt64>)?
            try lines { number, line in
                let expected = last + UInt64(appended) + 1
                guard let stored = try Self.importedEvent(line, number: number, sequence: expected, continuing: continuing) else { return }
                if let previous, stored.event.timestamp < previous.timestamp {
                    throw LogImportError.badLine(
                        line: number,
                        reason: "its timestamp \(stored.event.timestamp) is earlier than line \(previous.line)'s, \(previous.timestamp) (a log's time never goes backwards)"
                    )
                }
                if previous == nil, last > 0, stored.event.timestamp < lastTimestamp {
                    throw LogImportError.badLine(
                        line: number,
                        reason: "its timestamp \(stored.event.timestamp) is earlier than the log's last event's, \(lastTimestamp) (a log's time never goes backwards)"
                    )
                }
                previous = (number, stored.event.timestamp)
                let event = stored.event
                if let current = run, event.happenedAt == nil || current.board != event.board || current.sequences.upperBound + 1 != event.sequence {
                    try batch.recordBackdated(board: current.board, sequences: current.sequences)
                    run = nil
                }
                if event.happenedAt != nil {
                    run = (event.board, (run?.sequences.lowerBound ?? event.sequence)...event.sequence)
                }
                try batch.appendStored(stored)
                appended += 1
                if appended % Self.importProgressInterval == 0 { progress?(appended) }
            }
            if let run { try batch.recordBackdated(board: run.board, sequences: run.sequences) }
            progress?(appended)
            return appended
        }
    }

    /// How many events pass between two reports of an import's progress.
    static let importProgressInterval = 10_000

    /// The event line `number` stores as sequence `sequence`, checked as ``importLog(lines:progress:)``
    /// says; `nil` for a blank line.
    private static func importedEvent(_ line: ArraySlice<UInt8>, number: Int, sequence: UInt64, continuing: Bool) throws -> StoredEvent? {
        guard line.contains(where: { !Self.isJSONWhitespace($0) }) else { return nil }
        func bad(_ reason: String) -> LogImportError { .badLine(line: number, reason: reason) }
        let exported: ExportedEventOutput
        do {
            exported = try OutputJSON.decode(ExportedEventOutput.self, from: Data(line))
        } catch let error as DecodingError {
            throw bad("not an exported event: \(Self.reason(error))")
        }
        guard exported.event.sequence == sequence else {
            if continuing {
                throw bad("sequence \(exported.event.sequence) where \(sequence) was expected: the lines do not continue this log, event after event")
            }
            throw bad("sequence \(exported.event.sequence) where \(sequence) was expected: lines are missing or out of order (only a whole export, without --board, --since or --until, can be imported)")
        }
        guard let raw = Data(base64Encoded: exported.raw) else { throw bad("\"raw\" is not base64") }
        let bytes = [UInt8](raw)
        guard MerkleHash.digest(hex: exported.leaf) == MerkleHash.leaf(bytes) else {
            throw bad("\"leaf\" is not the leaf hash of \"raw\"")
        }
        let event: RecordedEvent
        do {
            event = try EventCodec.decode(bytes, sequence: sequence)
        } catch {
            throw bad("\"raw\" does not decode to an event: \(error)")
        }
        if let key = Self.firstDifference(EventOutput(event: event), exported.event) {
            throw bad("\"raw\" is not the event the line describes: its \"\(key)\" differs")
        }
        return StoredEvent(event: event, bytes: bytes)
    }

    /// The first key whose value differs between the two forms of an event, or `nil`.
    private static func firstDifference(_ decoded: EventOutput, _ described: EventOutput) -> String? {
        if decoded.sequence != described.sequence { return "sequence" }
        if decoded.timestamp != described.timestamp { return "timestamp" }
        if decoded.happenedAt != described.happenedAt { return "happenedAt" }
        if decoded.actor != described.actor { return "actor" }
        if decoded.id != described.id { return "id" }
        if decoded.board != described.board { return "board" }
        if decoded.kind != described.kind { return "kind" }
        if decoded.payload != described.payload { return "data" }
        return nil
    }

    /// What is wrong with a line that did not decode, in a few words.
    private static func reason(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let within = path(context)
            return "no \"\(key.stringValue)\"" + (within.isEmpty ? "" : " in \"\(within)\"")
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            return "\"\(path(context))\" is not of the right type"
        case .dataCorrupted(let context):
            let within = path(context)
            return within.isEmpty ? "not a JSON object" : "\"\(within)\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

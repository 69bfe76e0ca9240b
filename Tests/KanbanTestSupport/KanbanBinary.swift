import Foundation
import KanbanOutput

/// Runs the real `kanban` executable on one database directory, as a user would: with
/// `--db`, `KANBAN_ACTOR` set, `KANBAN_DB` unset and colour off.
public struct KanbanBinary: Sendable {
    /// The executable's path.
    public let executable: String
    /// The database directory every run is given with `--db`.
    public let database: String
    /// The actor every run records.
    public let actor: String

    public init(database: String, actor: String = "tester") throws {
        executable = try KanbanExecutable.path()
        self.database = database
        self.actor = actor
    }

    /// The environment changes every run gets.
    public var environment: [String: String?] {
        ["KANBAN_ACTOR": actor, "KANBAN_DB": nil, "NO_COLOR": "1", "COLUMNS": "160"]
    }

    /// Runs `kanban ARGUMENTS --db DATABASE` to the end.
    public func run(_ arguments: [String]) throws -> ProcessOutput {
        try Subprocess.run(executable, arguments + ["--db", database], environment: environment)
    }

    /// Runs `kanban ARGUMENTS --db DATABASE` to the end.
    public func run(_ arguments: String...) throws -> ProcessOutput {
        try run(arguments)
    }

    /// Runs `kanban ARGUMENTS --db DATABASE -- VALUES` to the end: the database comes before the
    /// `--`, after which every word is a positional value, however it starts.
    public func run(_ arguments: [String], afterTerminator values: [String]) throws -> ProcessOutput {
        try Subprocess.run(executable, arguments + ["--db", database, "--"] + values, environment: environment)
    }

    /// Starts `kanban ARGUMENTS --db DATABASE` without waiting for it, with `extra` over the
    /// environment every run gets.
    public func start(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> Subprocess {
        try Subprocess(executable: executable, arguments: arguments + ["--db", database], environment: environment.merging(extra) { $1 })
    }

    /// Runs a command that must succeed and returns its standard output.
    @discardableResult
    public func succeed(_ arguments: [String]) throws -> String {
        let output = try run(arguments)
        guard output.status == 0, !output.wasSignalled else {
            throw Failed(arguments: arguments, output: output)
        }
        return output.stdout
    }

    /// Runs a command that must succeed and decodes its standard output as JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, _ arguments: [String]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(try succeed(arguments).utf8))
    }

    /// `kanban add TITLE [EXTRA…]`, returning the printed card id.
    @discardableResult
    public func add(_ title: String, _ extra: [String] = []) throws -> String {
        try succeed(["add", title] + extra).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `kanban stats --json`.
    public func stats() throws -> StatsJSON {
        try decode(StatsJSON.self, ["stats", "--json"])
    }

    /// `kanban board --json` (of `board`, when given).
    public func board(_ board: String? = nil) throws -> BoardJSON {
        try decode(BoardJSON.self, ["board", "--json"] + (board.map { ["--board", $0] } ?? []))
    }

    /// `kanban log --json`.
    public func log() throws -> [LogEventJSON] {
        try decode([LogEventJSON].self, ["log", "--json"])
    }

    /// A command that had to succeed failed.
    public struct Failed: Error, CustomStringConvertible {
        public let arguments: [String]
        public let output: ProcessOutput
        public var description: String { "kanban \(arguments.joined(separator: " ")) failed: \(output)" }
    }
}

/// `kanban stats --json`.
public struct StatsJSON: Decodable, Equatable, Sendable {
    public let events: Int
    public let lastSequence: Int
    public let liveCards: Int
    public let boards: Int
    public let databaseBytes: Int
    public let mapBytes: Int
}

/// `kanban board --json`.
public struct BoardJSON: Decodable, Equatable, Sendable {
    public let board: String
    public let columns: [Column]

    public struct Column: Decodable, Equatable, Sendable {
        public let name: String
        public let cards: [Card]
    }

    public struct Card: Decodable, Equatable, Sendable {
        public let id: String
        public let title: String
        public let description: String
        public let due: String?
        public let overdue: Bool
    }

    /// The column named `name` exactly.
    public func column(_ name: String) -> Column? { columns.first { $0.name == name } }

    /// Card ids per column, in board order.
    public var cardIDs: [[String]] { columns.map { $0.cards.map(\.id) } }
}

/// One event of `kanban log --json` (its `data` is not decoded).
public struct LogEventJSON: Decodable, Equatable, Sendable {
    public let sequence: Int
    public let timestamp: String
    public let actor: String
    public let id: String
    public let board: String
    public let kind: String

    /// The timestamp with its milliseconds always written, so stamps compare as text: the log
    /// leaves them out on a whole second, and "…:58Z" sorts after "…:58.120Z" though it is earlier.
    public var comparableTimestamp: String {
        timestamp.contains(".") ? timestamp : timestamp.replacingOccurrences(of: "Z", with: ".000Z")
    }
}

/// `kanban generate --json` and `kanban replay --json`.
public struct RateJSON: Decodable, Equatable, Sendable {
    public let events: Int
    public let seconds: Double
    public let eventsPerSecond: Double
}

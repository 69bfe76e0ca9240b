import Foundation
import KanbanTestSupport
import Testing

extension CLIFixture {
    /// The locale and time zone a run gets unless told otherwise: English, UTC, whatever the
    /// machine running the tests says.
    static let pinned: [String: String?] = ["LC_ALL": nil, "LC_MESSAGES": nil, "LANG": "C.UTF-8", "TZ": "UTC"]

    /// Runs `kanban ARGUMENTS --db DATABASE` with the pinned locale and time zone, changed by `environment`.
    func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> ProcessOutput {
        var merged = kanban.environment
        for (name, value) in CLIFixture.pinned { merged[name] = value }
        for (name, value) in environment { merged[name] = value }
        return try Subprocess.run(kanban.executable, arguments + ["--db", database], environment: merged)
    }

    /// Runs a command that must succeed, with the pinned locale and time zone changed by
    /// `environment`, and returns its standard output.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try run(arguments, environment: environment)
        #expect(output.status == 0 && !output.wasSignalled && output.stderr.isEmpty,
                "kanban \(arguments.joined(separator: " ")): \(output)", sourceLocation: sourceLocation)
        guard output.status == 0 else { throw CommandFailed(description: "kanban \(arguments.joined(separator: " ")): \(output)") }
        return output.stdout
    }

    /// The lines a successful command printed.
    func lines(_ arguments: [String], environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try succeed(arguments, environment: environment, sourceLocation: sourceLocation)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// A command that had to succeed failed.
struct CommandFailed: Error, CustomStringConvertible {
    let description: String
}

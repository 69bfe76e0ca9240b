import ArgumentParser
import Foundation
import Kanban
import KanbanCore

/// `kanban`: the command line of the event-sourced kanban engine.
public struct KanbanCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "kanban",
        abstract: "An event-sourced kanban board: every change is an event in an LMDB log.",
        discussion: """
            CARD is the id that 'add' printed or any unique prefix of it. DATE is an ISO 8601 \
            date (2026-12-01) or date-time (2026-12-01T09:30:00Z).
            Exit status: 0 on success, 1 when a command is rejected, 2 for a usage error.
            """,
        subcommands: [
            Add.self, Edit.self, Move.self, Delete.self, Revive.self, Deleted.self, Undo.self, Redo.self,
            ShowBoard.self, Boards.self, Columns.self,
            History.self, Flow.self, Log.self, Stats.self, Generate.self, Replay.self,
            Snapshot.self, Snapshots.self, Verify.self, Diff.self, Restore.self, Audit.self,
            Export.self, Import.self, Clone.self, Sync.self,
            ShowCard.self, Assign.self, Unassign.self, Label.self, DueDone.self, Comments.self, Checklist.self, Links.self,
            Members.self, Labels.self,
        ]
    )

    public init() {}

    /// Keeps every engine a command opens alive until the process exits, instead of freeing
    /// its state when the command returns: for an executable that calls `exit` right after
    /// ``run(_:root:)``, where freeing is wasted work.
    public static func keepEnginesUntilExit() {
        EngineRetention.keepUntilExit()
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status:
    /// 0 success, 1 a rejected command or a failure, 2 a usage error. Errors are one line on stderr.
    /// `root` is the command tree: this one, or one that adds subcommands (the executable adds `serve`).
    public static func run(_ arguments: [String], root: any ParsableCommand.Type = KanbanCommand.self) -> Int32 {
        let command: ParsableCommand
        do {
            command = try root.parseAsRoot(LeadingDashValues.protect(arguments, root: root))
        } catch {
            let code = root.exitCode(for: error)
            if code == .success {
                Output.print(root.fullMessage(for: error))
                return 0
            }
            let text = root.message(for: error).split(separator: "\n").first ?? ""
            // A value such as a title that starts with "--" was read as an unknown option.
            let hint = text.hasPrefix("Missing expected argument")
                ? LeadingDashValues.hint(for: arguments, root: root).map { "; \($0)" } ?? "" : ""
            Output.error("kanban: \(text)\(hint) (see 'kanban --help')")
            return 2
        }
        do {
            var runnable = command
            try runnable.run()
            return 0
        } catch let error as KanbanError {
            Output.error("kanban: \(error)")
            return 1
        } catch let error as EngineError {
            Output.error("kanban: database error: \(error.failure)\(hint(for: error))")
            return 1
        } catch let error as ValidationError {
            Output.error("kanban: \(error.message)")
            return 2
        } catch let error as ExitCode {
            return error.rawValue
        } catch where root.exitCode(for: error) == .success {
            // `kanban`, `kanban help` and `--help` after a subcommand: the usage, on stdout.
            Output.print(root.fullMessage(for: error))
            return 0
        } catch where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            Output.error("kanban: \(root.message(for: error).split(separator: "\n").first ?? "") (see 'kanban --help')")
            return 2
        } catch {
            // Foundation's localizedDescription of a Swift error is "The operation could not be
            // completed": an error that can say what went wrong says it.
            Output.error("kanban: \(String(describing: error))")
            return 1
        }
    }

    private static func hint(for error: EngineError) -> String {
        switch error {
        case .notADatabase: " — is --db an LMDB environment directory?"
        case .diskFull: " — the disk may be full; the transaction was rolled back and nothing of it was appended"
        case .corruptDatabase, .tooManyReaders, .storage: ""
        }
    }
}

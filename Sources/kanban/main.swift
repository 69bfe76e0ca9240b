import Foundation
import Kanban
import KanbanCLI
import KanbanPostgres

// A large board's allocations fault 2 MB pages, not 4 KB ones: for commands that end, not
// for a server, which should hand memory back as it goes.
if CommandLine.arguments.dropFirst().first != "serve" { HugePageHeap.request() }
// The process ends right after the command: its engine's state is left for exit to drop.
KanbanCommand.keepEnginesUntilExit()
// `--store URL` names a shared log on PostgreSQL, which this program links.
SharedLogOpener.open = { url in try PostgresLogStore(url: try PostgresURL(url)) }
let status = KanbanCommand.run(Array(CommandLine.arguments.dropFirst()), root: KanbanRoot.self)
// A snapshot the command scheduled is written after the output is out: hand standard output
// back first, so whoever reads it (a pipe, `$(kanban add …)`) is not kept waiting.
fflush(nil)
if EngineSnapshots.hasBackgroundWork {
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 { dup2(null, STDOUT_FILENO) }
    EngineSnapshots.waitForBackgroundWork()
}
exit(status)

import Kanban
import Synchronization

/// Engines the commands opened, kept alive until the process exits when the `kanban`
/// executable asks for it (``KanbanCommand/keepEnginesUntilExit()``): freeing a state of 50,000
/// cards piece by piece at the end of a command costs about an eighth of opening it, for a
/// process that is about to end anyway. In-process runs (tests, programs that embed the CLI)
/// keep nothing. Leaving an engine unclosed at exit is safe: its writer is idle once the
/// command returned, a background snapshot is awaited by the executable, and LMDB releases a
/// read transaction's slot when the transaction ends (and clears a dead process's at open).
enum EngineRetention {
    private static let kept = Mutex<[KanbanEngine]?>(nil)

    /// From now on, engines opened are kept until the process exits.
    static func keepUntilExit() {
        kept.withLock { engines in
            if engines == nil { engines = [] }
        }
    }

    /// Keeps `engine` when engines are being kept.
    static func register(_ engine: KanbanEngine) {
        kept.withLock { engines in engines?.append(engine) }
    }
}

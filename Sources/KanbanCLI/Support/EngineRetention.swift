import Kanban
import Synchronization

/// Engines the commands opened, kept alive until the process exits when the `kanban`
/// executable asks for it (``KanbanCommand/keepEnginesUntilExit()``): freeing a state of 50,000
/// cards piece by piece at the end of a command costs about an eighth of opening it, for a
/// process that is about to end anyway. In-process runs (tests, programs that embed the CLI)
/// keep nothing. Leaving an engine unclosed at exit is safe: its writer is idle once the
/// command returned, a background snapshot is awaited by the executable, and LMDB releases a
/// read transaction's slot when the transaction ends (and clears a dead process's at open).
///
/// Large results a command is done with (a board of 117,000 cards laid out: a tenth of
/// `board --at` went to freeing it) are kept the same way, with ``keep(_:)``.
enum EngineRetention {
    private static let kept = Mutex<[KanbanEngine]?>(nil)
    private static let keptValues = Mutex<[any Sendable]?>(nil)

    /// From now on, engines opened (and values passed to ``keep(_:)``) are kept until the
    /// process exits.
    static func keepUntilExit() {
        kept.withLock { engines in
            if engines == nil { engines = [] }
        }
        keptValues.withLock { values in
            if values == nil { values = [] }
        }
    }

    /// Keeps `value`, which the command is done with, when engines are being kept: the process
    /// ends without freeing it piece by piece.
    static func keep(_ value: some Sendable) {
        keptValues.withLock { values in values?.append(value) }
    }

    /// Keeps `engine` when engines are being kept.
    static func register(_ engine: KanbanEngine) {
        kept.withLock { engines in engines?.append(engine) }
    }
}

import ArgumentParser
import Kanban
import Synchronization

/// How `--store URL` is opened: the `kanban` executable, which links the PostgreSQL store, sets
/// ``open`` before it runs a command; without it, `--store` is refused with one line.
public enum SharedLogOpener {
    /// Opens the shared log at a URL (one connection per call).
    public typealias Open = @Sendable (String) throws -> any LogStore

    private static let opener = Mutex<Open?>(nil)

    /// The function that opens a shared log, `nil` until the program sets one.
    public static var open: Open? {
        get { opener.withLock { $0 } }
        set { opener.withLock { $0 = newValue } }
    }

    /// The store at `url`; throws when this program cannot open shared logs.
    static func store(at url: String) throws -> any LogStore {
        guard let open else { throw ValidationError("--store needs the kanban program, which links the PostgreSQL store") }
        return try open(url)
    }
}

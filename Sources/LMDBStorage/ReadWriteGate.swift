#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process-local readers–writer lock. Every transaction holds it shared, and so does
/// anything else that reads inside the map (`mdb_env_info`, `mdb_env_stat`, `mdb_env_sync`);
/// resizing the map holds it exclusively, because LMDB requires that no transaction of this
/// process is alive while `mdb_env_set_mapsize` runs (it does not check this itself), and the
/// map moves.
final class ReadWriteGate: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    func lockShared() { pthread_rwlock_rdlock(lock) }
    func lockExclusive() { pthread_rwlock_wrlock(lock) }
    func unlock() { pthread_rwlock_unlock(lock) }

    func exclusively<Result>(_ body: () throws -> Result) rethrows -> Result {
        lockExclusive()
        defer { unlock() }
        return try body()
    }
}

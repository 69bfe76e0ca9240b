import Synchronization

/// Tells the subscribers of ``KanbanEngine/events(after:pollInterval:)`` that this process committed.
final class CommitSignal: Sendable {
    private let doorbells = Mutex<[ObjectIdentifier: Doorbell]>([:])

    /// Rings every subscriber's doorbell.
    func signal() {
        for doorbell in doorbells.withLock({ Array($0.values) }) { doorbell.ring() }
    }

    func register(_ doorbell: Doorbell) {
        doorbells.withLock { $0[ObjectIdentifier(doorbell)] = doorbell }
    }

    func unregister(_ doorbell: Doorbell) {
        _ = doorbells.withLock { $0.removeValue(forKey: ObjectIdentifier(doorbell)) }
    }
}

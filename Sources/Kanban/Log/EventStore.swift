import KanbanCore

/// What replay and append need from an event log, and nothing more: events in
/// ``EventCodec``'s binary form under sequence numbers 1, 2, 3, … in order.
///
/// ``EventLog`` (LMDB) is the one the engine uses. The benchmark package has a second one on a
/// SQLite table, to compare the same fold over another store; the engine itself knows only
/// ``EventLog``.
public protocol EventStore {
    /// Appends `events`, each an ``EventCodec`` encoding, after the last event in order (the
    /// first gets the last sequence number plus one), in one durable transaction: all or none.
    /// Returns the sequence number of the last event after the append.
    @discardableResult
    func appendEncoded(_ events: some Collection<[UInt8]>) throws -> UInt64

    /// Calls `body` with the sequence number and encoded bytes of every event after `sequence`,
    /// in order, until it returns `false`, all from one consistent read. The bytes are valid
    /// only inside `body`.
    func forEachEncoded(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws

    /// The sequence number of the last event, 0 for an empty store.
    func lastSequence() throws -> UInt64

    /// The number of events in the store.
    func count() throws -> Int
}

extension EventStore {
    /// Folds the events after `state.lastSequence` into `state` with the replay fast path
    /// (``KanbanState/apply(encoded:sequence:)``), as the engine catches up over its log.
    /// An event that does not decode throws ``KanbanError/corruptEvent(sequence:reason:)``.
    /// Returns the number of events applied.
    @discardableResult
    public func replay(into state: inout KanbanState) throws -> Int {
        var applied = 0
        try forEachEncoded(after: state.lastSequence) { sequence, bytes in
            do throws(EventDecodingError) {
                try state.apply(encoded: bytes, sequence: sequence)
            } catch {
                throw KanbanError.corruptEvent(sequence: sequence, reason: error.description)
            }
            applied += 1
            return true
        }
        return applied
    }

    /// The state the whole store folds to.
    public func replayedState() throws -> KanbanState {
        var state = KanbanState()
        try replay(into: &state)
        return state
    }
}

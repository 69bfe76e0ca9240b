import KanbanCore

extension LogStore {
    /// Folds the events after `state.lastSequence` into `state` with the replay fast path
    /// (``KanbanCore/KanbanState/apply(encoded:sequence:)``), from one consistent read, as the
    /// engine catches up over its own log: the same fold on any store, for comparing stores.
    /// An event that does not decode throws ``KanbanCore/KanbanError/corruptEvent(sequence:reason:)``.
    /// Returns the number of events applied.
    @discardableResult
    public func replay(into state: inout KanbanState) throws -> Int {
        try read { reader in
            var applied = 0
            try reader.forEachStored(after: state.lastSequence) { position, bytes in
                do throws(EventDecodingError) {
                    try state.apply(encoded: bytes, sequence: position)
                } catch {
                    throw KanbanError.corruptEvent(sequence: position, reason: error.description)
                }
                applied += 1
                return true
            }
            return applied
        }
    }

    /// The state the whole log folds to.
    public func replayedState() throws -> KanbanState {
        var state = KanbanState()
        try replay(into: &state)
        return state
    }
}

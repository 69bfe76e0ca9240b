import KanbanCore
import LMDBStorage

/// What the writer needs to decide a pushed mutation exactly once: where clients' positions
/// are kept, the client, the mutation, and whom to tell.
struct SyncTicket: Sendable {
    let store: SyncStore
    let client: String
    let mutation: Mutation
    /// Called once, after the batch committed (or failed).
    let reply: @Sendable (Result<MutationResult, any Error>) -> Void

    /// Why the mutation is not to be decided in `transaction`: decided before, or not next in
    /// line; `nil` when it is the client's next.
    func skip(in transaction: WriteTransaction) throws -> MutationSkip? {
        let last = try store.lastMutationID(of: client, in: transaction)
        if mutation.id <= last { return .duplicate }
        // `last` is below the mutation's id, so adding one cannot overflow.
        if mutation.id != last + 1 { return .outOfOrder(expected: last + 1) }
        return nil
    }

    /// Records in `transaction` that the mutation was decided, with `outcome`'s refusal if it
    /// was refused; returns the refusal.
    @discardableResult
    func record(_ outcome: Result<CommandOutcome, any Error>, in transaction: WriteTransaction) throws -> Refusal? {
        var refusal: Refusal?
        if case .failure(let error as KanbanError) = outcome {
            refusal = Refusal(id: mutation.id, reason: error.description, isConflict: error.isConflictWithOthers)
        }
        try store.record(mutation.id, of: client, refusal: refusal, in: transaction)
        return refusal
    }
}

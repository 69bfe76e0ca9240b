import KanbanCore
import LMDBStorage

/// What the writer needs to decide a pushed mutation exactly once: where clients' positions
/// are kept, the client, the mutation, and whom to tell.
struct SyncTicket: Sendable {
    let store: SyncStore
    let client: String
    let mutation: Mutation
    /// The mutation's ``Mutation/digest``, computed before it reaches the writer.
    let digest: [UInt8]
    /// The actor pushing it.
    let actor: String
    /// Whether only the client's owner (the first actor that pushed as it) may push as it: on a
    /// server whose actors are proven by tokens.
    let ownerOnly: Bool
    /// Called once, after the batch committed (or failed).
    let reply: @Sendable (Result<MutationResult, any Error>) -> Void

    /// Why the mutation is not to be decided in `transaction`: pushed by someone other than the
    /// client's owner, decided before (the same change: a retry; another change under the same
    /// id: a copied client's), or not next in line; `nil` when it is the client's next.
    func skip(in transaction: WriteTransaction) throws -> MutationSkip? {
        if ownerOnly, let owner = try store.owner(of: client, in: transaction), owner != actor {
            return .foreignClient
        }
        let last = try store.lastMutationID(of: client, in: transaction)
        if mutation.id <= last {
            if let kept = try store.digest(of: mutation.id, client: client, in: transaction), kept != digest {
                // The largest id has no successor: then the largest is still the one expected.
                let (next, overflow) = last.addingReportingOverflow(1)
                return .reused(expected: overflow ? last : next)
            }
            return .duplicate
        }
        // `last` is below the mutation's id, so adding one cannot overflow.
        if mutation.id != last + 1 { return .outOfOrder(expected: last + 1) }
        return nil
    }

    /// Records in `transaction` that the mutation was decided, with `outcome`'s refusal if it
    /// was refused, and its digest; returns the refusal.
    @discardableResult
    func record(_ outcome: Result<CommandOutcome, any Error>, in transaction: WriteTransaction) throws -> Refusal? {
        var refusal: Refusal?
        if case .failure(let error as KanbanError) = outcome {
            refusal = Refusal(id: mutation.id, reason: error.description, isConflict: error.isConflictWithOthers)
        }
        try store.record(mutation.id, of: client, refusal: refusal, in: transaction)
        try store.record(digest: digest, of: mutation.id, client: client, actor: actor, in: transaction)
        return refusal
    }
}

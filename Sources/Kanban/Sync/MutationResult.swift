import KanbanCore

/// What became of one pushed ``Mutation``.
public enum MutationResult: Sendable {
    /// Decided now: these events were appended (none for a change that changed nothing).
    case applied(CommandOutcome)
    /// Decided now and refused: nothing appended; the reason is kept for the client.
    case refused(KanbanError)
    /// Decided before (a retry): nothing appended now.
    case duplicate
    /// Its id was decided before for another change: the client was copied (a copied or
    /// restored folder) and both copies numbered a change the same. Nothing appended: the client
    /// sends it again under a new client id. The next one the server takes is `expected`.
    case reused(expected: UInt64)
    /// Not decided: the client's mutations before it have not all arrived. The next one the
    /// server takes from this client is `expected`.
    case outOfOrder(expected: UInt64)
}

extension MutationResult {
    /// The result of a mutation whose command had `outcome` in the writer: a failure that is
    /// neither a skip nor a rejection (storage) stays a failure — nothing of its batch was kept;
    /// so does a push as `client` by someone other than its owner (the whole push is refused).
    static func of(_ outcome: Result<CommandOutcome, any Error>, client: String) -> Result<MutationResult, any Error> {
        switch outcome {
        case .success(let done): .success(.applied(done))
        case .failure(MutationSkip.duplicate): .success(.duplicate)
        case .failure(MutationSkip.reused(let expected)): .success(.reused(expected: expected))
        case .failure(MutationSkip.foreignClient): .failure(KanbanError.foreignClient(client))
        case .failure(MutationSkip.outOfOrder(let expected)): .success(.outOfOrder(expected: expected))
        case .failure(let rejection as KanbanError): .success(.refused(rejection))
        case .failure(let error): .failure(error)
        }
    }
}

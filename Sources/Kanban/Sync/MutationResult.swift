import KanbanCore

/// What became of one pushed ``Mutation``.
public enum MutationResult: Sendable {
    /// Decided now: these events were appended (none for a change that changed nothing).
    case applied(CommandOutcome)
    /// Decided now and refused: nothing appended; the reason is kept for the client.
    case refused(KanbanError)
    /// Decided before (a retry): nothing appended now.
    case duplicate
    /// Not decided: the client's mutations before it have not all arrived. The next one the
    /// server takes from this client is `expected`.
    case outOfOrder(expected: UInt64)
}

extension MutationResult {
    /// The result of a mutation whose command had `outcome` in the writer: a failure that is
    /// neither a skip nor a rejection (storage) stays a failure — nothing of its batch was kept.
    static func of(_ outcome: Result<CommandOutcome, any Error>) -> Result<MutationResult, any Error> {
        switch outcome {
        case .success(let done): .success(.applied(done))
        case .failure(MutationSkip.duplicate): .success(.duplicate)
        case .failure(MutationSkip.outOfOrder(let expected)): .success(.outOfOrder(expected: expected))
        case .failure(let rejection as KanbanError): .success(.refused(rejection))
        case .failure(let error): .failure(error)
        }
    }
}

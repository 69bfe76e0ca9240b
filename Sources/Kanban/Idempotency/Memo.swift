import KanbanCore

/// What the writer needs to answer a command once per idempotency key: where answers are
/// kept, the key, how to turn the outcome into the answer to keep, and whom to give it.
struct Memo: Sendable {
    let store: IdempotencyStore
    /// The store's key (actor and client key).
    let key: [UInt8]
    /// The actor and the client's key, as a shared log keeps them (``EngineOptions/sharedLog``).
    let actor: String
    let clientKey: String
    /// Makes the answer to keep from the command's outcome; called on the writer thread, inside
    /// the write transaction, so it must be quick and must not touch the engine.
    let render: @Sendable (Result<CommandOutcome, any Error>) -> [UInt8]
    /// Called once, after the batch committed (or failed).
    let reply: @Sendable (Result<RememberedAnswer, any Error>) -> Void
}

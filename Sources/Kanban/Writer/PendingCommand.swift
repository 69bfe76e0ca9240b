import KanbanCore

/// A command waiting for the writer thread, and how to answer whoever sent it.
struct PendingCommand: Sendable {
    /// The engine the command is for. Held strongly while the command waits, so the engine
    /// outlives its queue's work; the writer thread itself holds no engine.
    let engine: KanbanEngine
    let command: Command
    /// The actor, already checked.
    let actor: String
    /// When the change happened (imports), or `nil` for now.
    let time: Timestamp?
    /// Called once, on the writer thread, after the command's batch committed (or failed).
    let reply: @Sendable (Result<CommandOutcome, any Error>) -> Void
}

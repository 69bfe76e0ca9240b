import KanbanCore

/// A command waiting for the writer thread, and how to answer whoever sent it.
struct PendingCommand: Sendable {
    /// How the sender wants its answer.
    enum Delivery: Sendable {
        /// The outcome itself.
        case outcome(@Sendable (Result<CommandOutcome, any Error>) -> Void)
        /// An answer remembered under an idempotency key.
        case remembered(Memo)
        /// A client's numbered mutation, decided at most once.
        case synced(SyncTicket)
    }

    /// The engine the command is for. Held strongly while the command waits, so the engine
    /// outlives its queue's work; the writer thread itself holds no engine.
    let engine: KanbanEngine
    /// `nil` for a synced mutation whose arguments could not be read: it is refused unread.
    let command: Command?
    /// The actor, already checked.
    let actor: String
    /// When the change happened (imports), or `nil` for now.
    let time: Timestamp?
    /// Called once, on the writer thread, after the command's batch committed (or failed).
    let delivery: Delivery
    /// Where the command was sent from, for the commit's span; `nil` when no spans are recorded.
    let trace: CommandTrace?

    init(engine: KanbanEngine, command: Command?, actor: String, time: Timestamp?, delivery: Delivery, trace: CommandTrace? = nil) {
        self.engine = engine
        self.command = command
        self.actor = actor
        self.time = time
        self.delivery = delivery
        self.trace = trace
    }

    init(
        engine: KanbanEngine, command: Command, actor: String, time: Timestamp?, trace: CommandTrace? = nil,
        reply: @escaping @Sendable (Result<CommandOutcome, any Error>) -> Void
    ) {
        self.init(engine: engine, command: command, actor: actor, time: time, delivery: .outcome(reply), trace: trace)
    }

    /// The idempotency memo, when the command came with a key.
    var memo: Memo? {
        if case .remembered(let memo) = delivery { memo } else { nil }
    }

    /// The sync ticket, when the command is a client's mutation.
    var ticket: SyncTicket? {
        if case .synced(let ticket) = delivery { ticket } else { nil }
    }
}

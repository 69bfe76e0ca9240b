import KanbanCore
import LMDBStorage

extension KanbanEngine {
    static let maxMutationsPerPush = 1_000

    func push(_ mutations: [Mutation], client: String, actor: String, ownerOnly: Bool = false) async throws -> [MutationResult] {
        let actor = try Self.checkedActor(actor)
        let client = try Self.checkedClient(client)
        guard mutations.count <= Self.maxMutationsPerPush else {
            throw KanbanError.unreadableMutation("a push carries at most \(Self.maxMutationsPerPush) mutations, not \(mutations.count)")
        }
        let store = try self.store.syncStore()
        guard !mutations.isEmpty else { return [] }
        // The commit's span is tied to the push's request: a mutation has no span of its own.
        let trace = currentTrace
        return try await withCheckedThrowingContinuation { continuation in
            let answers = PushAnswers(count: mutations.count, continuation: continuation)
            // Submitted in order from one thread, so the writer decides them in order.
            for (index, mutation) in mutations.enumerated() {
                let ticket = SyncTicket(
                    store: store, client: client, mutation: mutation, digest: mutation.digest, actor: actor, ownerOnly: ownerOnly
                ) {
                    answers.give($0, at: index)
                }
                writer.submit(PendingCommand(engine: self, command: try? mutation.command.get(), actor: actor, time: nil, delivery: .synced(ticket), trace: trace))
            }
        }
    }

    func syncStatus(client: String, refusedAfter: UInt64 = 0, limit: Int = 1_000) throws -> SyncStatus {
        let client = try Self.checkedClient(client)
        // Opened before the read transaction: a database opened inside one that began before
        // the database was made cannot be read in it.
        if let shared = options.sharedLog {
            // Other nodes decide this client's mutations too: the shared log has its position.
            let (last, refusals) = try Self.sharedLogFailures {
                try shared.read { reader in
                    (try reader.lastMutationID(client: client), try reader.refusals(client: client, after: refusedAfter, limit: limit))
                }
            }
            return SyncStatus(client: client, lastMutationID: last, refusals: refusals, lastSequence: try lastSequence())
        }
        let store = try self.store.existingSyncStore()
        return try read { transaction in
            return SyncStatus(
                client: client,
                lastMutationID: try store.lastMutationID(of: client, in: transaction),
                refusals: try store.refusals(of: client, after: refusedAfter, limit: limit, in: transaction),
                lastSequence: try log.lastSequence(in: transaction)
            )
        }
    }

    func checkOwner(of client: String, actor: String) throws {
        let client = try Self.checkedClient(client)
        let owner: String?
        if let shared = options.sharedLog {
            owner = try Self.sharedLogFailures { try shared.read { reader in try reader.owner(client: client) } }
        } else {
            let store = try self.store.existingSyncStore()
            owner = try read { transaction in try store.owner(of: client, in: transaction) }
        }
        if let owner, owner != actor { throw KanbanError.foreignClient(client) }
    }

    static func checkedClient(_ client: String) throws -> String {
        let allowed = client.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard allowed, (1...64).contains(client.utf8.count) else {
            throw KanbanError.unreadableMutation("'\(client)' is not a client id (1 to 64 letters, digits, - and _)")
        }
        return client
    }

    /// Decides a pushed mutation on `state`: its new card given the client's id, and, with `since`, refused when someone else changed the
    /// same thing after it.
    func decide(
        _ mutation: Mutation,
        actor: String,
        state: KanbanState,
        ids: inout some RandomNumberGenerator,
        backdated: BackdatedRanges = .none,
        in transaction: WriteTransaction
    ) throws -> Decision {
        var command = try mutation.command.get()
        if let since = mutation.since, case .editCard(let board, let card, let title, let description, let due) = command {
            command = .editCardIfUnchanged(board: board, card: card, title: title, description: description, due: due, since: since)
        }
        var decision = try decide(command, actor: actor, state: state, ids: &ids, backdated: backdated, in: transaction)
        if let since = mutation.since {
            try checkNotChangedByOthers(decision.events, since: since, actor: actor, in: transaction)
        }
        if let card = mutation.newCard, decision.events.contains(where: { if case .cardAdded = $0.payload { true } else { false } }) {
            try checkUnused(card, state: state, in: transaction)
            decision.events = mutation.givingNewCard(decision.events)
        }
        if let detail = mutation.newDetail, let card = Self.addedDetailCard(decision.events) {
            try checkUnused(detail, on: card, state: state, in: transaction)
            decision.events = mutation.givingNewDetail(decision.events)
        }
        return decision
    }

    /// The card and board of the comment, checklist item or link `events` add, if they add one.
    private static func addedDetailCard(_ events: [BoardEvent]) -> (card: CardID, board: BoardID)? {
        for event in events {
            guard case .cardDetail(let changed) = event.payload else { continue }
            switch changed.edit {
            case .commentAdded, .itemAdded, .linkAttached: return (changed.card, event.board)
            default: continue
            }
        }
        return nil
    }

    /// Throws ``KanbanCore/KanbanError/detailIDTaken(_:)`` when card `card` has, or had, a
    /// comment, checklist item or link with id `detail` (an undo could bring it back): one
    /// look-up in the history index, and the card's events after the index's extent.
    private func checkUnused(_ detail: DetailID, on card: (card: CardID, board: BoardID), state: KanbanState, in transaction: WriteTransaction) throws {
        let details = state.details(of: card.card)
        let now = details.comments.map(\.id) + details.checklist.map(\.id) + details.links.map(\.id)
        if now.contains(detail) { throw KanbanError.detailIDTaken(detail.description) }
        if try historyIndex.hasAdded(detail, to: card.card, in: transaction) { throw KanbanError.detailIDTaken(detail.description) }
        let extent = try historyIndex.extent(in: transaction)
        try forEachEvent(concerning: card.card, on: card.board, after: extent, in: transaction) { _, _, effects in
            for case .cardDetail(let changed) in effects {
                let added: DetailID? = switch changed.edit {
                case .commentAdded(let comment, _): comment.id
                case .itemAdded(let item, _): item.id
                case .linkAttached(let link, _): link.id
                default: nil
                }
                if added == detail { throw KanbanError.detailIDTaken(detail.description) }
            }
        }
    }

    /// Throws ``KanbanCore/KanbanError/cardIDTaken(_:)`` when a card of the log has, or had, id `card`.
    private func checkUnused(_ card: CardID, state: KanbanState, in transaction: WriteTransaction) throws {
        let everAdded = try cardsEverAdded(withPrefix: card.description, board: nil, limit: 1, in: transaction)
        if state.cards[card] != nil || !everAdded.isEmpty { throw KanbanError.cardIDTaken(card.description) }
    }
}

import KanbanCore
import LMDBStorage

/// What one write of an engine on a shared log (``EngineOptions/sharedLog``) exchanges with it
/// besides events: the idempotency answers and sync positions of the batch's commands, fetched
/// into the engine's own stores before they are decided (another node may have answered a
/// retry's key, or decided a client's mutations) and published with the events after.
final class SharedWrite {
    /// The idempotency keys the batch asks about.
    private(set) var memos: [Memo]
    /// The sync tickets the batch carries.
    private(set) var tickets: [SyncTicket]
    /// Takes the commands queued while the write waited for its turn into its batch, and
    /// returns them (``joinLateCommands()``).
    var join: (() -> [PendingCommand])?
    /// Whether the write asks the shared log for the answers of its keys that the engine lacks
    /// before deciding. At first it does not: a key answered on another node (or an expired
    /// answer still kept there) makes remembering the answer a ``KanbanLog/LogConflict``, and
    /// the write runs again asking first. A round trip less inside the claim for every write
    /// but those, which are a client's retry on another node.
    var asksForAnswers = false
    /// The answers this write remembered: published with its events, as of ``time``.
    var answers: [(actor: String, key: String, bytes: [UInt8])] = []
    /// When the write fetched (the engine's clock, read only for a write with answers to keep).
    private(set) var time = Timestamp(millisecondsSinceEpoch: 0)
    /// Answers remembered before this are expired (set with ``time``).
    private(set) var oldest = Timestamp(millisecondsSinceEpoch: .min)
    /// The mutations this write decided: published with its events.
    var mutations: [(client: String, id: UInt64, refusal: Refusal?, digest: [UInt8], actor: String)] = []

    /// Engines keep an answer by actor and key, whatever the board: on a shared log, under
    /// this board id (all zeros), which no board has.
    static let answersBoard = BoardID(Identifier(high: 0, low: 0))

    init(memos: [Memo] = [], tickets: [SyncTicket] = []) {
        self.memos = memos
        self.tickets = tickets
    }

    /// Once the log's turn is the write's: the commands queued meanwhile join its batch, their
    /// keys and tickets fetched with the batch's. Once per write, not again when it runs again.
    func joinLateCommands() {
        guard let join else { return }
        self.join = nil
        for pending in join() {
            if let memo = pending.memo { memos.append(memo) }
            if let ticket = pending.ticket { tickets.append(ticket) }
        }
    }

    /// Forgets what an earlier run of the write (before LMDB grew its map) meant to publish.
    func restart() {
        answers = []
        mutations = []
    }

    /// Brings the batch's answers and clients' positions from `shared` into the engine's stores
    /// in `transaction`: a live answer the engine lacks (once ``asksForAnswers``), and a
    /// client's mutations decided elsewhere with their refusals. An answer `shared` keeps only past `oldest` is forgotten
    /// there, so the key can be answered again, as the engine's own purge allows.
    func fetch(from shared: any LogWriting, clock: () -> Timestamp, oldest: (Timestamp) -> Timestamp, in transaction: WriteTransaction) throws {
        if !memos.isEmpty { time = clock() }
        let oldest = oldest(time)
        self.oldest = oldest
        let now = time
        // One question for all the keys the engine lacks, which also forgets the expired answers of those the shared log lacks too.
        var missing: [Memo] = []
        for memo in memos where try asksForAnswers && memo.store.answer(for: memo.key, notBefore: oldest, in: transaction) == nil {
            missing.append(memo)
        }
        if !missing.isEmpty {
            let keys = missing.map { (actor: $0.actor, key: $0.clientKey) }
            let found = try shared.takeLiveAnswers(board: Self.answersBoard, keys: keys, notBefore: oldest)
            for (memo, bytes) in zip(missing, found) {
                if let bytes { try memo.store.remember(bytes, for: memo.key, at: now, in: transaction) }
            }
        }
        var seen: Set<String> = []
        for ticket in tickets where seen.insert(ticket.client).inserted {
            let local = try ticket.store.lastMutationID(of: ticket.client, in: transaction)
            let elsewhere = try shared.lastMutationID(client: ticket.client)
            guard elsewhere > local else { continue }
            let refusals = try shared.refusals(client: ticket.client, after: local, limit: Int(clamping: elsewhere - local))
            for refusal in refusals where refusal.id <= elsewhere {
                try ticket.store.record(refusal.id, of: ticket.client, refusal: refusal, in: transaction)
            }
            try ticket.store.record(elsewhere, of: ticket.client, refusal: nil, in: transaction)
        }
        try fetchDigestsAndOwners(from: shared, in: transaction)
    }

    /// Brings from `shared` what the batch's tickets are checked against: the digests of their
    /// mutations decided already (elsewhere, perhaps) that the engine lacks, and each client's
    /// owner while the engine knows none.
    private func fetchDigestsAndOwners(from shared: any LogWriting, in transaction: WriteTransaction) throws {
        let clients = Dictionary(grouping: tickets, by: \.client)
        for (client, tickets) in clients {
            guard let store = tickets.first?.store else { continue }
            if try store.owner(of: client, in: transaction) == nil, let owner = try shared.owner(client: client) {
                try store.claim(client, for: owner, in: transaction)
            }
            let last = try store.lastMutationID(of: client, in: transaction)
            var lacking: [UInt64] = []
            for ticket in tickets where ticket.mutation.id <= last {
                if try store.digest(of: ticket.mutation.id, client: client, in: transaction) == nil { lacking.append(ticket.mutation.id) }
            }
            guard !lacking.isEmpty else { continue }
            for (id, digest) in try shared.mutationDigests(client: client, ids: lacking) {
                try store.record(digest: digest, of: id, client: client, actor: nil, in: transaction)
            }
        }
    }

    /// Publishes this write's answers and mutations to `shared`, in its transaction.
    func publish(to shared: any LogWriting) throws {
        if !answers.isEmpty {
            try shared.remember(answers.map { KeptAnswer(board: Self.answersBoard, actor: $0.actor, key: $0.key, time: time, bytes: $0.bytes) })
        }
        for mutation in mutations {
            try shared.recordMutation(mutation.id, client: mutation.client, refusal: mutation.refusal)
            try shared.recordDigest(mutation.digest, mutation: mutation.id, client: mutation.client, actor: mutation.actor)
        }
    }

    /// Deletes a slice of the answers `shared` keeps past their lifetime, in its transaction,
    /// when this write kept answers: as the engine purges its own, four times as many as were
    /// kept, at least a slice. On PostgreSQL it goes in one statement with the write's events,
    /// answers and head.
    func purgeExpired(from shared: any LogWriting) throws {
        guard !answers.isEmpty else { return }
        try shared.purgeAnswersWithWrite(board: Self.answersBoard, rememberedBefore: oldest, limit: max(IdempotencyStore.purgeSlice, answers.count * 4))
    }
}

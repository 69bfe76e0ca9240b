import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import LMDBStorage

/// A copy of a server's log that works offline: `kanban clone` makes it, byte for byte (the
/// same Merkle root), and ``sync()`` pushes the changes queued on it meanwhile, then pulls the
/// server's new events. Its log only ever grows by pulled events, so it stays a byte copy of
/// the origin's; changes made on it wait in its outbox (``queue(_:actor:newCard:)``), numbered
/// 1, 2, 3…, until the origin decides each exactly once (`KanbanEngine.sync.push(_:client:actor:)`).
///
/// For example:
///
/// ```swift
/// let engine = try KanbanEngine(path: "local.db")
/// let replica = try await Replica.clone(from: "http://127.0.0.1:8080", into: engine)
/// let card = CardID(.random())
/// try replica.queue(.addCard(board: "main", title: "Offline"), actor: "ana", newCard: card)
/// let report = try await replica.sync()
/// ```
public struct Replica: Sendable {
    /// The replica's database.
    public let engine: KanbanEngine
    /// The origin's URL, as given to the clone, without a trailing `/`.
    public let origin: String
    /// This replica's client id, random, sent with every push, as it was when the replica was
    /// opened: a sync that finds a copy of the replica used it too takes a new one
    /// (``SyncReport/clientSwitch``).
    public let clientID: String
    /// Sent as `Authorization: Bearer` when set.
    public var token: String?
    /// The outbox; `nil` only for the clone's first request, before it is made.
    private let outbox: ReplicaStore?
    let transport: any ReplicaTransport
    /// Stores the pending view in place of the replica store, when set: for tests of a
    /// database that cannot be written.
    var pendingViewSaver: (@Sendable ([UInt8]) throws -> Void)?

    /// The most mutations one push carries.
    public static let pushBatchSize = EngineSync.maxMutationsPerPush
    /// The events one pull page asks for.
    public static let pullPageSize = 1_000

    /// The replica `engine`'s database is, or `nil` when it is not one.
    public static func open(_ engine: KanbanEngine, token: String? = nil, transport: any ReplicaTransport = SocketReplicaTransport()) throws -> Replica? {
        guard let store = try storage(engine, { try ReplicaStore.existing(in: engine.log.environment) }),
              let origin = try storage(engine, { try store.origin() })
        else { return nil }
        let client = try storage(engine) { try store.client() }
        return Replica(engine: engine, origin: origin, clientID: client, token: token, store: store, transport: transport)
    }

    /// Makes `engine`'s database, which must hold no events, a replica of the server at
    /// `origin` and copies its log. The first page is fetched before anything is recorded: a
    /// server that cannot be reached leaves the database as it was. Later pages that fail
    /// leave a replica that ``sync()`` completes.
    public static func clone(
        from origin: String, into engine: KanbanEngine, token: String? = nil, transport: any ReplicaTransport = SocketReplicaTransport()
    ) async throws -> Replica {
        let origin = try checkedOrigin(origin)
        if let existing = try open(engine) { throw ReplicaError.alreadyAReplica(origin: existing.origin) }
        let events = try engine.lastSequence()
        guard events == 0 else { throw ReplicaError.databaseNotEmpty(events: events) }
        let client = newClientID()
        let probe = Replica(engine: engine, origin: origin, clientID: client, token: token, store: nil, transport: transport)
        let first = try await probe.fetchPage(after: 0)
        let store = try storage(engine) { try ReplicaStore.create(in: engine.log.environment, origin: origin, client: client) }
        let replica = Replica(engine: engine, origin: origin, clientID: client, token: token, store: store, transport: transport)
        try replica.append(first)
        if first.count >= pullPageSize { _ = try await replica.pull() }
        return replica
    }

    private init(engine: KanbanEngine, origin: String, clientID: String, token: String?, store: ReplicaStore?, transport: any ReplicaTransport) {
        self.engine = engine
        self.origin = origin
        self.clientID = clientID
        self.token = token
        outbox = store
        self.transport = transport
    }

    // MARK: The outbox

    var store: ReplicaStore {
        get throws {
            guard let outbox else { throw ReplicaError.notAReplica }
            return outbox
        }
    }

    /// Queues `command`, made by `actor`, for the origin; `newCard` is the id an added card
    /// gets, `newDetail` the id an added comment, checklist item or link gets (so later
    /// mutations can name them before any sync). Edits, moves and deletes carry
    /// the replica's last event as `since`: the origin refuses them as conflicts when someone
    /// else changed the same thing after it. Nothing is appended to the replica's log.
    @discardableResult
    public func queue(_ command: Command, actor: String, newCard: CardID? = nil, newDetail: DetailID? = nil) throws -> PendingMutation {
        let actor = try KanbanEngine.checkedActor(actor)
        let since: UInt64? = switch command {
        case .editCard, .editCardIfUnchanged, .moveCard, .deleteCard: try engine.lastSequence()
        default: nil
        }
        _ = try MutationWire(id: 1, command: command, newCard: newCard, newDetail: newDetail, since: since)
        return try storage(engine) {
            try store.enqueue { id in PendingMutation(actor: actor, mutation: try MutationWire(id: id, command: command, newCard: newCard, newDetail: newDetail, since: since)) }
        }
    }

    /// The changes queued and not yet decided by the origin, oldest first.
    public func pending() throws -> [PendingMutation] {
        try storage(engine) { try store.pending() }
    }

    /// The client ids this replica synced as before, oldest first: each given up because a
    /// copy of the replica used it too (``SyncReport/clientSwitch``).
    public func formerClientIDs() throws -> [String] {
        try storage(engine) { try store.formerClients() }
    }

    /// How many changes are queued and not yet decided by the origin; as cheap with 10,000
    /// queued as with none.
    public func pendingCount() throws -> Int {
        try storage(engine) { try store.pendingCount() }
    }

    /// The changes the origin refused, oldest first, with its reasons.
    public func refused() throws -> [RefusedMutation] {
        try storage(engine) { try store.refused() }
    }

    /// Queues refused change `id` again, under a new number and without the last event it was
    /// made on, so the origin applies it over the change that stood in its way ("apply anyway");
    /// it leaves the refused list. Returns the change queued.
    @discardableResult
    public func applyAnyway(_ id: UInt64) throws -> PendingMutation {
        try storage(engine) { try store.resolveRefused(id, requeue: true) } ?? { throw ReplicaError.noSuchRefusal(id) }()
    }

    /// Drops refused change `id` from the refused list: it will not be made.
    public func discardRefused(_ id: UInt64) throws {
        _ = try storage(engine) { try store.resolveRefused(id, requeue: false) }
    }

    // MARK: Sync

    /// Pushes the queued changes, then pulls the origin's new events. A failure part way keeps
    /// whatever was settled: a push's changes leave the outbox only once the origin's answer
    /// says they were decided, so a retry after a lost answer applies nothing twice (the
    /// origin calls them duplicates).
    public func sync() async throws -> SyncReport {
        var report = try await push()
        report.pulled = try await pull()
        return report
    }

    /// Pushes the outbox in order, a batch of one actor's changes (at most ``pushBatchSize``)
    /// at a time; applied and duplicate ones leave it, refused ones are kept with the reason.
    ///
    /// A copy of this replica (its folder copied, or restored from a backup) syncs under the
    /// same client id, so its mutation numbers can be decided already with other changes: the
    /// origin answers `reused` for those, or says the client's last mutation is past any number
    /// this replica gave, or (on a server with tokens, where a client id is its first actor's)
    /// refuses the push with a 403 naming the client id. Then the replica takes a new client id, renumbers its queue from 1
    /// under it (``ClientSwitch``) and pushes it again, so no change is dropped.
    public func push() async throws -> SyncReport {
        var report = SyncReport()
        var client = try storage(engine) { try store.client() }
        var pending = try self.pending()[...]
        while let actor = pending.first?.actor {
            let batch = Array(pending.prefix { $0.actor == actor }.prefix(Self.pushBatchSize))
            let highestGiven = try storage(engine) { try store.nextNumber() } - 1
            let answer: SyncPushOutput
            do {
                answer = try await send(batch, actor: actor, client: client)
            } catch let ReplicaError.refusedByServer(_, status, message) where status == 403 && message.hasPrefix("client id ") && report.clientSwitch == nil {
                // On a server with tokens a client id is its first actor's: a copy used by
                // someone else pushed first. The same remedy: a client id of this replica's own.
                let change = try switchClient(from: client)
                report.clientSwitch = change
                client = change.to
                pending = try self.pending()[...]
                continue
            }
            var decided: [UInt64] = []
            var refused: [RefusedMutation] = []
            var duplicates: [UInt64] = []
            var reused = false
            for (pendingMutation, result) in zip(batch, answer.results) {
                switch result.status {
                case "applied": decided.append(pendingMutation.mutation.id)
                case "duplicate": duplicates.append(pendingMutation.mutation.id)
                case "reused": reused = true
                case "refused":
                    refused.append(RefusedMutation(pending: pendingMutation, error: result.error ?? "refused", conflict: result.conflict ?? false))
                default:
                    throw ReplicaError.outOfOrder(expected: result.expected ?? 0, sent: pendingMutation.mutation.id)
                }
            }
            // A duplicate was decided by an earlier push whose answer was lost: ask whether it was refused.
            if let first = duplicates.first {
                let earlier = try await refusals(after: first - 1, client: client)
                for id in duplicates {
                    guard let pendingMutation = batch.first(where: { $0.mutation.id == id }) else { continue }
                    if let refusal = earlier.first(where: { $0.id == id }) {
                        refused.append(RefusedMutation(pending: pendingMutation, error: refusal.error, conflict: refusal.conflict))
                    } else {
                        decided.append(id)
                    }
                }
            }
            try storage(engine) { try store.settle(decided: decided, refused: refused) }
            report.applied += decided.count
            report.refused += refused
            // The origin decided numbers this replica never gave: another replica used its id.
            if reused || answer.lastMutationID > highestGiven {
                guard report.clientSwitch == nil else {
                    throw ReplicaError.unreadableAnswer(origin: origin, reason: "the new client id \(client) was used already, it says")
                }
                let change = try switchClient(from: client)
                report.clientSwitch = change
                client = change.to
                pending = try self.pending()[...]
                continue
            }
            pending = pending.dropFirst(batch.count)
        }
        return report
    }

    /// Takes a new client id in place of `old` and renumbers the queue under it; when another
    /// process did so first, the id it took.
    private func switchClient(from old: String) throws -> ClientSwitch {
        let new = Self.newClientID()
        if let renumbered = try storage(engine, { try store.switchClient(from: old, to: new) }) {
            return ClientSwitch(from: old, to: new, renumbered: renumbered)
        }
        return ClientSwitch(from: old, to: try storage(engine) { try store.client() }, renumbered: try pending().count)
    }

    /// A new client id: `r` and 32 random hexadecimal digits.
    static func newClientID() -> String {
        "r" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Appends the origin's events after the replica's last one, a page at a time (each page
    /// one write transaction, checked as `KanbanEngine.importer.appendExported(lines:)` says).
    /// Returns the number appended.
    public func pull() async throws -> Int {
        var pulled = 0
        while true {
            let page = try await fetchPage(after: try engine.lastSequence())
            pulled += try append(page)
            if page.count < Self.pullPageSize { return pulled }
        }
    }

    // MARK: HTTP

    /// The lines of `GET /api/export?after=…` (without the empty one after the last newline).
    private func fetchPage(after sequence: UInt64) async throws -> [ArraySlice<UInt8>] {
        let answer = try await request("GET", "/api/export?after=\(sequence)&limit=\(Self.pullPageSize)")
        let bytes = [UInt8](answer.body)
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
    }

    @discardableResult
    private func append(_ page: [ArraySlice<UInt8>]) throws -> Int {
        try engine.importer.appendExported { each in
            for (index, line) in page.enumerated() { try each(index + 1, line) }
        }
    }

    private func send(_ batch: [PendingMutation], actor: String, client: String) async throws -> SyncPushOutput {
        var body = Data(#"{"clientGroupID":"\#(client)","clientID":"\#(client)","mutations":["#.utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (index, pendingMutation) in batch.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(try encoder.encode(pendingMutation.mutation))
        }
        body.append(contentsOf: Array("]}".utf8))
        let answer = try await request("POST", "/api/sync/push", body: body, actor: actor)
        let output = try decode(SyncPushOutput.self, answer)
        guard output.results.count == batch.count, zip(output.results, batch).allSatisfy({ $0.id == $1.mutation.id }) else {
            throw ReplicaError.unreadableAnswer(origin: origin, reason: "the push's results do not match the mutations sent")
        }
        return output
    }

    /// Client `client`'s refusals after mutation `after`, as the origin keeps them.
    private func refusals(after: UInt64, client: String) async throws -> [RefusalOutput] {
        let answer = try await request("GET", "/api/sync/pull?client=\(client)&refusedAfter=\(after)&limit=0")
        return try decode(SyncPullOutput.self, answer).refused
    }

    private func request(_ method: String, _ path: String, body: Data? = nil, actor: String? = nil) async throws -> ReplicaResponse {
        guard let url = URL(string: origin + path) else { throw ReplicaError.badOrigin(origin) }
        var headers: [String: String] = [:]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let actor { headers["X-Kanban-Actor"] = actor }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let answer = try await transport.send(ReplicaRequest(method: method, url: url, headers: headers, body: body))
        guard answer.status == 200 else {
            let message = (try? JSONDecoder().decode([String: String].self, from: answer.body))?["error"]
                ?? String(decoding: answer.body.prefix(200), as: UTF8.self)
            throw ReplicaError.refusedByServer(origin: origin, status: answer.status, message: message)
        }
        return answer
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ answer: ReplicaResponse) throws -> Value {
        do {
            return try OutputJSON.decode(type, from: answer.body)
        } catch {
            throw ReplicaError.unreadableAnswer(origin: origin, reason: "\(error)")
        }
    }

    // MARK: Helpers

    /// `text` as an origin: an http or https URL with a host, without a trailing `/`.
    static func checkedOrigin(_ text: String) throws -> String {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else { throw ReplicaError.badOrigin(text) }
        return trimmed
    }
}

/// Runs `body`, a storage operation of `engine`'s database; LMDB failures become `EngineError`.
private func storage<Result>(_ engine: KanbanEngine, _ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let error as LMDBError {
        throw EngineError.from(error, path: engine.path)
    }
}

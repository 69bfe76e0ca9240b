import Foundation
@testable import Kanban
import KanbanCore
@testable import KanbanReplica
import KanbanTestSupport
import LMDBStorage
import Testing

/// The replica keeps its state with the queue applied (``PendingView``) so that `kanban board`
/// and `kanban card` decide only what was queued since the last read. What they show must be
/// what deciding the whole queue on the synced state shows, whatever happened in between.
@Suite("A replica's kept view of its queue")
struct ReplicaPendingViewTests {
    /// An origin engine with three cards on `main`, a replica of it, and their directory.
    private struct Fixture {
        let directory: TemporaryDirectory
        let origin: KanbanEngine
        let transport: EngineSyncOrigin
        let replica: Replica
        /// The origin's cards, by title.
        let cards: [String: String]

        static func make() async throws -> Fixture {
            let directory = try TemporaryDirectory(prefix: "kanban-pending-view")
            let origin = try KanbanEngine(path: directory.appending("origin.db"))
            var cards: [String: String] = [:]
            for title in ["alpha", "beta", "gamma", "delta"] {
                cards[title] = try await origin.execute(.addCard(board: "main", title: title), actor: "ana").last!.payload.card!.description
            }
            let transport = EngineSyncOrigin(engine: origin)
            let engine = try KanbanEngine(path: directory.appending("replica.db"))
            let replica = try await Replica.clone(from: "http://origin.test", into: engine, transport: transport)
            return Fixture(directory: directory, origin: origin, transport: transport, replica: replica, cards: cards)
        }

        var store: ReplicaStore { get throws { try #require(try ReplicaStore.existing(in: replica.engine.log.environment)) } }
    }

    private static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)
    private static let utc = TimeZone(identifier: "UTC")!

    /// Expects the board and a card as the replica shows them (twice: the second read finds
    /// what the first kept) to be what deciding the whole queue from scratch shows.
    private static func expectFromScratch(_ replica: Replica, card: String? = nil, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scratch = try replica.boardViewWithPendingFromScratch(named: "main", now: now, timeZone: utc)
        for read in 1...2 {
            let shown = try replica.boardViewWithPending(named: "main", now: now, timeZone: utc)
            #expect(shown.view == scratch.view, "\(step): board, read \(read)", sourceLocation: sourceLocation)
            #expect(shown.touched == scratch.touched, "\(step): touched, read \(read)", sourceLocation: sourceLocation)
        }
        guard let card else { return }
        let kept = try replica.cardDetailWithPending(board: "main", card: card, now: now, timeZone: utc)
        try replica.store.dropPendingView()
        let scratchCard = try replica.cardDetailWithPending(board: "main", card: card, now: now, timeZone: utc)
        #expect(kept == scratchCard, "\(step): card", sourceLocation: sourceLocation)
    }

    /// The view the store holds, if one decodes.
    private static func kept(_ store: ReplicaStore) throws -> PendingView? {
        try store.environment.read { transaction in
            try store.withPendingView(in: transaction) { PendingView.decodeHeader($0)?.view } ?? nil
        }
    }

    /// The stored view's bytes, as they are.
    private static func keptBytes(_ store: ReplicaStore) throws -> [UInt8]? {
        try store.environment.read { transaction in try store.withPendingView(in: transaction) { Array($0) } }
    }

    /// `bytes` with the checksum made right for what follows it.
    private static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let rest = Array(bytes.dropFirst(PendingView.prefixSize))
        return Array(bytes.prefix(5)) + withUnsafeBytes(of: rest.withUnsafeBytes(Checksum.xxh64).littleEndian, Array.init) + rest
    }

    @Test("Adds, edits, moves, deletes, a sync deciding some, a refusal applied anyway and one discarded, a client switch: the kept view is the view from scratch")
    func equalsFromScratch() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.directory.remove() }
        let replica = fixture.replica
        let (alpha, beta, gamma, delta) = (fixture.cards["alpha"]!, fixture.cards["beta"]!, fixture.cards["gamma"]!, fixture.cards["delta"]!)
        try Self.expectFromScratch(replica, card: alpha, "nothing queued")
        #expect(try Self.kept(fixture.store) == nil, "nothing queued keeps nothing")

        let new = CardID(.random())
        try replica.queue(.addCard(board: "main", title: "offline", description: "made on the train"), actor: "mobile", newCard: new)
        try Self.expectFromScratch(replica, card: new.description, "one add")
        #expect(try Self.kept(fixture.store)?.folded == 1)
        try replica.queue(.editCard(board: "main", card: alpha, title: "alpha (mobile)"), actor: "mobile")
        try Self.expectFromScratch(replica, card: alpha, "an edit")
        try replica.queue(.moveCard(board: "main", card: beta, column: "DOING"), actor: "mobile")
        try replica.queue(.moveCard(board: "main", card: new.description, column: "DONE", index: 0), actor: "mobile")
        try Self.expectFromScratch(replica, card: beta, "moves")
        try replica.queue(.deleteCard(board: "main", card: gamma), actor: "mobile")
        try replica.queue(.addComment(board: "main", card: delta, text: "seen"), actor: "mobile", newDetail: DetailID(.random()))
        try Self.expectFromScratch(replica, card: delta, "a delete and a comment")
        // A change the board refuses now is left out, and still counted as folded in.
        try replica.queue(.moveCard(board: "main", card: delta, column: "NOWHERE"), actor: "mobile")
        try Self.expectFromScratch(replica, "a change left out")

        // Enough queued after the kept view: the read stores it anew.
        let before = try #require(try Self.kept(fixture.store))
        for number in 1...Replica.pendingViewRewriteAfter {
            try replica.queue(.addCard(board: "main", title: "batch \(number)"), actor: "mobile", newCard: CardID(.random()))
        }
        _ = try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc)
        let after = try #require(try Self.kept(fixture.store))
        let last = try replica.pending().last?.mutation.id
        #expect(after.folded > before.folded && after.folded == last)
        #expect(after.foldedCount == UInt64(try replica.pendingCount()))
        try Self.expectFromScratch(replica, card: alpha, "rewritten")

        // Someone edits alpha and beta on the origin: the replica's edit of alpha and move of
        // beta are refused as conflicts; the rest applies, and the pull brings it back.
        try await fixture.origin.execute(.editCard(board: "main", card: alpha, title: "alpha (ana)"), actor: "ana")
        try await fixture.origin.execute(.moveCard(board: "main", card: beta, column: "DONE"), actor: "ana")
        let report = try await replica.sync()
        // The two conflicts, and the move to a column that does not exist.
        #expect(report.refused.count == 3, "\(report.refused)")
        #expect(try replica.pendingCount() == 0)
        try Self.expectFromScratch(replica, card: alpha, "synced, some refused")

        // Queued again and synced later: one applied anyway, the other discarded.
        let filler = CardID(.random())
        try replica.queue(.addCard(board: "main", title: "after the sync"), actor: "mobile", newCard: filler)
        try Self.expectFromScratch(replica, card: filler.description, "queued after the sync")
        let refusedEdit = try #require(report.refused.first { $0.pending.mutation.name == EditCardArguments.name })
        let refusedMove = try #require(report.refused.first { $0.pending.mutation.name == MoveCardArguments.name })
        try replica.applyAnyway(refusedEdit.pending.mutation.id)
        try Self.expectFromScratch(replica, card: alpha, "a refused edit queued again")
        try replica.discardRefused(refusedMove.pending.mutation.id)
        try Self.expectFromScratch(replica, card: beta, "a refused move discarded")

        // A client switch renumbers the queue from 1 under a new id.
        let store = try fixture.store
        #expect(try store.switchClient(from: replica.clientID, to: Replica.newClientID()) == 2)
        try Self.expectFromScratch(replica, card: alpha, "a client switch")
        try replica.queue(.editCard(board: "main", card: delta, description: "after the switch"), actor: "mobile")
        try Self.expectFromScratch(replica, card: delta, "queued after the switch")
    }

    @Test("A kept view whose basis changed under it is not used: a stale one put back after a settle, a pull or a client switch")
    func staleViewIgnored() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.directory.remove() }
        let replica = fixture.replica
        let store = try fixture.store
        for title in ["one", "two", "three"] {
            try replica.queue(.addCard(board: "main", title: title), actor: "mobile", newCard: CardID(.random()))
        }
        _ = try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc)
        let stale = try #require(try Self.keptBytes(store))

        // Change 2 settled (as a sync does), the view put back as a process that read before it would.
        let second = try #require(try replica.pending().dropFirst().first)
        try store.settle(decided: [second.mutation.id], refused: [])
        #expect(try Self.keptBytes(store) == nil, "a settle drops the view")
        try store.savePendingView(stale)
        try Self.expectFromScratch(replica, "a change settled under the view")
        #expect(!(try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc).view.columns[0].cards.contains { $0.card.title == "two" }))

        // Change 1 refused, then queued again under the next number: as many changes queued as
        // the view folded in, one of them after it. Put back, the view would show change 1 where
        // it was and leave its second coming out (that card is there already).
        let beforeRequeue = try #require(try Self.keptBytes(store))
        let first = try #require(try replica.pending().first)
        try store.settle(decided: [], refused: [RefusedMutation(pending: first, error: "refused", conflict: true)])
        try replica.applyAnyway(first.mutation.id)
        try store.savePendingView(beforeRequeue)
        try Self.expectFromScratch(replica, "a change refused and queued again under the view")

        // The origin's log grows and the replica pulls it.
        let fresh = try #require(try Self.keptBytes(store))
        try await fixture.origin.execute(.addCard(board: "main", title: "from the origin"), actor: "ana")
        #expect(try await replica.pull() == 1)
        try store.savePendingView(fresh)
        try Self.expectFromScratch(replica, "pulled under the view")
        #expect(try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc).view.columns[0].cards.contains { $0.card.title == "from the origin" })

        // A client switch renumbers the queue; the old view put back.
        let beforeSwitch = try #require(try Self.keptBytes(store))
        _ = try store.switchClient(from: replica.clientID, to: Replica.newClientID())
        try store.savePendingView(beforeSwitch)
        try Self.expectFromScratch(replica, "switched under the view")
        #expect(try Self.kept(store)?.basis.client == (try store.client()))
    }

    @Test("The kept view is what serves the read: one that holds is used as it is, without deciding the queue again")
    func keptViewServes() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.directory.remove() }
        let replica = fixture.replica
        let store = try fixture.store
        try replica.queue(.addCard(board: "main", title: "queued"), actor: "mobile", newCard: CardID(.random()))
        _ = try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc)
        let view = try #require(try Self.kept(store))
        #expect(try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc).view.columns[0].cards.contains { $0.card.title == "queued" })
        // A view of the same basis whose state lacks the queued card (the synced state): a read
        // shows it as it is, so the read came from it.
        let synced = try replica.engine.withState { $0 }
        try store.savePendingView(view.encoded(state: synced))
        let shown = try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc)
        #expect(!shown.view.columns[0].cards.contains { $0.card.title == "queued" })
        #expect(shown.touched == view.touched && !view.touched.isEmpty)
    }

    @Test("A stored view that is damaged, cut short or not one at all is ignored and found again")
    func corruptViewRebuilt() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.directory.remove() }
        let replica = fixture.replica
        let store = try fixture.store
        for title in ["one", "two"] {
            try replica.queue(.addCard(board: "main", title: title), actor: "mobile", newCard: CardID(.random()))
        }
        _ = try replica.boardViewWithPending(named: "main", now: Self.now, timeZone: Self.utc)
        let good = try #require(try Self.keptBytes(store))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        var header = good
        header[PendingView.prefixSize + 3] ^= 0x01
        let damaged: [[UInt8]] = [
            [], [0], Array("KRPV".utf8), Array(good.prefix(PendingView.prefixSize + 5)), Array(good.dropLast()), flipped, header,
            Array(repeating: 0xFF, count: 4096), Array("not a view at all".utf8),
        ]
        for (index, bytes) in damaged.enumerated() {
            try store.savePendingView(bytes)
            try Self.expectFromScratch(replica, "damaged value \(index)")
            #expect(try Self.keptBytes(store) == good, "damaged value \(index) found again and stored")
        }
        // Checksum right, the state cut short or its bytes changed: it does not decode, or not
        // to a state of the basis's log. (A board's layout reads the cards and details only: a
        // cut into the undo stacks after them shows when the whole state is read, as a card's is.)
        for cut in [1, 7, good.count / 3] {
            try store.savePendingView(Self.resealed(Array(good.dropLast(cut))))
            try Self.expectFromScratch(replica, card: fixture.cards["alpha"], "cut by \(cut) and resealed")
            #expect(try Self.keptBytes(store) == good)
        }
        // The state's first byte is its last sequence (LEB128, small here): changed, the state
        // decodes, to one that is not of the basis's log.
        let stateStart = try good.withUnsafeBytes { good.count - (try #require(PendingView.decodeHeader($0))).state.count }
        var otherSequence = good
        #expect(otherSequence[stateStart] < 0x7F)
        otherSequence[stateStart] += 1
        try store.savePendingView(Self.resealed(otherSequence))
        try Self.expectFromScratch(replica, "a changed byte, resealed")
        #expect(try Self.keptBytes(store) == good)
    }

    @Test("A database the view cannot be stored in: the read answers as from scratch, and nothing is kept")
    func unwritableDatabase() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.directory.remove() }
        var replica = fixture.replica
        replica.pendingViewSaver = { _ in throw Unwritable() }
        try replica.queue(.addCard(board: "main", title: "queued"), actor: "mobile", newCard: CardID(.random()))
        try Self.expectFromScratch(replica, card: fixture.cards["alpha"], "unwritable")
        #expect(try Self.kept(fixture.store) == nil)
    }

    private struct Unwritable: Error {}
}

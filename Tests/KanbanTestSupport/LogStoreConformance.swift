import Kanban
import KanbanCore

/// What every ``Kanban/LogStore`` must do, as throwing checks over a fresh, empty store: the
/// LMDB tests run them on ``Kanban/LMDBLogStore`` and the PostgreSQL tests on
/// `PostgresLogStore`, so both stores answer alike. A check that finds a difference throws
/// ``ConformanceFailure``. (No `Testing` here: the checks run under any test framework.)
public enum LogStoreConformance {
    /// The checks that need one fresh, empty store.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        case emptyLog, appendAndRead, expectedHeadConflict, positionGuard, refusedInput
        case answerWithAppend, failedWriteKeepsNothing, duplicateAnswer, mutationOrder, claimsAndListings, digestsAndOwners
        case conditionalWrite

        public var description: String { rawValue }

        /// Runs the check on `store`, which must be empty.
        public func run(on store: any LogStore) throws {
            switch self {
            case .emptyLog: try LogStoreConformance.emptyLog(store)
            case .appendAndRead: try LogStoreConformance.appendAndRead(store)
            case .expectedHeadConflict: try LogStoreConformance.expectedHeadConflict(store)
            case .positionGuard: try LogStoreConformance.positionGuard(store)
            case .refusedInput: try LogStoreConformance.refusedInput(store)
            case .answerWithAppend: try LogStoreConformance.answerWithAppend(store)
            case .failedWriteKeepsNothing: try LogStoreConformance.failedWriteKeepsNothing(store)
            case .duplicateAnswer: try LogStoreConformance.duplicateAnswer(store)
            case .mutationOrder: try LogStoreConformance.mutationOrder(store)
            case .claimsAndListings: try LogStoreConformance.claimsAndListings(store)
            case .digestsAndOwners: try LogStoreConformance.digestsAndOwners(store)
            case .conditionalWrite: try LogStoreConformance.conditionalWrite(store)
            }
        }
    }

    /// Board A, the lower id.
    public static let boardA = BoardID(Identifier(high: 0x1111_1111_1111_4111, low: 0x8111_1111_1111_1111))
    /// Board B, above A.
    public static let boardB = BoardID(Identifier(high: 0x2222_2222_2222_4222, low: 0x8222_2222_2222_2222))
    /// Board C, above B.
    public static let boardC = BoardID(Identifier(high: 0x3333_3333_3333_4333, low: 0x8333_3333_3333_3333))

    /// When the checks' answers are remembered.
    public static let answerTime = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

    /// The stored bytes of a small event of `board` that decodes (number `n`; the ids are random,
    /// so no two calls give the same bytes).
    public static func eventBytes(board: BoardID, _ n: Int) -> [UInt8] {
        EventCodec.encode(RecordedEvent(
            sequence: UInt64(n), timestamp: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000 + Int64(n)), actor: "conformance",
            id: EventID(.random()), board: board, payload: .boardCreated(BoardCreated(name: "board \(n)", columns: [ColumnSpec(id: ColumnID(.random()), name: "todo")]))
        ))
    }

    /// An empty store: no position, no heads, no entries, no roots.
    public static func emptyLog(_ store: any LogStore) throws {
        try store.read { reader in
            try expect(try reader.lastPosition() == 0, "an empty log's last position is 0")
            try expect(try reader.heads().isEmpty, "an empty log has no heads")
            try expect(try entries(reader, after: 0).isEmpty, "an empty log has no entries")
            try expect(try entries(reader, board: boardA, afterSeq: 0).isEmpty, "an unknown board has no entries")
            try expect(try reader.boardRoots().isEmpty, "an empty log has no roots")
        }
    }

    /// Appends to two boards in one write, then reads by position, by board and seq, with early
    /// stops, and the roots; a write sees its own appends.
    public static func appendAndRead(_ store: any LogStore) throws {
        let (a, b) = (boardA, boardB)
        let boards = [a, a, b, a, b]
        let bytes = boards.enumerated().map { eventBytes(board: $0.element, $0.offset + 1) }
        let heads = try store.write { writer -> [UInt64] in
            let first = try writer.append(board: a, expectedHead: 0, [(1, bytes[0]), (2, bytes[1])])
            let second = try writer.append(board: b, expectedHead: 0, [(3, bytes[2])])
            let third = try writer.append(board: a, expectedHead: 2, [(4, bytes[3])])
            try expect(try writer.heads() == [a: 3, b: 1], "a write sees its own appends' heads")
            try expect(try writer.lastPosition() == 4, "a write sees its own appends' positions")
            try expect(try entries(writer, board: a, afterSeq: 0).map(\.position) == [1, 2, 4], "a write reads its own appends by board")
            return [first, second, third]
        }
        try expect(heads == [2, 1, 3], "append returns the board's new head: \(heads)")
        let appended = try store.write { try $0.append(board: b, expectedHead: 1, [(5, bytes[4])]) }
        try expect(appended == 2, "a second write continues board B: head \(appended)")

        let expected = [
            LogEntry(position: 1, board: a, seq: 1, bytes: bytes[0]), LogEntry(position: 2, board: a, seq: 2, bytes: bytes[1]),
            LogEntry(position: 3, board: b, seq: 1, bytes: bytes[2]), LogEntry(position: 4, board: a, seq: 3, bytes: bytes[3]),
            LogEntry(position: 5, board: b, seq: 2, bytes: bytes[4]),
        ]
        try store.read { reader in
            try expect(try reader.lastPosition() == 5, "the last position is 5")
            let heads = try reader.heads()
            try expect(heads == [a: 3, b: 2], "heads: \(heads)")
            try expect(try entries(reader, after: 0) == expected, "every entry in position order, bytes verbatim")
            try expect(try entries(reader, after: 2) == Array(expected[2...]), "the entries after position 2")
            try expect(try entries(reader, after: 5).isEmpty, "nothing after the last position")
            try expect(try entries(reader, board: a, afterSeq: 0) == [expected[0], expected[1], expected[3]], "board A's entries in seq order")
            try expect(try entries(reader, board: a, afterSeq: 2) == [expected[3]], "board A after seq 2")
            try expect(try entries(reader, board: b, afterSeq: 0) == [expected[2], expected[4]], "board B's entries")
            try expect(try entries(reader, board: b, afterSeq: 2).isEmpty, "nothing after board B's head")
            try expect(try entries(reader, board: boardC, afterSeq: 0).isEmpty, "a board with no events has no entries")
            try expect(try entries(reader, after: 0, limit: 2) == Array(expected[..<2]), "forEach(after:) stops when told")
            try expect(try entries(reader, board: a, afterSeq: 0, limit: 1) == [expected[0]], "forEach(board:) stops when told")
            var builder = BoardRootsBuilder()
            for entry in expected { builder.append(board: entry.board, bytes: entry.bytes) }
            let roots = try reader.boardRoots()
            try expect(roots == builder.roots, "each board's root is the tree over its bytes in seq order")
            try expect(roots[a]?.size == 3 && roots[b]?.size == 2, "the roots' sizes are the heads")
        }
    }

    /// An append whose expected head is not the board's head throws ``Kanban/LogConflict``
    /// naming the head, and the whole write (its other appends too) keeps nothing.
    public static func expectedHeadConflict(_ store: any LogStore) throws {
        let (a, b, c) = (boardA, boardB, boardC)
        try store.write { try $0.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1))]) }
        let stale = try conflict { try store.write { try $0.append(board: a, expectedHead: 0, [(2, eventBytes(board: a, 2))]) } }
        try expect(stale == LogConflict(movedHeads: [a: 1]), "a stale head names the board's head now: \(stale)")
        let ahead = try conflict { try store.write { try $0.append(board: a, expectedHead: 2, [(2, eventBytes(board: a, 2))]) } }
        try expect(ahead == LogConflict(movedHeads: [a: 1]), "a head ahead of the board's conflicts too: \(ahead)")
        let unknown = try conflict { try store.write { try $0.append(board: c, expectedHead: 3, [(2, eventBytes(board: c, 2))]) } }
        try expect(unknown == LogConflict(movedHeads: [c: 0]), "a board with no events has head 0: \(unknown)")
        let mixed = try conflict {
            try store.write { writer in
                try writer.append(board: b, expectedHead: 0, [(2, eventBytes(board: b, 2))])
                try writer.append(board: a, expectedHead: 0, [(3, eventBytes(board: a, 3))])
            }
        }
        try expect(mixed == LogConflict(movedHeads: [a: 1]), "the conflicting board is named: \(mixed)")
        try store.read { reader in
            let heads = try reader.heads()
            try expect(heads == [a: 1], "a refused write keeps none of its appends: \(heads)")
            try expect(try reader.lastPosition() == 1, "a refused write keeps no position")
            try expect(try entries(reader, board: b, afterSeq: 0).isEmpty, "board B's append went with the write")
        }
        let empty = try store.write { try $0.append(board: a, expectedHead: 1, []) }
        try expect(empty == 1, "an empty append at the right head returns it")
        _ = try conflict { try store.write { try $0.append(board: a, expectedHead: 0, []) } }
    }

    /// An append whose first position is not above the board's last (LMDB: the log's last)
    /// throws ``Kanban/LogConflict`` naming that position; then one above it goes in.
    public static func positionGuard(_ store: any LogStore) throws {
        let a = boardA
        try store.write { try $0.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1)), (2, eventBytes(board: a, 2))]) }
        for position: UInt64 in [2, 1, 0] {
            let taken = try conflict { try store.write { try $0.append(board: a, expectedHead: 2, [(position, eventBytes(board: a, 3))]) } }
            try expect(taken == LogConflict(stalePosition: position), "position \(position) is taken: \(taken)")
        }
        let head = try store.write { try $0.append(board: a, expectedHead: 2, [(3, eventBytes(board: a, 3))]) }
        try expect(head == 3, "the next position goes in: head \(head)")
        try store.read { reader in
            try expect(try entries(reader, board: a, afterSeq: 0).map(\.position) == [1, 2, 3], "positions stay increasing per board")
        }
    }

    /// Bytes that are no event, bytes of another board and positions that do not increase are
    /// refused with ``Kanban/LogAppendError``, keeping nothing.
    public static func refusedInput(_ store: any LogStore) throws {
        let (a, b) = (boardA, boardB)
        func refusal(_ events: [(position: UInt64, bytes: [UInt8])]) throws -> LogAppendError {
            do {
                try store.write { try $0.append(board: a, expectedHead: 0, events) }
            } catch let error as LogAppendError {
                return error
            }
            throw ConformanceFailure("an append of bad input went in")
        }
        let wrongBoard = try refusal([(1, eventBytes(board: b, 1))])
        try expect(wrongBoard == .wrongBoard(position: 1, board: a, named: b), "\(wrongBoard)")
        let garbage = try refusal([(1, eventBytes(board: a, 1)), (2, [0xFF, 0x00, 0x01])])
        try expect(garbage == .notAnEvent(position: 2), "\(garbage)")
        let backwards = try refusal([(2, eventBytes(board: a, 2)), (1, eventBytes(board: a, 1))])
        try expect(backwards == .positionsNotIncreasing(previous: 2, position: 1), "\(backwards)")
        let repeated = try refusal([(1, eventBytes(board: a, 1)), (1, eventBytes(board: a, 2))])
        try expect(repeated == .positionsNotIncreasing(previous: 1, position: 1), "\(repeated)")
        try emptyLog(store)
    }

    /// Two stores on one log, `rounds` times: both read board A's head, then both append at it
    /// at once, each from a thread of its own. Exactly one wins each round, the other gets
    /// ``Kanban/LogConflict``, and board A ends with `rounds` events, seq 1, 2, 3, … gapless.
    /// With `distinctPositions` (for a store that allows gaps) the writers offer different
    /// positions, so that only the expected head can tell them apart.
    public static func concurrentWriters(_ first: any LogStore, _ second: any LogStore, rounds: Int = 20, distinctPositions: Bool = false) throws {
        let a = boardA
        let barrier = ThreadBarrier(parties: 2)
        let outcomes = Locked<[[Int]]>(Array(repeating: [], count: rounds))
        let errors = concurrently(2) { writer in
            let store = writer == 0 ? first : second
            for round in 0..<rounds {
                guard barrier.wait() else { throw ConformanceFailure("writer \(writer): the other writer stopped before round \(round)") }
                let (head, last) = try store.read { (try $0.heads()[a] ?? 0, try $0.lastPosition()) }
                guard barrier.wait() else { throw ConformanceFailure("writer \(writer): the other writer stopped in round \(round)") }
                do {
                    let position = last + 1 + (distinctPositions ? UInt64(writer) : 0)
                    try store.write { try $0.append(board: a, expectedHead: head, [(position, eventBytes(board: a, round * 2 + writer))]) }
                    outcomes.withLock { $0[round].append(writer) }
                } catch is LogConflict {
                    // The other writer won this round.
                }
            }
        }
        if let error = errors.first { throw error }
        let winners = outcomes.value
        for (round, won) in winners.enumerated() {
            try expect(won.count == 1, "round \(round): exactly one writer wins, not \(won.count)")
        }
        try first.read { reader in
            let heads = try reader.heads()
            try expect(heads == [a: UInt64(rounds)], "board A has one event per round: \(heads)")
            let seqs = try entries(reader, board: a, afterSeq: 0).map(\.seq)
            try expect(seqs == Array(1...UInt64(rounds)), "board A's seqs are gapless: \(seqs)")
        }
    }

    /// An append, an answer and a mutation in one write, read back inside it and after it;
    /// answers are told apart by actor and key, an empty one is kept, an older one than asked
    /// for counts as absent.
    public static func answerWithAppend(_ store: any LogStore) throws {
        let (a, b) = (boardA, boardB)
        try store.read { reader in
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1") == nil, "no answer before one is remembered")
            try expect(try reader.lastMutationID(client: "phone") == 0, "a client with no mutation is at 0")
            try expect(try reader.refusals(client: "phone", after: 0, limit: 10).isEmpty, "a client with no mutation has no refusals")
        }
        try store.write { writer in
            try writer.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1))])
            try writer.remember(answer: [1, 2, 3], board: a, actor: "ana", key: "k1", at: answerTime)
            try writer.recordMutation(1, client: "phone", refusal: nil)
            try expect(try writer.rememberedAnswer(board: a, actor: "ana", key: "k1") == [1, 2, 3], "a write sees its own answer")
            try expect(try writer.lastMutationID(client: "phone") == 1, "a write sees its own mutation")
        }
        try store.write { writer in
            try writer.append(board: b, expectedHead: 0, [(2, eventBytes(board: b, 2))])
            try writer.remember(answer: [], board: b, actor: "ana", key: "k2", at: answerTime)
            try writer.remember(answer: [4], board: b, actor: "bo", key: "k1", at: answerTime)
        }
        try store.read { reader in
            try expect(try reader.heads() == [a: 1, b: 1], "the appends went in with the answers")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1") == [1, 2, 3], "the answer is kept")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1", notBefore: answerTime) == [1, 2, 3], "an answer remembered at notBefore counts")
            let later = Timestamp(millisecondsSinceEpoch: answerTime.millisecondsSinceEpoch + 1)
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1", notBefore: later) == nil, "an older answer counts as absent")
            try expect(try reader.rememberedAnswer(board: b, actor: "ana", key: "k2") == [], "an empty answer is kept, empty")
            try expect(try reader.rememberedAnswer(board: b, actor: "bo", key: "k1") == [4], "another actor's key is another answer")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k3") == nil, "an unknown key has no answer")
            try expect(try reader.lastMutationID(client: "phone") == 1, "the mutation is kept")
            try expect(try reader.lastMutationID(client: "tablet") == 0, "another client is at 0")
        }
    }

    /// A write that claims the log appends after the position the claim returned and advances
    /// the log to its last; an advance from anywhere else is a conflict that keeps nothing.
    /// Backdated ranges, clients and answers are listed as written; a forgotten answer is gone.
    public static func claimsAndListings(_ store: any LogStore) throws {
        let (a, b) = (boardA, boardB)
        try store.write { writer in
            try expect(try writer.claimLog() == 0, "an empty log is claimed at 0")
            try writer.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1)), (2, eventBytes(board: a, 2))])
            try writer.append(board: b, expectedHead: 0, [(3, eventBytes(board: b, 3))])
            try writer.recordBackdated(BackdatedRange(board: a, positions: 1...2))
            try writer.remember(answer: [7], board: a, actor: "ana", key: "k", at: answerTime)
            try writer.recordMutation(1, client: "phone", refusal: nil)
            try writer.advanceLog(from: 0, to: 3)
        }
        try store.read { reader in
            try expect(try reader.backdatedRanges(after: 0) == [BackdatedRange(board: a, positions: 1...2)], "the range is listed")
            try expect(try reader.backdatedRanges(after: 1).isEmpty, "a range is listed after the positions before its first")
            try expect(try reader.clients() == ["phone": 1], "the client is listed at its last mutation")
            let answers = try reader.answers(notBefore: answerTime).map { [$0.actor, $0.key, "\($0.bytes)", "\($0.time.millisecondsSinceEpoch)"] }
            try expect(answers == [["ana", "k", "[7]", "\(answerTime.millisecondsSinceEpoch)"]], "the answer is listed: \(answers)")
            let later = Timestamp(millisecondsSinceEpoch: answerTime.millisecondsSinceEpoch + 1)
            try expect(try reader.answers(notBefore: later).isEmpty, "an older answer is not listed")
        }
        try store.write { writer in
            let claim = try writer.claimLog(after: 1, limit: 10)
            try expect(claim.position == 3 && claim.reachesPosition, "a claim from a cache at 1 reaches 3: \(claim.position)")
            try expect(claim.entries.map(\.position) == [1, 2, 3], "it brings the events from the cache's last")
            var stored: [[UInt8]] = []
            try writer.forEachStored(after: 0) { _, bytes in stored.append(Array(bytes)); return true }
            try expect(claim.entries.map(\.bytes) == stored && (claim.lastEvent == nil || claim.lastEvent == stored.last), "as stored")
            try expect(claim.backdated.isEmpty, "no range starts after 1")
            let fresh = try writer.claimLog(after: 0, limit: 2)
            try expect(fresh.entries.map(\.position) == [1, 2] && !fresh.reachesPosition, "a page of 2 from an empty cache")
            try expect(fresh.backdated == [BackdatedRange(board: a, positions: 1...2)], "with the ranges after 0")
            let current = try writer.claimLog(after: 3, limit: 10)
            try expect(current.entries.isEmpty && current.reachesPosition, "a cache at the end gets nothing")
        }
        let stale = try conflict {
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: b, expectedHead: 1, [(4, eventBytes(board: b, 4))])
                try writer.advanceLog(from: 2, to: 4)
            }
        }
        try expect(stale.stalePosition == 3, "an advance from a position the log is not at: \(stale)")
        try store.write { writer in
            try expect(try writer.claimLog() == 3, "the conflict kept nothing: the log is claimed at 3")
            try writer.forgetAnswer(board: a, actor: "ana", key: "k")
        }
        try store.read { reader in
            try expect(try reader.heads() == [a: 2, b: 1], "the conflicting append was dropped")
            try expect(try reader.answers(notBefore: Timestamp(millisecondsSinceEpoch: .min)).isEmpty, "the answer is forgotten")
        }
        let many = (1...3).map { KeptAnswer(board: a, actor: "ana", key: "m\($0)", time: answerTime, bytes: [UInt8($0)]) }
        try store.write { try $0.remember(many) }
        try store.read { reader in
            let found = try reader.rememberedAnswers(board: a, keys: [("ana", "m3"), ("ana", "none"), ("ana", "m1")], notBefore: answerTime)
            try expect(found == [[3], nil, [1]], "answers for many keys, in the order asked: \(found)")
        }
        let twice = try conflict { try store.write { try $0.remember([KeptAnswer(board: a, actor: "ana", key: "new", time: answerTime, bytes: []), many[1]]) } }
        try expect(twice.answered == AnswerKey(board: a, actor: "ana", key: "m2"), "a batch with a key answered already: \(twice)")
        try store.write { try $0.forgetAnswers(board: a, keys: [("ana", "m1"), ("ana", "m2")]) }
        try store.read { reader in
            let left = try reader.rememberedAnswers(board: a, keys: [("ana", "m1"), ("ana", "m2"), ("ana", "m3"), ("ana", "new")], notBefore: answerTime)
            try expect(left == [nil, nil, [3], nil], "two forgotten, the conflicting batch kept nothing: \(left)")
        }
        let earlier = { (milliseconds: Int64) in Timestamp(millisecondsSinceEpoch: answerTime.millisecondsSinceEpoch - milliseconds) }
        try store.write { try $0.remember([
            KeptAnswer(board: a, actor: "ana", key: "old1", time: earlier(20), bytes: []),
            KeptAnswer(board: a, actor: "ana", key: "old2", time: earlier(10), bytes: []),
        ]) }
        let first = try store.write { try $0.purgeAnswers(board: a, rememberedBefore: answerTime, limit: 1) }
        try expect(first == 1, "a slice deletes at most its limit: \(first)")
        try store.read { reader in
            let kept = try reader.rememberedAnswers(board: a, keys: [("ana", "old1"), ("ana", "old2"), ("ana", "m3")], notBefore: earlier(100))
            try expect(kept == [nil, [], [3]], "the oldest goes first; an answer at the cutoff stays: \(kept)")
        }
        let second = try store.write { try $0.purgeAnswers(board: a, rememberedBefore: answerTime, limit: 10) }
        try expect(second == 1, "then the other expired one, and no more: \(second)")
        // Taking live answers forgets the expired ones of the keys asked, and only those.
        try store.write { try $0.remember([
            KeptAnswer(board: a, actor: "ana", key: "stale", time: earlier(50), bytes: [9]),
            KeptAnswer(board: a, actor: "bo", key: "stale", time: earlier(50), bytes: [8]),
        ]) }
        let taken = try store.write {
            try $0.takeLiveAnswers(board: a, keys: [("ana", "m3"), ("ana", "stale"), ("ana", "none")], notBefore: earlier(10))
        }
        try expect(taken == [[3], nil, nil], "the live answer, none for the expired or the unknown key: \(taken)")
        try store.read { reader in
            let left = try reader.rememberedAnswers(board: a, keys: [("ana", "stale"), ("bo", "stale"), ("ana", "m3")], notBefore: earlier(100))
            try expect(left == [nil, [8], [3]], "the expired answer asked about is forgotten, another actor's is not: \(left)")
        }
    }

    /// A write whose later step fails (a stale head, or the body's own error) keeps neither its
    /// events nor its answer nor its mutation; the same write without that step then goes in.
    /// A conditional write is kept where the log ends as expected, and keeps nothing where it
    /// does not, saying the position after the expected end is stale.
    public static func conditionalWrite(_ store: any LogStore) throws {
        let a = boardA
        let first = eventBytes(board: a, 1)
        // A board's first events under the claim: a store may not make a new board's row conditionally.
        try store.write { writer in
            _ = try writer.claimLog()
            try writer.append(board: a, expectedHead: 0, [(1, first)])
            try writer.advanceLog(from: 0, to: 1)
        }
        let stale = try conflict {
            try store.write(ifLogEndsAt: 0, lastEvent: nil) { writer in
                try writer.append(board: a, expectedHead: 1, [(2, eventBytes(board: a, 2))])
                try writer.advanceLog(from: 0, to: 2)
            }
        }
        try expect(stale == LogConflict(stalePosition: 1), "the position after the expected end is named: \(stale)")
        try expect(try store.read { try $0.lastPosition() } == 1, "a refused conditional write keeps nothing")
        try store.write(ifLogEndsAt: 1, lastEvent: first) { writer in
            try writer.append(board: a, expectedHead: 1, [(2, eventBytes(board: a, 2))])
            try writer.advanceLog(from: 1, to: 2)
        }
        try store.read { reader in
            try expect(try reader.lastPosition() == 2, "a conditional write where the log ends as expected is kept")
            try expect(try reader.heads() == [a: 2], "its events are kept")
        }
    }

    public static func failedWriteKeepsNothing(_ store: any LogStore) throws {
        let (a, b) = (boardA, boardB)
        let refusal = Refusal(id: 1, reason: "the card is gone", isConflict: true)
        func stage(_ writer: any LogWriting) throws {
            try writer.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1))])
            try writer.remember(answer: [1], board: a, actor: "ana", key: "k1", at: answerTime)
            try writer.recordMutation(1, client: "phone", refusal: refusal)
        }
        let stale = try conflict {
            try store.write { writer in
                try stage(writer)
                try writer.append(board: b, expectedHead: 3, [(2, eventBytes(board: b, 2))])
            }
        }
        try expect(stale == LogConflict(movedHeads: [b: 0]), "the stale head is named: \(stale)")
        struct Abandoned: Error {}
        do {
            try store.write { writer in
                try stage(writer)
                throw Abandoned()
            }
            throw ConformanceFailure("a write whose body threw went in")
        } catch is Abandoned {
            // Expected.
        }
        try store.read { reader in
            try expect(try reader.heads().isEmpty, "no events are kept")
            try expect(try reader.lastPosition() == 0, "no position is kept")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1") == nil, "no answer is kept")
            try expect(try reader.lastMutationID(client: "phone") == 0, "no mutation is kept")
            try expect(try reader.refusals(client: "phone", after: 0, limit: 10).isEmpty, "no refusal is kept")
        }
        try store.write { try stage($0) }
        try store.read { reader in
            try expect(try reader.heads() == [a: 1], "the write without its failing step goes in")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1") == [1], "with its answer")
            try expect(try reader.refusals(client: "phone", after: 0, limit: 10) == [refusal], "and its refusal")
        }
    }

    /// A key answered already is refused with ``Kanban/LogConflict`` naming it — in a later
    /// write, or twice in one — however old its answer; the refused write keeps nothing.
    public static func duplicateAnswer(_ store: any LogStore) throws {
        let a = boardA
        let key = AnswerKey(board: a, actor: "ana", key: "k1")
        try store.write { writer in
            try writer.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1))])
            try writer.remember(answer: [1], board: a, actor: "ana", key: "k1", at: answerTime)
        }
        let later = Timestamp(millisecondsSinceEpoch: answerTime.millisecondsSinceEpoch + 5)
        let again = try conflict {
            try store.write { writer in
                try writer.append(board: a, expectedHead: 1, [(2, eventBytes(board: a, 2))])
                try writer.remember(answer: [2], board: a, actor: "ana", key: "k1", at: later)
            }
        }
        try expect(again == LogConflict(answered: key), "a second answer names the key: \(again)")
        let twice = try conflict {
            try store.write { writer in
                try writer.remember(answer: [3], board: a, actor: "ana", key: "k2", at: answerTime)
                try writer.remember(answer: [4], board: a, actor: "ana", key: "k2", at: answerTime)
            }
        }
        try expect(twice == LogConflict(answered: AnswerKey(board: a, actor: "ana", key: "k2")), "twice in one write: \(twice)")
        try store.read { reader in
            try expect(try reader.heads() == [a: 1], "the refused write's append is not kept")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1") == [1], "the first answer stands")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k1", notBefore: later) == nil, "it is older than asked for")
            try expect(try reader.rememberedAnswer(board: a, actor: "ana", key: "k2") == nil, "the write that answered twice kept nothing")
        }
    }

    /// A decided mutation's digest is kept by client and id, and read back for the ids asked
    /// (none for an id without one); a client's owner is the first actor recorded, never
    /// replaced; a write that fails keeps neither.
    public static func digestsAndOwners(_ store: any LogStore) throws {
        struct Abandoned: Error {}
        do {
            try store.write { writer in
                try writer.recordMutation(1, client: "phone", refusal: nil)
                try writer.recordDigest([9, 9], mutation: 1, client: "phone", actor: "mallory")
                throw Abandoned()
            }
        } catch is Abandoned {}
        try store.read { reader in
            try expect(try reader.owner(client: "phone") == nil, "a failed write keeps no owner")
            try expect(try reader.mutationDigests(client: "phone", ids: [1]).isEmpty, "a failed write keeps no digest")
        }
        try store.write { writer in
            try writer.recordMutation(1, client: "phone", refusal: nil)
            try writer.recordDigest([1, 1], mutation: 1, client: "phone", actor: "ana")
            try writer.recordMutation(2, client: "phone", refusal: nil)
            try writer.recordDigest([2, 2], mutation: 2, client: "phone", actor: "ben")
            try expect(try writer.owner(client: "phone") == "ana", "a write sees its own owner")
        }
        try store.write { writer in
            try writer.recordMutation(3, client: "phone", refusal: nil)
            try writer.recordMutation(1, client: "tablet", refusal: nil)
            try writer.recordDigest([1, 3], mutation: 1, client: "tablet", actor: "ben")
        }
        try store.read { reader in
            try expect(try reader.owner(client: "phone") == "ana", "the first actor owns the client")
            try expect(try reader.owner(client: "tablet") == "ben", "each client its own owner")
            try expect(try reader.owner(client: "watch") == nil, "no owner before a first push")
            let digests = try reader.mutationDigests(client: "phone", ids: [1, 2, 3, 4])
            try expect(digests == [1: [1, 1], 2: [2, 2]], "the digests kept, none for 3 and 4: \(digests)")
            try expect(try reader.mutationDigests(client: "tablet", ids: [1]) == [1: [1, 3]], "by client")
            try expect(try reader.mutationDigests(client: "phone", ids: []).isEmpty, "none asked, none given")
        }
    }

    /// A client's mutations must follow on (1, 2, 3, …, across writes and within one); any
    /// other id throws ``Kanban/LogConflict`` naming the client's last, keeping nothing; refusals
    /// are read back after an id, oldest first, up to a limit.
    public static func mutationOrder(_ store: any LogStore) throws {
        let a = boardA
        let (phone, tablet) = ("phone", "tablet")
        let second = Refusal(id: 2, reason: "the card is gone", isConflict: true)
        let third = Refusal(id: 3, reason: "no such column", isConflict: false)
        let early = try conflict { try store.write { try $0.recordMutation(2, client: phone, refusal: nil) } }
        try expect(early == LogConflict(movedClients: [phone: 0]), "a first mutation must be 1: \(early)")
        try store.write { writer in
            try writer.recordMutation(1, client: phone, refusal: nil)
            try writer.recordMutation(2, client: phone, refusal: second)
            try expect(try writer.lastMutationID(client: phone) == 2, "a write sees its own mutations")
        }
        let repeated = try conflict { try store.write { try $0.recordMutation(2, client: phone, refusal: nil) } }
        try expect(repeated == LogConflict(movedClients: [phone: 2]), "a mutation recorded already: \(repeated)")
        let skipped = try conflict {
            try store.write { writer in
                try writer.append(board: a, expectedHead: 0, [(1, eventBytes(board: a, 1))])
                try writer.recordMutation(4, client: phone, refusal: nil)
            }
        }
        try expect(skipped == LogConflict(movedClients: [phone: 2]), "a mutation skipping one: \(skipped)")
        try store.write { writer in
            try writer.recordMutation(3, client: phone, refusal: third)
            try writer.recordMutation(1, client: tablet, refusal: nil)
        }
        let zero = try appendError { try store.write { try $0.recordMutation(0, client: tablet, refusal: nil) } }
        try expect(zero == .mutationIDOutOfRange(0), "\(zero)")
        let mismatched = try appendError { try store.write { try $0.recordMutation(2, client: tablet, refusal: third) } }
        try expect(mismatched == .refusalOfAnotherMutation(id: 2, refusal: 3), "\(mismatched)")
        try store.read { reader in
            try expect(try reader.heads().isEmpty, "the refused write's append is not kept")
            try expect(try reader.lastMutationID(client: phone) == 3, "the phone is at 3")
            try expect(try reader.lastMutationID(client: tablet) == 1, "the tablet is at 1")
            try expect(try reader.refusals(client: phone, after: 0, limit: 10) == [second, third], "the refusals, oldest first")
            try expect(try reader.refusals(client: phone, after: 2, limit: 10) == [third], "the refusals after 2")
            try expect(try reader.refusals(client: phone, after: 0, limit: 1) == [second], "at most the limit")
            try expect(try reader.refusals(client: phone, after: 3, limit: 10).isEmpty, "none after the last")
            try expect(try reader.refusals(client: phone, after: 0, limit: 0).isEmpty, "none with limit 0")
            try expect(try reader.refusals(client: tablet, after: 0, limit: 10).isEmpty, "another client's refusals are its own")
        }
    }

    /// Two stores on one log, `rounds` times: both append to a board of their own, remember an
    /// answer under the same key and record the same mutation, in one write each, at once from
    /// two threads. Exactly one wins each round (its answer is the one kept), the other gets
    /// ``Kanban/LogConflict`` naming the key and keeps nothing (its append neither).
    public static func concurrentAnswers(_ first: any LogStore, _ second: any LogStore, rounds: Int = 20) throws {
        let a = boardA
        let barrier = ThreadBarrier(parties: 2)
        let outcomes = Locked<[[Int]]>(Array(repeating: [], count: rounds))
        let errors = concurrently(2) { writer in
            let store = writer == 0 ? first : second
            let board = writer == 0 ? boardB : boardC
            for round in 0..<rounds {
                guard barrier.wait() else { throw ConformanceFailure("writer \(writer): the other writer stopped before round \(round)") }
                let key = AnswerKey(board: a, actor: "racer", key: "round \(round)")
                do {
                    try store.write { writer in
                        let head = try writer.heads()[board] ?? 0
                        try writer.append(board: board, expectedHead: head, [(try writer.lastPosition() + 1, eventBytes(board: board, round))])
                        try writer.remember(answer: [UInt8(truncatingIfNeeded: round), board == boardB ? 0 : 1], board: a, actor: key.actor, key: key.key, at: answerTime)
                        try writer.recordMutation(UInt64(round + 1), client: "racer", refusal: nil)
                    }
                    outcomes.withLock { $0[round].append(writer) }
                } catch let conflict as LogConflict {
                    guard conflict == LogConflict(answered: key) else { throw ConformanceFailure("writer \(writer), round \(round): \(conflict)") }
                }
            }
        }
        if let error = errors.first { throw error }
        let winners = outcomes.value
        try first.read { reader in
            for (round, won) in winners.enumerated() {
                try expect(won.count == 1, "round \(round): exactly one writer wins, not \(won.count)")
                let answer = try reader.rememberedAnswer(board: a, actor: "racer", key: "round \(round)")
                try expect(answer == [UInt8(truncatingIfNeeded: round), UInt8(won[0])], "round \(round): the winner's answer is kept: \(answer ?? [])")
            }
            let heads = try reader.heads()
            try expect(heads.values.reduce(0, +) == UInt64(rounds), "one event per round, the losers' appends not kept: \(heads)")
            try expect(heads[boardB] ?? 0 == UInt64(winners.filter { $0 == [0] }.count), "board B has the first writer's wins: \(heads)")
            try expect(try reader.lastMutationID(client: "racer") == UInt64(rounds), "one mutation per round")
        }
    }

    // MARK: Helpers

    /// The entries after `position`, at most `limit`.
    public static func entries(_ reader: any LogReading, after position: UInt64, limit: Int = .max) throws -> [LogEntry] {
        var entries: [LogEntry] = []
        try reader.forEach(after: position) { entry in
            entries.append(entry)
            return entries.count < limit
        }
        return entries
    }

    /// The entries of `board` after `seq`, at most `limit`.
    public static func entries(_ reader: any LogReading, board: BoardID, afterSeq seq: UInt64, limit: Int = .max) throws -> [LogEntry] {
        var entries: [LogEntry] = []
        try reader.forEach(board: board, afterSeq: seq) { entry in
            entries.append(entry)
            return entries.count < limit
        }
        return entries
    }

    /// The ``Kanban/LogConflict`` `body` throws; anything else (or nothing) fails.
    private static func conflict<Result>(line: Int = #line, _ body: () throws -> Result) throws -> LogConflict {
        do {
            _ = try body()
        } catch let conflict as LogConflict {
            return conflict
        }
        throw ConformanceFailure("expected a LogConflict, but the write went in", line: line)
    }

    /// The ``Kanban/LogAppendError`` `body` throws; anything else (or nothing) fails.
    private static func appendError<Result>(line: Int = #line, _ body: () throws -> Result) throws -> LogAppendError {
        do {
            _ = try body()
        } catch let error as LogAppendError {
            return error
        }
        throw ConformanceFailure("expected a LogAppendError, but the write went in", line: line)
    }

    private static func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) throws {
        if !condition { throw ConformanceFailure(message(), line: line) }
    }
}

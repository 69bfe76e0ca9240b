import KanbanCore
import Testing

struct WorkloadGeneratorTests {
    /// Runs the workload for `events` events on an in-memory log, as `generate` does.
    static func run(seed: UInt64, events: Int, boards: Int = 1, startingWithMain: Bool = false) throws -> (events: [RecordedEvent], rejected: Int) {
        var state = KanbanState()
        state.buildOrderIndex()
        if startingWithMain {
            var ids = SeededGenerator(seed: 0)
            for event in try Decider.decide(.createBoard(name: "unused"), in: state, ids: &ids).prefix(1) {
                state.apply(RecordedEvent(
                    sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "setup",
                    id: EventID(Identifier(high: 0, low: 1)), board: event.board, payload: event.payload
                ))
            }
        }
        var generator = WorkloadGenerator(seed: seed, events: events, boards: boards, continuing: state, after: Timestamp(millisecondsSinceEpoch: 0))
        var log: [RecordedEvent] = []
        var rejected = 0
        var envelopeIDs = SeededGenerator(seed: seed)
        while log.count < events {
            let (step, actor) = generator.next(in: state)
            let decided: [BoardEvent]
            do {
                decided = try Self.decide(step, actor: actor, log: log, generator: &generator, state: state)
            } catch {
                rejected += 1
                continue
            }
            for event in decided {
                let recorded = RecordedEvent(
                    sequence: state.lastSequence + 1, timestamp: generator.timestamp, actor: actor,
                    id: EventID(.random(using: &envelopeIDs)), board: event.board, payload: event.payload
                )
                state.apply(recorded)
                generator.observe(recorded)
                log.append(recorded)
            }
        }
        return (log, rejected)
    }

    /// Decides a step as `KanbanEngine.generate` does, reading undo targets from `log`.
    static func decide(
        _ step: WorkloadStep, actor: String, log: [RecordedEvent], generator: inout WorkloadGenerator, state: KanbanState
    ) throws -> [BoardEvent] {
        switch step {
        case .command(let command):
            return try Decider.decide(command, in: state, ids: &generator.ids)
        case .undo, .redo:
            let stack = step == .undo ? state.undoStacks.undoStack(for: actor) : state.undoStacks.redoStack(for: actor)
            do {
                guard let sequence = stack.last, let target = log.first(where: { $0.sequence == sequence }) else {
                    throw KanbanError.nothingToUndo(actor: actor)
                }
                let later = log.filter { $0.sequence > sequence && $0.payload.card != nil && $0.payload.card == target.payload.card }
                return [step == .undo
                    ? try Decider.undo(target, actor: actor, later: Array(later), force: false, in: state)
                    : try Decider.redo(target, actor: actor, later: Array(later), force: false, in: state)]
            } catch is KanbanError {
                guard let edit = generator.fallback(in: state) else { return [] }
                return try Decider.decide(edit, in: state, ids: &generator.ids)
            }
        }
    }

    @Test("The same seed gives the same events; another seed gives others")
    func deterministic() throws {
        let first = try Self.run(seed: 7, events: 1500)
        let second = try Self.run(seed: 7, events: 1500)
        let other = try Self.run(seed: 8, events: 1500)
        #expect(first.events == second.events)
        #expect(first.events.map(\.payload) != other.events.map(\.payload))
    }

    @Test("The workload's texts stay the same from build to build, so that figures and logs compare across builds")
    func pinnedTexts() throws {
        let (events, _) = try Self.run(seed: 1, events: 3_000)
        var texts: [String] = []
        for event in events {
            switch event.payload.effect {
            case .cardAdded(let added): texts += [added.card.title, added.card.description]
            case .cardEdited(let edited): texts += [edited.title, edited.descriptionChange?.new ?? "-"]
            default: continue
            }
        }
        #expect(texts.count > 2_000)
        #expect(texts.contains { $0.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 } }, "Korean titles")
        #expect(texts.contains { $0.contains("é") }, "French titles")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a over every text, each ended by 0x1F
        for byte in texts.joined(separator: "\u{1F}").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        #expect(hash == 0x82b6f434b08d48ac, "texts digest \(String(hash, radix: 16))")
    }

    @Test("On a single writer every generated command is accepted, with the documented mix")
    func mix() throws {
        let (events, rejected) = try Self.run(seed: 3, events: 4000)
        #expect(rejected == 0)
        let counts = Dictionary(grouping: events, by: \.payload.kind).mapValues(\.count)
        let total = Double(events.count)
        func share(_ kind: EventKind) -> Double { Double(counts[kind] ?? 0) / total }
        #expect(share(.cardAdded) > 0.10 && share(.cardAdded) < 0.30)
        #expect(share(.cardEdited) > 0.20 && share(.cardEdited) < 0.45)
        #expect(share(.cardMoved) > 0.25 && share(.cardMoved) < 0.50)
        #expect(share(.cardDeleted) > 0.04 && share(.cardDeleted) < 0.16)
        #expect(counts[.boardCreated] == 1)
        #expect(Set(events.map(\.actor)).isSubset(of: Set(WorkloadGenerator.actors)))
        // Timestamps never go backwards and start in 2025.
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(events[0].timestamp >= WorkloadGenerator.start)
        // Some titles are Korean or French.
        let titles = events.compactMap { event -> String? in
            if case .cardAdded(let added) = event.payload { return added.card.title }
            return nil
        }
        #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(titles.allSatisfy { (1...Limits.titleLength).contains($0.count) })
    }

    @Test(
        "On an empty log several boards are made: main, then board-2 and board-3, with no rejected command"
    )
    func boardsOnEmptyLog() throws {
        let (events, rejected) = try Self.run(seed: 1, events: 600, boards: 3)
        #expect(rejected == 0)
        let names = events.compactMap { event -> String? in
            if case .boardCreated(let created) = event.payload { return created.name }
            return nil
        }
        #expect(names == ["main", "board-2", "board-3"])
    }

    @Test("Continuing a log that has main, board-2 and board-3 are made first and all three get cards")
    func boardsAfterMain() throws {
        let (events, rejected) = try Self.run(seed: 1, events: 600, boards: 3, startingWithMain: true)
        #expect(rejected == 0)
        #expect(events.prefix(2).map(\.payload.kind) == [.boardCreated, .boardCreated])
        let names = events.compactMap { event -> String? in
            if case .boardCreated(let created) = event.payload { return created.name }
            return nil
        }
        #expect(names == ["board-2", "board-3"])
        #expect(Set(events.filter { $0.payload.kind == .cardAdded }.map(\.board)).count == 3)
    }

    @Test("SeededGenerator gives the same numbers for the same seed")
    func seededGenerator() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
        #expect(Set(first).count == 100)
    }
}

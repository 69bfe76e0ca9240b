import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// `importTrello` on simulated exports whose cards and board carry details: replaying the
/// imported log gives, after every kept action and before the first one, the members, labels,
/// due date marks, checklists, comments and links Trello showed then.
struct TrelloDetailReplayTests {
    typealias Shown = TrelloDetailsTests.Shown

    /// What a board shows of details: per column, each card's (without the cards, comments and
    /// card labels Trello's export cannot tell); the board's labels and members.
    struct Seen: Equatable, CustomStringConvertible {
        var columns: [[Shown]]
        var labels: [String]
        var members: [String]

        var description: String {
            let cards = columns.enumerated().flatMap { column, cards in cards.map { "\(column): \($0)" } }
            return (cards + ["labels: \(labels)", "members: \(members)"]).joined(separator: "\n")
        }
    }

    /// What our board shows at `moment` (`nil`: now) and what Trello showed after action `index`.
    static func compare(
        _ simulation: TrelloDetailSimulation, after index: Int, from first: Int, at moment: Timestamp?,
        board name: String, engine: KanbanEngine, kept: Int
    ) throws -> (seen: Seen, expected: Seen) {
        let reading = try moment.map { try engine.timeTravel.boardReading(named: name, at: .moment($0)) } ?? engine.timeTravel.boardReading(named: name)
        let state = try engine.timeTravel.state(atSequence: reading.sequence).state
        let cards = simulation.board.unknowable(keeping: kept)
        let unknowable = simulation.unknowable(from: first)
        let cutTitles = Set(cards.titles.map(TrelloImportTests.cutTitle))
        var seen: [[Shown]] = []
        var expected: [[Shown]] = []
        for (column, trello) in zip(reading.view.columns, simulation.board.states[index]) {
            let ours = column.cards.filter { !cutTitles.contains($0.card.title) && !$0.card.title.hasPrefix("(untitled card") }
            let theirs = trello.cards.filter { !cards.ids.contains($0.id) }
            var seenColumn: [Shown] = []
            var expectedColumn: [Shown] = []
            for (offset, card) in theirs.enumerated() {
                let hidden = simulation.hiddenLabels(card.id, after: index, from: first)
                var wanted = simulation.expected(card.id, after: index, unknowable)
                wanted.labels.removeAll { hidden.contains($0) }
                expectedColumn.append(wanted)
                guard offset < ours.count else { continue }
                var details = state.details(of: ours[offset].card.id)
                details.comments.removeAll { unknowable.commentTexts.contains($0.text) }
                var shown = Shown(details)
                shown.labels.removeAll { hidden.contains($0) }
                seenColumn.append(shown)
            }
            seen.append(seenColumn)
            expected.append(expectedColumn)
        }
        let board = state.board(named: reading.view.name).map { state.details(ofBoard: $0.id) } ?? BoardDetails()
        let trello = simulation.expectedBoard(after: index)
        return (
            Seen(columns: seen, labels: board.labels.map { "\($0.name) \($0.colour)" }, members: board.members),
            Seen(columns: expected, labels: trello.labels, members: trello.members)
        )
    }

    @Test("The imported details equal Trello's after every kept action, and before the first one", arguments: 0..<48)
    func replayMatchesTrello(seed: UInt64) throws {
        var simulation = TrelloDetailSimulation(seed: seed)
        simulation.play(120)
        var generator = SeededGenerator(seed: seed &+ 2000)
        let total = simulation.board.actions.count
        let kept = seed % 4 == 0 ? total : Int.random(in: 5...total, using: &generator)
        let first = total - kept
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try simulation.export(keeping: kept))

        func check(after index: Int, at moment: Timestamp?, _ comment: String) throws -> Bool {
            let (seen, expected) = try Self.compare(simulation, after: index, from: first, at: moment, board: report.board, engine: fixture.engine, kept: kept)
            #expect(seen == expected, "\(comment), seed \(seed)")
            return seen == expected
        }
        _ = try check(after: total - 1, at: nil, "now")
        for index in first..<total {
            let type = simulation.board.actions[index]["type"] as? String ?? "?"
            if try !check(after: index, at: simulation.board.times[index], "after action \(index) (\(type))") { break }
        }
        if first > 0 {
            _ = try check(after: first - 1, at: Timestamp(millisecondsSinceEpoch: simulation.board.times[first].millisecondsSinceEpoch - 1), "before the first kept action")
        }
        // Not imported: only what the export cannot tell, or a detail of a card archived for good.
        let explained: Set<String> = [
            "commentCard", "updateCard (unknown label)", "addAttachmentToCard (not a link)", "attachment (not a link)",
            "deleteAttachmentFromCard (not a link)", "deleteAttachmentFromCard (attachment not in the export)", "deleteComment (comment not in the export)",
        ]
        #expect(report.notImported.keys.allSatisfy { explained.contains($0) || $0.hasSuffix(" (archived card)") }, "\(report.notImported), seed \(seed)")
        #expect(try fixture.engine.verify().firstDifference == nil)

        // Importing it again appends nothing.
        let count = try fixture.eventCount
        #expect(try fixture.engine.importer.trello(try simulation.export(keeping: kept)).alreadyImported)
        #expect(try fixture.eventCount == count)
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// A board at a moment written from its laid-out cards (`board --at --json`) is byte for byte
/// what its view gives.
struct LaidOutBoardJSONTests {
    /// The board's JSON at `point` from the view and from the laid-out cards.
    static func both(_ engine: KanbanEngine, board: String, at point: PointInTime) throws -> (view: [UInt8], laidOut: [UInt8]?) {
        var fromView: [UInt8] = []
        let view = try engine.timeTravel.boardView(named: board, at: point)
        BoardJSON.write(view: view, chunkSize: 97) { fromView += $0 }
        var fromLaidOut: [UInt8] = []
        let written: Void? = try engine.timeTravel.withBoardLaidOut(named: board, at: point) { laidOut in
            BoardJSON.write(laidOut: laidOut, chunkSize: 97) { fromLaidOut += $0 }
        }
        return (fromView, written == nil ? nil : fromLaidOut)
    }

    @Test("Random commands on several boards, then details, limits, overdue and awkward text: the same bytes at every 25th event, from a snapshot and its tail")
    func sameBytesAsTheView() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-laid-out")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(snapshotInterval: 60))
        var random = SeededGenerator(seed: 17)
        for _ in 0..<400 {
            let command = try engine.withState { RandomCommands.next(in: $0, using: &random) }
            _ = try? engine.execute(command, actor: ["ana", "bo"][Int.random(in: 0..<2, using: &random)])
        }
        let past = try #require(CalendarDay(year: 2020, month: 1, day: 2)), future = try #require(CalendarDay(year: 2100, month: 1, day: 2))
        _ = try? engine.execute(.createBoard(name: "main"), actor: "ana")
        _ = try engine.execute(Command.addCard(board: "main", title: #"-quote " back \ line"#, description: "줄\n바꿈 🎉\u{1}", due: .day(past)), actor: "ana")
        _ = try engine.execute(Command.addCard(board: "main", title: "later", due: .day(future)), actor: "ana")
        let main = try #require(try engine.withState { $0.board(named: "main") })
        let onMain = try engine.withState { state in state.cards.values.filter { main.columns.contains($0.column) }.map(\.id.description) }
        #expect(onMain.count >= 2)
        if let first = onMain.first, let second = onMain.dropFirst().first {
            for command: Command in [
                .assign(board: "main", card: first, person: "지민"), .label(board: "main", card: first, label: "bug"),
                .markDue(board: "main", card: second, done: true), .addComment(board: "main", card: first, text: "hi"),
                .addChecklistItem(board: "main", card: second, text: "a"), .setLabel(board: "main", name: "bug", colour: "red"),
                .addMember(board: "main", person: "ana"), .setColumnLimit(board: "main", column: "TODO", limit: 500),
                .setStrictColumnLimit(board: "main", column: "DONE", limit: 900), .setVisibility(board: "main", visibility: .members),
            ] { _ = try? engine.execute(command, actor: "ana") }
        }
        let last = try engine.statistics().lastSequence
        let boards = try engine.withState { state in state.boardOrder.compactMap { state.boards[$0]?.name } }
        var compared = 0
        for sequence in stride(from: UInt64(1), through: last, by: 25) + [last] {
            for board in boards {
                guard let (view, laidOut) = try? Self.both(engine, board: board, at: .sequence(sequence)) else { continue }
                #expect(laidOut == view, "board \(board) at #\(sequence)")
                compared += laidOut == nil ? 0 : 1
            }
        }
        #expect(compared > 20)
    }

    @Test("The default board not made yet: nothing laid out, and its view is the placeholder")
    func pendingDefaultBoard() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-laid-out-empty")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        _ = try engine.execute(.addCard(board: "main", title: "x"), actor: "ana")
        // Before the log's first event, main is not made yet.
        let (view, laidOut) = try Self.both(engine, board: "main", at: .sequence(0))
        #expect(laidOut == nil)
        #expect(view == BoardJSON.encode(view: DefaultBoard.placeholderView))
    }
}

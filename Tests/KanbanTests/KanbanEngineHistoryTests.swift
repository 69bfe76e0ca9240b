import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `KanbanEngine.history.entries(_:)`: the log folded into lines in the apps' words, with column names
/// as they were, and its filters.
struct KanbanEngineHistoryTests {
    /// The clock of ``EngineFixture`` reads 1_800_000_000_000 ms plus a second per command, and
    /// the scenes below append one event per command after the first (which makes the board
    /// too): event `sequence` is stamped at this moment.
    static func stamp(_ sequence: Int) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: 1_800_000_000_000 + Int64(max(sequence - 1, 1)) * 1000)
    }

    /// A scene by ana and bob on `main`, and a card on another board; returns the fixture and
    /// the ids of X (deleted at the end, then brought back by an undo and deleted again by a redo) and Y.
    static func scene() throws -> (EngineFixture, CardID, CardID) {
        let fixture = try EngineFixture()
        let x = try fixture.add("X", as: "ana")                                                       // #1 board, #2
        let y = try fixture.add("Y", as: "bob")                                                       // #3
        try fixture.run(.moveCard(board: "main", card: x.description, column: "DOING"), as: "ana")    // #4
        try fixture.run(.moveCard(board: "main", card: y.description, column: "DOING", index: 0), as: "bob") // #5
        try fixture.run(.moveCard(board: "main", card: y.description, column: "DOING", index: 1), as: "bob") // #6 reorder
        try fixture.run(.editCard(board: "main", card: x.description, title: "X2", due: .set(.day(CalendarDay(year: 2026, month: 12, day: 1)!))), as: "bob") // #7
        try fixture.run(.renameColumn(board: "main", column: "DOING", to: "In progress"), as: "ana")  // #8
        try fixture.run(.deleteCard(board: "main", card: x.description), as: "ana")                  // #9
        try fixture.engine.undo(actor: "ana")                                                         // #10
        try fixture.engine.redo(actor: "ana")                                                         // #11
        try fixture.run(.createBoard(name: "Side"), as: "bob")                                        // #12
        try fixture.add("elsewhere", as: "bob", board: "Side")                                        // #13
        try fixture.run(.addColumn(board: "main", name: "Review"), as: "bob")                         // #14
        return (fixture, x, y)
    }

    static let englishLines = [
        "Created board 'main'.",
        "Added 'X'.",
        "Added 'Y'.",
        "Moved 'X' from TODO to DOING.",
        "Moved 'Y' from TODO to DOING.",
        "Reordered 'Y' in DOING.",
        "Edited 'X': title, due date.",
        "Renamed column 'DOING' to 'In progress'.",
        "Removed 'X2' from In progress.",
        "Undid: Removed 'X2' from In progress.",
        "Redid: Removed 'X2' from In progress.",
        "Added column 'Review'.",
    ]

    @Test("History of a board: every change in order, with sequence, time, actor, kind, card and line")
    func wholeHistory() throws {
        let (fixture, x, y) = try Self.scene()
        defer { fixture.directory.remove() }
        let entries = try fixture.engine.history.entries(HistoryQuery())
        #expect(entries.map(\.line) == Self.englishLines)
        #expect(entries.map(\.sequence) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14])
        #expect(entries.map(\.actor) == ["kanban", "ana", "bob", "ana", "bob", "bob", "bob", "ana", "ana", "ana", "ana", "bob"])
        #expect(entries.map(\.kind) == [
            .boardCreated, .cardAdded, .cardAdded, .cardMoved, .cardMoved, .cardMoved, .cardEdited, .columnRenamed,
            .cardDeleted, .undone, .redone, .columnAdded,
        ])
        #expect(entries.map(\.card) == [nil, x, y, x, y, y, x, nil, x, x, x, nil])
        let events = try fixture.engine.events()
        for entry in entries {
            #expect(entry.timestamp == events[Int(entry.sequence) - 1].timestamp)
            #expect(entry.board == events[Int(entry.sequence) - 1].board)
        }
        #expect(entries.map(\.timestamp) == entries.map { Self.stamp(Int($0.sequence)) })
        #expect(entries[0].timestamp == entries[1].timestamp, "the first command's two events share its moment")
    }

    @Test("The same history in Korean and French")
    func languages() throws {
        let (fixture, _, _) = try Self.scene()
        defer { fixture.directory.remove() }
        let korean = try fixture.engine.history.entries(HistoryQuery(language: .korean)).map(\.line)
        #expect(korean == [
            "'main' 보드를 만들었습니다.",
            "'X' 카드를 추가했습니다.",
            "'Y' 카드를 추가했습니다.",
            "'X' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            "'Y' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            "DOING에서 'Y' 카드의 순서를 바꿨습니다.",
            "'X' 카드를 수정했습니다: 제목, 마감일.",
            "'DOING' 열의 이름을 'In progress'(으)로 바꿨습니다.",
            "In progress에서 'X2' 카드를 삭제했습니다.",
            "실행 취소: In progress에서 'X2' 카드를 삭제했습니다.",
            "다시 실행: In progress에서 'X2' 카드를 삭제했습니다.",
            "'Review' 열을 추가했습니다.",
        ])
        let french = try fixture.engine.history.entries(HistoryQuery(language: .french)).map(\.line)
        #expect(french == [
            "Tableau « main » créé.",
            "Carte « X » ajoutée.",
            "Carte « Y » ajoutée.",
            "Carte « X » déplacée de TODO vers DOING.",
            "Carte « Y » déplacée de TODO vers DOING.",
            "Carte « Y » réordonnée dans DOING.",
            "Carte « X » modifiée : titre, échéance.",
            "Colonne « DOING » renommée en « In progress ».",
            "Carte « X2 » retirée de In progress.",
            "Annulé : Carte « X2 » retirée de In progress.",
            "Rétabli : Carte « X2 » retirée de In progress.",
            "Colonne « Review » ajoutée.",
        ])
    }

    @Test("Changes carry each field's old and new value, as text")
    func changes() throws {
        let (fixture, _, _) = try Self.scene()
        defer { fixture.directory.remove() }
        let entries = try fixture.engine.history.entries(HistoryQuery())
        func changes(_ sequence: UInt64) -> [HistoryChange] { entries.first { $0.sequence == sequence }?.changes ?? [] }
        #expect(changes(1) == [HistoryChange(field: "name", old: nil, new: "main")])
        #expect(changes(2) == [
            HistoryChange(field: "title", old: nil, new: "X"), HistoryChange(field: "column", old: nil, new: "TODO"),
            HistoryChange(field: "position", old: nil, new: "0"),
        ])
        #expect(changes(4) == [HistoryChange(field: "column", old: "TODO", new: "DOING"), HistoryChange(field: "position", old: "0", new: "0")])
        #expect(changes(6) == [HistoryChange(field: "position", old: "0", new: "1")])
        #expect(changes(7) == [HistoryChange(field: "title", old: "X", new: "X2"), HistoryChange(field: "due", old: nil, new: "2026-12-01")])
        #expect(changes(8) == [HistoryChange(field: "name", old: "DOING", new: "In progress")])
        #expect(changes(9) == [HistoryChange(field: "title", old: "X2", new: nil), HistoryChange(field: "column", old: "In progress", new: nil)])
        // An undo's changes are those of its compensation: the delete undone adds the card back.
        #expect(changes(10).first == HistoryChange(field: "title", old: nil, new: "X2"))
        #expect(changes(10).contains(HistoryChange(field: "due", old: nil, new: "2026-12-01")))
        #expect(changes(11) == changes(9))
        #expect(changes(14) == [HistoryChange(field: "name", old: nil, new: "Review")])
    }

    @Test("A card's whole trail, deleted or not, by id or unique prefix in any case")
    func cardTrail() throws {
        let (fixture, x, y) = try Self.scene()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let trail = try engine.history.entries(HistoryQuery(card: x.description))
        #expect(trail.map(\.sequence) == [2, 4, 7, 9, 10, 11])
        #expect(try engine.withState { $0.cards[x] } == nil, "X is deleted")
        for reference in [String(x.description.prefix(13)), " \(x.description.prefix(13).uppercased()) "] {
            #expect(try engine.history.entries(HistoryQuery(card: reference)).map(\.sequence) == trail.map(\.sequence))
        }
        #expect(try engine.history.entries(HistoryQuery(card: y.description)).map(\.sequence) == [3, 5, 6])
        #expect(throws: KanbanError.unknownCard("zz")) { try engine.history.entries(HistoryQuery(card: "zz")) }
        #expect(throws: KanbanError.unknownCard(" ")) { try engine.history.entries(HistoryQuery(card: " ")) }
        // A card of another board is not found on main, and is on its own board.
        let elsewhere = try #require(try fixture.card("elsewhere")).id
        #expect(throws: KanbanError.unknownCard(elsewhere.description)) { try engine.history.entries(HistoryQuery(card: elsewhere.description)) }
        #expect(try engine.history.entries(HistoryQuery(board: "side", card: elsewhere.description)).map(\.sequence) == [13])
    }

    @Test("A prefix several cards share is ambiguous")
    func ambiguousPrefix() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        // Seventeen cards: two of them start with the same hex digit.
        var ids: [CardID] = []
        for number in 0..<17 { ids.append(try fixture.add("card \(number)")) }
        let firsts = ids.map { $0.description.prefix(1) }
        let shared = try #require(firsts.first { first in firsts.filter { $0 == first }.count > 1 })
        let matches = firsts.filter { $0 == shared }.count
        try fixture.run(.deleteCard(board: "main", card: ids[firsts.firstIndex(of: shared)!].description), as: "ana")
        // Deleted cards count too.
        #expect(throws: KanbanError.ambiguousCard(String(shared), matches: matches)) {
            try fixture.engine.history.entries(HistoryQuery(card: String(shared)))
        }
    }

    @Test("Filters by actor, time and sequence, each alone and together")
    func filters() throws {
        let (fixture, x, _) = try Self.scene()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        #expect(try engine.history.entries(HistoryQuery(actor: "bob")).map(\.sequence) == [3, 5, 6, 7, 14])
        #expect(try engine.history.entries(HistoryQuery(actor: "nobody")).isEmpty)
        #expect(try engine.history.entries(HistoryQuery(actor: "kanban")).map(\.line) == ["Created board 'main'."])
        // since and until are inclusive.
        #expect(try engine.history.entries(HistoryQuery(since: Self.stamp(9))).map(\.sequence) == [9, 10, 11, 14])
        #expect(try engine.history.entries(HistoryQuery(until: Self.stamp(4))).map(\.sequence) == [1, 2, 3, 4])
        #expect(try engine.history.entries(HistoryQuery(since: Self.stamp(4), until: Self.stamp(6))).map(\.sequence) == [4, 5, 6])
        #expect(try engine.history.entries(HistoryQuery(since: Self.stamp(5), until: Self.stamp(4))).isEmpty)
        #expect(try engine.history.entries(HistoryQuery(untilSequence: 3)).map(\.sequence) == [1, 2, 3])
        #expect(try engine.history.entries(HistoryQuery(card: x.description, actor: "ana", since: Self.stamp(5))).map(\.sequence) == [9, 10, 11])
        // Column names follow renames even when the rename itself is filtered out.
        #expect(try engine.history.entries(HistoryQuery(card: x.description, actor: "ana")).map(\.line) == [
            "Added 'X'.", "Moved 'X' from TODO to DOING.", "Removed 'X2' from In progress.",
            "Undid: Removed 'X2' from In progress.", "Redid: Removed 'X2' from In progress.",
        ])
    }

    @Test("A limit keeps the most recent entries, after the other filters")
    func limit() throws {
        let (fixture, _, _) = try Self.scene()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let all = try engine.history.entries(HistoryQuery()).map(\.sequence)
        for limit in [0, 1, 3, all.count, all.count + 5] {
            #expect(try engine.history.entries(HistoryQuery(limit: limit)).map(\.sequence) == Array(all.suffix(limit)))
        }
        #expect(try engine.history.entries(HistoryQuery(actor: "bob", limit: 2)).map(\.sequence) == [7, 14])
        // A long history with a small limit (the fold drops old entries as it goes).
        for number in 0..<150 { try fixture.add("more \(number)", as: "cy") }
        let recent = try engine.history.entries(HistoryQuery(limit: 3))
        #expect(recent.map(\.line) == ["Added 'more 147'.", "Added 'more 148'.", "Added 'more 149'."])
        #expect(recent.map(\.sequence) == [162, 163, 164])
        #expect(try engine.history.entries(HistoryQuery(actor: "ana", limit: 2)).map(\.sequence) == [10, 11])
        #expect(try engine.history.entries(HistoryQuery(limit: 100)).count == 100)
    }

    @Test("Boards: main by default, another by name (case-insensitively), every board with nil, an unknown one refused")
    func boards() throws {
        let (fixture, _, _) = try Self.scene()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        #expect(try engine.history.entries(HistoryQuery(board: "SIDE")).map(\.line) == ["Created board 'Side'.", "Added 'elsewhere'."])
        #expect(try engine.history.entries(HistoryQuery(board: nil)).map(\.sequence) == Array(1...14))
        #expect(throws: KanbanError.unknownBoard("nope")) { try engine.history.entries(HistoryQuery(board: "nope")) }
    }

    @Test("A fresh database has no history, and main is no unknown board")
    func freshDatabase() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        #expect(try fixture.engine.history.entries(HistoryQuery()).isEmpty)
        #expect(try fixture.engine.history.entries(HistoryQuery(board: "Main")).isEmpty)
        #expect(throws: KanbanError.unknownBoard("side")) { try fixture.engine.history.entries(HistoryQuery(board: "side")) }
    }
}

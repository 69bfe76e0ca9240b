import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `kanban history [--board] [--card] [--actor] [--since] [--until] [--limit] [--lang] [--json]`,
/// run as the real binary.
struct CLIHistoryTests {
    /// 2026-03-01T23:57:00Z: the scene's clock reads a minute later at each command.
    static let start: Int64 = 1_772_409_420_000

    /// Writes a scene through the engine, with a clock a minute apart per command from 23:58 UTC
    /// on 2026-03-01 to 00:08 on the 2nd. Returns the ids of "Write the README" (deleted in the
    /// end) and "디자인 검토".
    static func scene(_ fixture: CLIFixture) throws -> (readme: CardID, design: CardID) {
        let minutes = Locked<Int64>(0)
        let engine = try KanbanEngine(path: fixture.database, options: EngineOptions(clock: {
            Timestamp(millisecondsSinceEpoch: start + minutes.withLock { $0 += 1; return $0 } * 60_000)
        }))
        func card(_ events: [RecordedEvent]) -> CardID { events.last!.payload.card! }
        let readme = card(try engine.execute(.addCard(board: "main", title: "Write the README"), actor: "ana")) // #1 #2 23:58
        let design = card(try engine.execute(.addCard(board: "main", title: "디자인 검토"), actor: "bob"))      // #3 23:59
        try engine.execute(.moveCard(board: "main", card: readme.description, column: "DOING"), actor: "ana")  // #4 00:00
        try engine.execute(.editCard(board: "main", card: design.description, description: "notes"), actor: "bob") // #5 00:01
        try engine.execute(.deleteCard(board: "main", card: readme.description), actor: "ana")                // #6 00:02
        try engine.undo(actor: "ana")                                                                         // #7 00:03
        try engine.execute(.moveCard(board: "main", card: design.description, column: "DONE"), actor: "bob")  // #8 00:04
        try engine.execute(.renameColumn(board: "main", column: "DONE", to: "Fini"), actor: "cy")             // #9 00:05
        try engine.redo(actor: "ana")                                                                         // #10 00:06
        try engine.execute(.createBoard(name: "Side"), actor: "cy")                                           // #11 00:07
        try engine.execute(.addCard(board: "Side", title: "ailleurs"), actor: "cy")                           // #12 00:08
        return (readme, design)
    }

    static let english = """
        #1  2026-03-01 23:58  kanban  Created board 'main'.
        #2  2026-03-01 23:58  ana  Added 'Write the README'.
        #3  2026-03-01 23:59  bob  Added '디자인 검토'.
        #4  2026-03-02 00:00  ana  Moved 'Write the README' from TODO to DOING.
        #5  2026-03-02 00:01  bob  Edited '디자인 검토': description.
        #6  2026-03-02 00:02  ana  Removed 'Write the README' from DOING.
        #7  2026-03-02 00:03  ana  Undid: Removed 'Write the README' from DOING.
        #8  2026-03-02 00:04  bob  Moved '디자인 검토' from TODO to DONE.
        #9  2026-03-02 00:05  cy  Renamed column 'DONE' to 'Fini'.
        #10  2026-03-02 00:06  ana  Redid: Removed 'Write the README' from DOING.

        """

    @Test("history prints every change of the board in order: sequence, local time, actor and the line")
    func wholeHistory() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        #expect(try fixture.succeed(["history"]) == Self.english)
        #expect(try fixture.succeed(["history", "--lang", "en"], environment: ["LANG": "ko_KR.UTF-8"]) == Self.english)
        // Times are local: nine hours later in Seoul, the same lines.
        let seoul = try fixture.lines(["history"], environment: ["TZ": "Asia/Seoul"])
        #expect(seoul.first == "#1  2026-03-02 08:58  kanban  Created board 'main'.")
        #expect(seoul.last == "#10  2026-03-02 09:06  ana  Redid: Removed 'Write the README' from DOING.")
    }

    @Test("--lang ko and fr give Korean and French lines and dates")
    func languages() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        #expect(try fixture.lines(["history", "--lang", "ko"]) == [
            "#1  2026년 3월 1일 23:58  kanban  'main' 보드를 만들었습니다.",
            "#2  2026년 3월 1일 23:58  ana  'Write the README' 카드를 추가했습니다.",
            "#3  2026년 3월 1일 23:59  bob  '디자인 검토' 카드를 추가했습니다.",
            "#4  2026년 3월 2일 00:00  ana  'Write the README' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            "#5  2026년 3월 2일 00:01  bob  '디자인 검토' 카드를 수정했습니다: 설명.",
            "#6  2026년 3월 2일 00:02  ana  DOING에서 'Write the README' 카드를 삭제했습니다.",
            "#7  2026년 3월 2일 00:03  ana  실행 취소: DOING에서 'Write the README' 카드를 삭제했습니다.",
            "#8  2026년 3월 2일 00:04  bob  '디자인 검토' 카드를 TODO에서 DONE(으)로 옮겼습니다.",
            "#9  2026년 3월 2일 00:05  cy  'DONE' 열의 이름을 'Fini'(으)로 바꿨습니다.",
            "#10  2026년 3월 2일 00:06  ana  다시 실행: DOING에서 'Write the README' 카드를 삭제했습니다.",
        ])
        #expect(try fixture.lines(["history", "--lang", "fr"]) == [
            "#1  01/03/2026 23:58  kanban  Tableau « main » créé.",
            "#2  01/03/2026 23:58  ana  Carte « Write the README » ajoutée.",
            "#3  01/03/2026 23:59  bob  Carte « 디자인 검토 » ajoutée.",
            "#4  02/03/2026 00:00  ana  Carte « Write the README » déplacée de TODO vers DOING.",
            "#5  02/03/2026 00:01  bob  Carte « 디자인 검토 » modifiée : description.",
            "#6  02/03/2026 00:02  ana  Carte « Write the README » retirée de DOING.",
            "#7  02/03/2026 00:03  ana  Annulé : Carte « Write the README » retirée de DOING.",
            "#8  02/03/2026 00:04  bob  Carte « 디자인 검토 » déplacée de TODO vers DONE.",
            "#9  02/03/2026 00:05  cy  Colonne « DONE » renommée en « Fini ».",
            "#10  02/03/2026 00:06  ana  Rétabli : Carte « Write the README » retirée de DOING.",
        ])
    }

    @Test("Without --lang the language follows LC_ALL, then LC_MESSAGES, then LANG")
    func localeDefault() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        let korean = "#1  2026년 3월 1일 23:58  kanban  'main' 보드를 만들었습니다."
        let french = "#1  01/03/2026 23:58  kanban  Tableau « main » créé."
        let english = "#1  2026-03-01 23:58  kanban  Created board 'main'."
        #expect(try fixture.lines(["history", "--limit", "10"], environment: ["LANG": "ko_KR.UTF-8"]).first == korean)
        #expect(try fixture.lines(["history"], environment: ["LANG": "fr_FR.UTF-8"]).first == french)
        #expect(try fixture.lines(["history"], environment: ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).first == french)
        #expect(try fixture.lines(["history"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "en_GB.UTF-8"]).first == english)
        #expect(try fixture.lines(["history"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": ""]).first == korean, "an empty LC_ALL is ignored")
        #expect(try fixture.lines(["history"], environment: ["LANG": "de_DE.UTF-8"]).first == english)
        #expect(try fixture.lines(["history"], environment: ["LANG": nil]).first == english)
    }

    @Test("--card gives a card's whole trail, a deleted card's too, by a unique prefix; unknown prefixes exit 1")
    func cardTrail() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let (readme, design) = try Self.scene(fixture)
        #expect(try fixture.kanban.board().cardIDs.joined().contains(readme.description) == false, "the README card is deleted")
        // Without --board a prefix is looked up on every board: unique among the Side board's card too.
        let elsewhere = try #require(try fixture.kanban.board("Side").columns.first?.cards.first?.id)
        let prefix = uniquePrefix(of: readme.description, among: [readme.description, design.description, elsewhere])
        let trail = try fixture.lines(["history", "--card", prefix])
        #expect(trail.map { $0.split(separator: " ").first.map(String.init) } == ["#2", "#4", "#6", "#7", "#10"])
        #expect(trail.last == "#10  2026-03-02 00:06  ana  Redid: Removed 'Write the README' from DOING.")
        #expect(try fixture.lines(["history", "--card", readme.description.uppercased()]) == trail)
        #expect(try fixture.lines(["history", "--card", design.description]).count == 3)
        #expect(try fixture.expectRejected(["history", "--card", "zz"]) == "kanban: unknown card 'zz'\n")
        try fixture.expectRejected(["history", "--card", Identifier.random().description])
        // A card of another board is not on main's trail; without --board, its own board's.
        try fixture.expectRejected(["history", "--board", "main", "--card", elsewhere])
        let ownBoard = try fixture.lines(["history", "--board", "Side", "--card", elsewhere])
        #expect(ownBoard.count == 1)
        #expect(try fixture.lines(["history", "--card", String(elsewhere.prefix(8))]) == ownBoard)
        #expect(try fixture.lines(["history", "--card", elsewhere, "--limit", "5"]) == ownBoard)
    }

    @Test("--card with a prefix several cards share, deleted ones included, exits 1")
    func ambiguousCard() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let engine = try KanbanEngine(path: fixture.database)
        var ids: [String] = []
        for number in 0..<17 {
            ids.append(try engine.execute(.addCard(board: "main", title: "card \(number)"), actor: "ana").last!.payload.card!.description)
        }
        let firsts = ids.map { String($0.prefix(1)) }
        let shared = try #require(firsts.first { first in firsts.filter { $0 == first }.count > 1 })
        let sharing = ids.filter { $0.hasPrefix(shared) }
        try engine.execute(.deleteCard(board: "main", card: sharing[0]), actor: "ana")
        let message = try fixture.expectRejected(["history", "--card", shared])
        #expect(message == "kanban: card '\(shared)' is ambiguous: \(sharing.count) cards start with it; give more of the id\n")
        // The deleted one, named in full, is found.
        #expect(try fixture.lines(["history", "--card", sharing[0]]).count == 2)
    }

    @Test("--actor, --since and --until (dates and date-times, local), --limit and --board")
    func filters() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        func sequences(_ arguments: [String], environment: [String: String?] = [:]) throws -> [Int] {
            try fixture.lines(["history"] + arguments, environment: environment).map { line in
                Int(line.dropFirst().prefix { $0 != " " }) ?? -1
            }
        }
        #expect(try sequences(["--actor", "bob"]) == [3, 5, 8])
        #expect(try sequences(["--actor", "kanban"]) == [1])
        #expect(try sequences(["--actor", "nobody"]).isEmpty)
        // A date is a whole local day; a date-time is a moment; both ends are included.
        #expect(try sequences(["--since", "2026-03-02"]) == [4, 5, 6, 7, 8, 9, 10])
        #expect(try sequences(["--until", "2026-03-01"]) == [1, 2, 3])
        #expect(try sequences(["--since", "2026-03-02T00:02", "--until", "2026-03-02T00:04"]) == [6, 7, 8])
        #expect(try sequences(["--since", "2026-03-02T09:03:00+09:00"]) == [7, 8, 9, 10])
        #expect(try sequences(["--until", "2026-03-01T23:59:00Z"]) == [1, 2, 3])
        #expect(try sequences(["--since", "2026-03-02", "--until", "2026-03-01"]).isEmpty)
        // In Seoul the whole scene falls on March 2nd.
        #expect(try sequences(["--since", "2026-03-02", "--until", "2026-03-02"], environment: ["TZ": "Asia/Seoul"]) == Array(1...10))
        #expect(try sequences(["--until", "2026-03-01"], environment: ["TZ": "Asia/Seoul"]).isEmpty)
        // --limit keeps the most recent, after the other filters.
        #expect(try sequences(["--limit", "2"]) == [9, 10])
        #expect(try sequences(["--limit", "0"]).isEmpty)
        #expect(try sequences(["--limit", "99"]) == Array(1...10))
        #expect(try sequences(["--actor", "ana", "--limit", "2"]) == [7, 10])
        #expect(try sequences(["--actor", "ana", "--since", "2026-03-02T00:01", "--limit", "1"]) == [10])
        // --board: another board's history, by any case of its name.
        #expect(try fixture.lines(["history", "--board", "side"]) == [
            "#11  2026-03-02 00:07  cy  Created board 'Side'.", "#12  2026-03-02 00:08  cy  Added 'ailleurs'.",
        ])
        // Refusals: an unknown board or a malformed date exit 1, a negative limit is a usage error.
        #expect(try fixture.expectRejected(["history", "--board", "nope"]) == "kanban: unknown board 'nope'\n")
        #expect(try fixture.expectRejected(["history", "--since", "yesterday"]).contains("'yesterday' is not an ISO 8601 date"))
        try fixture.expectRejected(["history", "--until", "2026-02-30"])
        #expect(try fixture.expectRejected(["history", "--limit", "-1"], status: 2).contains("--limit"))
    }

    @Test("history --json: one object per entry with sequence, time, actor, kind, card, line and changes")
    func json() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let (readme, design) = try Self.scene(fixture)
        let text = try fixture.succeed(["history", "--json"])
        let entries = try #require(try jsonObject(text) as? [[String: Any]])
        #expect(entries.count == 10)
        for entry in entries {
            #expect(Set(entry.keys) == ["sequence", "time", "actor", "kind", "card", "line", "changes"])
            for (_, change) in try #require(entry["changes"] as? [String: Any]) {
                #expect(Set(try #require(change as? [String: Any]).keys) == ["old", "new"])
            }
        }
        #expect(entries.map { $0["sequence"] as? Int } == Array(1...10))
        #expect(entries.map { $0["kind"] as? String } == [
            "boardCreated", "cardAdded", "cardAdded", "cardMoved", "cardEdited", "cardDeleted", "undone", "cardMoved", "columnRenamed", "redone",
        ])
        #expect(entries[0]["card"] is NSNull)
        #expect(entries[8]["card"] is NSNull)
        #expect(entries[3]["card"] as? String == readme.description)
        #expect(entries[4]["card"] as? String == design.description)
        #expect(entries[3]["time"] as? String == "2026-03-02T00:00:00Z")
        #expect(entries[1]["actor"] as? String == "ana")
        #expect(entries[7]["line"] as? String == "Moved '디자인 검토' from TODO to DONE.")
        // Exactly, for a move: the keys sorted, old and new as text.
        #expect(text.contains("""
            {"actor":"ana","card":"\(readme)","changes":{"column":{"new":"DOING","old":"TODO"},"position":{"new":"0","old":"0"}},\
            "kind":"cardMoved","line":"Moved 'Write the README' from TODO to DOING.","sequence":4,"time":"2026-03-02T00:00:00Z"},
            """))
        let edit = try #require(entries[4]["changes"] as? [String: [String: String]])
        #expect(edit == ["description": ["old": "", "new": "notes"]])
        let added = try #require(entries[1]["changes"] as? [String: [String: Any]])
        #expect(added["title"]?["old"] is NSNull)
        #expect(added["title"]?["new"] as? String == "Write the README")
        #expect(added["column"]?["new"] as? String == "TODO")
        // --json speaks the language asked for too.
        let korean = try #require(try jsonObject(try fixture.succeed(["history", "--json", "--lang", "ko", "--limit", "1"])) as? [[String: Any]])
        #expect(korean.first?["line"] as? String == "다시 실행: DOING에서 'Write the README' 카드를 삭제했습니다.")
        #expect(try fixture.succeed(["history", "--json", "--actor", "nobody"]) == "[]\n")
    }

    @Test("The CLI's history is the engine's history(HistoryQuery)")
    func sameAsEngine() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let (readme, _) = try Self.scene(fixture)
        let engine = try KanbanEngine(path: fixture.database)
        let queries: [([String], HistoryQuery)] = [
            ([], HistoryQuery()),
            (["--lang", "fr"], HistoryQuery(language: .french)),
            (["--lang", "ko", "--actor", "ana"], HistoryQuery(actor: "ana", language: .korean)),
            (["--card", String(readme.description.prefix(8)), "--limit", "3"], HistoryQuery(card: String(readme.description.prefix(8)), limit: 3)),
            (["--board", "Side"], HistoryQuery(board: "Side")),
            (["--since", "2026-03-02T00:03:00Z"], HistoryQuery(since: Timestamp(millisecondsSinceEpoch: Self.start + 6 * 60_000))),
        ]
        for (arguments, query) in queries {
            let entries = try #require(try jsonObject(try fixture.succeed(["history", "--json"] + arguments)) as? [[String: Any]])
            let expected = try engine.history.entries(query)
            #expect(entries.map { $0["sequence"] as? Int } == expected.map { Int($0.sequence) }, "\(arguments)")
            #expect(entries.map { $0["line"] as? String } == expected.map(\.line), "\(arguments)")
            #expect(entries.map { $0["actor"] as? String } == expected.map(\.actor), "\(arguments)")
            #expect(entries.map { $0["kind"] as? String } == expected.map(\.kind.name), "\(arguments)")
            #expect(entries.map { $0["time"] as? String } == expected.map(\.timestamp.description), "\(arguments)")
            #expect(entries.map { $0["card"] as? String } == expected.map { $0.card?.description }, "\(arguments)")
        }
    }

    @Test("History of commands run through the CLI: one line per event, at the times the log has")
    func liveHistory() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        let id = try fixture.kanban.add("Write the README")
        try fixture.succeed(["move", id, "doing"])
        try fixture.succeed(["undo"])
        let lines = try fixture.lines(["history"])
        let log = try fixture.kanban.log()
        #expect(lines.count == log.count)
        for (line, event) in zip(lines, log) {
            let parts = line.components(separatedBy: "  ")
            #expect(parts.count == 4, "\(line)")
            #expect(parts[0] == "#\(event.sequence)")
            // The log's UTC time, to the minute, as the history shows it with TZ=UTC.
            #expect(parts[1] == event.timestamp.prefix(16).replacingOccurrences(of: "T", with: " "))
            #expect(parts[2] == event.actor)
        }
        #expect(lines.map { $0.components(separatedBy: "  ").last ?? "" } == [
            "Created board 'main'.", "Added 'Write the README'.", "Moved 'Write the README' from TODO to DOING.",
            "Undid: Moved 'Write the README' from TODO to DOING.",
        ])
    }
}

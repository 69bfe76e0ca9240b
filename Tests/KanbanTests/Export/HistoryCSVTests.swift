import Kanban
import KanbanCore
import Testing

/// The CSV form of the history: RFC 4180 quoting, the formula guard, the changes cell.
struct HistoryCSVTests {
    @Test("A field holding a comma, a double quote, CR or LF is quoted, inner quotes doubled; others are not", arguments: [
        ("plain", "plain"),
        ("a, b", "\"a, b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("two\r\nlines", "\"two\r\nlines\""),
        ("디자인 검토 회의", "디자인 검토 회의"),
        ("", ""),
    ])
    func quoting(field: String, expected: String) {
        #expect(HistoryCSV.quoted(field) == expected)
    }

    @Test("A record joins its fields with commas and ends in CRLF")
    func record() {
        #expect(HistoryCSV.record(["1", "a,b", "c"]) == "1,\"a,b\",c\r\n")
        #expect(HistoryCSV.header == "sequence,time,actor,board,card id,card title,kind,line,changes\r\n")
        #expect(Array(HistoryCSV.byteOrderMark.utf8) == [0xEF, 0xBB, 0xBF])
    }

    @Test("A field a spreadsheet would run as a formula gets a leading quote mark", arguments: [
        ("- fix login", "'- fix login"),
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ("+1", "'+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tindented", "'\tindented"),
        ("fix - later", "fix - later"),
        ("'quoted", "'quoted"),
        ("", ""),
    ])
    func formulaGuard(field: String, expected: String) {
        #expect(HistoryCSV.neutralized(field) == expected)
    }

    @Test("The changes cell: quoted text, old → new, an addition alone, a removal → —")
    func changes() {
        #expect(HistoryCSV.changes([
            HistoryChange(field: "title", old: "Old", new: "New"),
            HistoryChange(field: "column", old: "TODO", new: "DOING"),
        ]) == "title: \"Old\" → \"New\"; column: TODO → DOING")
        #expect(HistoryCSV.changes([
            HistoryChange(field: "title", old: nil, new: "X"), HistoryChange(field: "position", old: nil, new: "0"),
        ]) == "title: \"X\"; position: 0")
        #expect(HistoryCSV.changes([HistoryChange(field: "due", old: "2026-12-01", new: nil)]) == "due: 2026-12-01 → —")
        #expect(HistoryCSV.changes([]) == "")
    }

    @Test("A row: every column, the title guarded and quoted, the line and changes as they are")
    func row() throws {
        let card = CardID(Identifier(high: 0, low: 7))
        let entry = HistoryEntry(
            sequence: 12, timestamp: Timestamp(millisecondsSinceEpoch: 1_772_409_480_000), actor: "김민수",
            board: BoardID(Identifier(high: 0, low: 1)), kind: .cardEdited, card: card,
            line: "Edited '=cmd, \"x\"': title.",
            changes: [HistoryChange(field: "title", old: "- fix", new: "=cmd, \"x\"")]
        )
        let text = HistoryCSV.record(for: HistoryRow(entry: entry, boardName: "main", cardTitle: "=cmd, \"x\""))
        #expect(text == #"12,2026-03-01T23:58:00Z,김민수,main,\#(card),"'=cmd, ""x""",cardEdited,"Edited '=cmd, ""x""': title.","title: ""- fix"" → ""=cmd, ""x"""""\#r\#n"#)
    }
}

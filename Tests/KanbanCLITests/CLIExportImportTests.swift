import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `kanban export --format jsonl|csv` and `kanban import --format jsonl FILE`, run as the real binary.
struct CLIExportImportTests {
    /// The records of RFC 4180 CSV `text` (without its byte order mark), each a list of fields.
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        let bytes = Array(text.utf8)
        var index = 0
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field = [] }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") && field.isEmpty {
                quoted = true
            } else if byte == UInt8(ascii: ",") {
                endField()
            } else if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                endField()
                records.append(fields)
                fields = []
                index += 1
            } else {
                field.append(byte)
            }
            index += 1
        }
        if !field.isEmpty || !fields.isEmpty { endField(); records.append(fields) }
        return records
    }

    @Test("export --format jsonl, then import --format jsonl into a new database: the same log, byte for byte")
    func roundTrip() throws {
        let source = try CLIFixture()
        defer { source.remove() }
        _ = try CLIHistoryTests.scene(source)
        let printed = try source.succeed(["export", "--format", "jsonl"])
        let file = source.directory.appending("log.jsonl")
        #expect(try source.succeed(["export", "--format", "jsonl", "--out", file]) == "Exported 12 events to \(file).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        let first = try #require(try jsonObject(lines[0]) as? [String: Any])
        #expect(Set(first.keys) == ["sequence", "timestamp", "actor", "id", "board", "kind", "data", "leaf", "raw"])
        let raw = try #require(Data(base64Encoded: first["raw"] as? String ?? ""))
        #expect(first["leaf"] as? String == MerkleHash.hex(MerkleHash.leaf(raw)))

        let target = try CLIFixture()
        defer { target.remove() }
        #expect(try target.succeed(["import", "--format", "jsonl", file]) == "Imported 12 events from \(file).\n")
        #expect(try target.succeed(["export", "--format", "jsonl"]) == printed)
        #expect(try target.succeed(["log", "--json"]) == source.succeed(["log", "--json"]))
        #expect(try target.succeed(["history"]) == source.succeed(["history"]))
        try target.succeed(["verify"])
    }

    @Test("import is a command group: --format jsonl FILE, FILE alone and jsonl FILE all run the jsonl import")
    func importCommandGroup() throws {
        let source = try CLIFixture()
        defer { source.remove() }
        try source.kanban.add("one")
        let file = source.directory.appending("log.jsonl")
        try source.succeed(["export", "--format", "jsonl", "--out", file])
        for arguments in [["import", "--format", "jsonl", file], ["import", file], ["import", "jsonl", "--format", "jsonl", file]] {
            let target = try CLIFixture()
            defer { target.remove() }
            #expect(try target.succeed(arguments) == "Imported 2 events from \(file).\n")
            #expect(try target.kanban.log() == source.kanban.log())
        }
        let help = try source.run(["import", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: kanban import"), "\(help)")
    }

    @Test("import into a database that has events is refused, one line, exit 1, nothing appended")
    func importIntoNonEmpty() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("here first")
        let file = fixture.directory.appending("log.jsonl")
        try fixture.succeed(["export", "--format", "jsonl", "--out", file])
        #expect(try fixture.expectRejected(["import", "--format", "jsonl", file])
            == "kanban: the database already holds 2 events; import only into an empty database (a new --db directory)\n")
    }

    @Test("A damaged file is refused naming its line; a missing file and a bad format too")
    func importRefusals() throws {
        let source = try CLIFixture()
        defer { source.remove() }
        try source.kanban.add("one")
        try source.kanban.add("two")
        var lines = try source.succeed(["export", "--format", "jsonl"]).split(separator: "\n").map(String.init)
        lines.remove(at: 1)
        let file = source.directory.appending("gap.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)

        let target = try CLIFixture()
        defer { target.remove() }
        #expect(try target.expectRejected(["import", "--format", "jsonl", file]) == """
            kanban: line 2: sequence 3 where 2 was expected: lines are missing or out of order (only a whole export, without --board, --since or --until, can be imported)

            """)
        let missing = target.directory.appending("nowhere.jsonl")
        #expect(try target.expectRejected(["import", "--format", "jsonl", missing]) == "kanban: cannot read \(missing): no such file or directory\n")
        try target.expectRejected(["import", "--format", "jsonl"], status: 2)
        try target.expectRejected(["import", "--format", "csv", file], status: 2)
        // A Trello export named by --format, as the jsonl import is: the refusal says how.
        let trello = try target.expectRejected(["import", "--format", "trello", file], status: 2)
        #expect(trello.contains("kanban import trello"), "\(trello)")
        #expect(try target.kanban.stats().events == 0)
    }

    @Test("export --format csv: BOM, header, CRLF records, RFC 4180 quoting, Korean, titles starting with - or = guarded")
    func csv() throws {
        let fixture = try CLIFixture(actor: "김민수")
        defer { fixture.remove() }
        let fix = try fixture.kanban.add("- fix login")
        try fixture.kanban.add("=1+2")
        try fixture.kanban.add("디자인, \"검토\"\n회의")
        try fixture.succeed(["edit", fix, "--description", "first\r\nsecond"])
        try fixture.succeed(["move", fix, "doing"])
        let file = fixture.directory.appending("history.csv")
        #expect(try fixture.succeed(["export", "--format", "csv", "--lang", "ko", "--out", file]) == "Exported 6 rows to \(file).\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(bytes.starts(with: Array("\u{FEFF}sequence,time,actor,board,card id,card title,kind,line,changes\r\n".utf8)))
        #expect(bytes.suffix(2) == Data("\r\n".utf8))
        // Standard output gets the same bytes (Foundation drops the byte order mark reading them as a String).
        let text = try fixture.succeed(["export", "--format", "csv", "--lang", "ko"])
        #expect(Data(("\u{FEFF}" + text).utf8) == bytes)
        let records = Self.parseCSV(text)
        #expect(records.count == 7)
        #expect(records.allSatisfy { $0.count == 9 }, "\(records)")
        let rows = Array(records.dropFirst())
        #expect(rows.map { $0[0] } == ["1", "2", "3", "4", "5", "6"])
        #expect(rows.map { $0[5] } == ["", "'- fix login", "'=1+2", "디자인, \"검토\"\n회의", "'- fix login", "'- fix login"])
        #expect(rows[1][2] == "김민수" && rows[1][3] == "main" && rows[1][6] == "cardAdded")
        #expect(rows[1][7] == "'- fix login' 카드를 추가했습니다.")
        #expect(rows[1][8] == "title: \"- fix login\"; column: TODO; position: 0")
        #expect(rows[3][7] == "'디자인, \"검토\"\n회의' 카드를 추가했습니다.")
        #expect(rows[4][8] == "description: \"\" → \"first\r\nsecond\"")
        #expect(rows[5][7] == "'- fix login' 카드를 TODO에서 DOING(으)로 옮겼습니다.")
        #expect(rows[5][8] == "column: TODO → DOING; position: 0 → 0")
        #expect(try #require(rows.first)[1].hasSuffix("Z"), "times are ISO 8601 in UTC")
        // Without --lang, the locale's language.
        let french = Self.parseCSV(try fixture.succeed(["export", "--format", "csv"], environment: ["LANG": "fr_FR.UTF-8"]))
        #expect(french.last?[7] == "Carte « - fix login » déplacée de TODO vers DOING.")
    }

    @Test("--board, --since and --until filter both formats; --board follows the board's name through renames")
    func filters() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try CLIHistoryTests.scene(fixture)   // #11 board Side at 00:07, #12 its card at 00:08, on 2026-03-02 UTC
        try fixture.succeed(["boards", "rename", "Side", "Ailleurs"])
        func sequences(_ arguments: [String]) throws -> [Int] {
            try fixture.succeed(["export", "--format", "jsonl"] + arguments).split(separator: "\n").map { line in
                try #require(try jsonObject(String(line)) as? [String: Any])["sequence"] as? Int ?? 0
            }
        }
        #expect(try sequences(["--board", "Ailleurs"]) == [11, 12, 13])
        #expect(try sequences(["--since", "2026-03-02T00:06:00Z", "--until", "2026-03-02T00:07:00Z"]) == [10, 11])
        #expect(try sequences(["--until", "3"]) == [1, 2, 3])
        #expect(try sequences(["--board", "main", "--since", "2026-03-02"]) == [4, 5, 6, 7, 8, 9, 10], "--since a date: from the start of that day, local time (UTC here)")
        #expect(try sequences(["--until", "2026-03-01"]) == [1, 2, 3], "--until a date: to the end of that day")
        let rows = Self.parseCSV(try fixture.succeed(["export", "--format", "csv", "--board", "Ailleurs"]))
        #expect(rows.dropFirst().map { $0[3] } == ["Side", "Side", "Ailleurs"])
        try fixture.expectRejected(["export", "--format", "jsonl", "--board", "Side"])
        try fixture.expectRejected(["export", "--format", "jsonl", "--since", "yesterday"])
        try fixture.expectRejected(["export", "--format", "jsonl", "--lang", "ko"], status: 2)
        try fixture.expectRejected(["export", "--format", "xml"], status: 2)
        try fixture.expectRejected(["export"], status: 2)
    }

    @Test("A failed export to --out leaves no file, no temporary file, and an older file as it was")
    func failedExportLeavesNoHalfFile() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("one")
        let file = fixture.directory.appending("out.csv")
        try fixture.expectRejected(["export", "--format", "csv", "--board", "nope", "--out", file])
        #expect(!FileManager.default.fileExists(atPath: file))
        try "older".write(toFile: file, atomically: true, encoding: .utf8)
        try fixture.expectRejected(["export", "--format", "csv", "--board", "nope", "--out", file])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "older")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == ["db", "out.csv"])
        try fixture.expectRejected(["export", "--format", "csv", "--out", fixture.directory.appending("no/such/dir.csv")])
        try fixture.succeed(["export", "--format", "csv", "--out", file])
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).starts(with: Array("\u{FEFF}sequence,".utf8)))
    }
}

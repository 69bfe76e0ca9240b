import Foundation
import KanbanTestSupport
import Testing

/// `kanban undo [--list] [--force] [--lang] [--json]` and `kanban redo`, run as the real binary.
struct CLIUndoTests {
    /// Adds "Write the README" and moves it to DOING as the fixture's actor; returns its id.
    static func moved(_ fixture: CLIFixture) throws -> String {
        let id = try fixture.kanban.add("Write the README")
        try fixture.succeed(["move", id, "doing"])
        return id
    }

    @Test("undo and redo with nothing to undo or redo print one line on stderr, exit 1 and append nothing")
    func nothingToUndo() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // On a fresh database…
        #expect(try fixture.expectRejected(["undo"]) == "kanban: nothing to undo for tester\n")
        #expect(try fixture.expectRejected(["redo"]) == "kanban: nothing to redo for tester\n")
        #expect(try fixture.kanban.stats().events == 0)
        // …and on one where only someone else acted, forced or not, in JSON or not.
        try fixture.succeed(["add", "bob's", "--actor", "bob"])
        #expect(try fixture.expectRejected(["undo"]) == "kanban: nothing to undo for tester\n")
        try fixture.expectRejected(["undo", "--force", "--json"])
        try fixture.expectRejected(["redo", "--force"])
        #expect(try fixture.expectRejected(["undo", "--actor", "ana"]) == "kanban: nothing to undo for ana\n")
        // The engine's own first board is on no one's stack.
        #expect(try fixture.expectRejected(["undo", "--actor", "kanban"]) == "kanban: nothing to undo for kanban\n")
        #expect(try fixture.kanban.stats().events == 2)
    }

    @Test("An actor named kanban (a login name like any other) can undo; the first board is still on no one's stack")
    func actorNamedKanban() throws {
        let fixture = try CLIFixture(actor: "kanban")
        defer { fixture.remove() }
        let id = try fixture.kanban.add("X")
        #expect(try fixture.lines(["undo"]) == ["Undid: Added 'X'."])
        #expect(try fixture.expectRejected(["undo"]) == "kanban: nothing to undo for kanban\n")
        #expect(try fixture.lines(["redo"]) == ["Redid: Added 'X'."])
        #expect(try fixture.kanban.board().cardIDs == [[id], [], []])
    }

    @Test("undo prints the history line of what it undid; redo prints what it redid; the board follows")
    func undoAndRedo() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try Self.moved(fixture)
        #expect(try fixture.lines(["undo"]) == ["Undid: Moved 'Write the README' from TODO to DOING."])
        #expect(try fixture.kanban.board().cardIDs == [[id], [], []])
        #expect(try fixture.lines(["undo"]) == ["Undid: Added 'Write the README'."])
        #expect(try fixture.kanban.board().cardIDs == [[], [], []])
        #expect(try fixture.lines(["redo"]) == ["Redid: Added 'Write the README'."])
        #expect(try fixture.lines(["redo"]) == ["Redid: Moved 'Write the README' from TODO to DOING."])
        #expect(try fixture.kanban.board().cardIDs == [[], [id], []])
        try fixture.expectRejected(["redo"])
        // Each undo and redo is one event of its own.
        #expect(try fixture.kanban.log().map(\.kind) == [
            "boardCreated", "cardAdded", "cardMoved", "undone", "undone", "redone", "redone",
        ])
        #expect(try fixture.kanban.log().dropFirst().allSatisfy { $0.actor == "tester" })
    }

    @Test("undo --json and redo --json print the appended event")
    func json() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try Self.moved(fixture)
        let undone = try #require(try jsonObject(try fixture.succeed(["undo", "--json"])) as? [[String: Any]])
        #expect(undone.count == 1)
        #expect(undone.first?["kind"] as? String == "undone")
        #expect(undone.first?["sequence"] as? Int == 4)
        #expect(undone.first?["actor"] as? String == "tester")
        let data = try #require(undone.first?["data"] as? [String: Any])
        #expect(data["target"] as? Int == 3)
        let compensation = try #require(data["compensation"] as? [String: Any])
        #expect(compensation["kind"] as? String == "cardMoved")
        let redone = try #require(try jsonObject(try fixture.succeed(["redo", "--json"])) as? [[String: Any]])
        #expect(redone.first?["kind"] as? String == "redone")
        #expect((redone.first?["data"] as? [String: Any])?["target"] as? Int == 4)
        #expect(try fixture.kanban.board().cardIDs == [[], [id], []])
    }

    @Test("undo --list says what undo and redo would do next, and appends nothing")
    func list() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        #expect(try fixture.lines(["undo", "--list"]) == ["Nothing to undo.", "Nothing to redo."])
        #expect(try fixture.succeed(["undo", "--list", "--json"]) == "{\"redo\":null,\"undo\":null}\n")
        _ = try Self.moved(fixture)
        #expect(try fixture.lines(["undo", "--list"]) == ["Undo: Move 'Write the README' from TODO to DOING", "Nothing to redo."])
        #expect(try fixture.succeed(["undo", "--list", "--json"])
            == "{\"redo\":null,\"undo\":{\"action\":\"Move 'Write the README' from TODO to DOING\",\"sequence\":3}}\n")
        try fixture.succeed(["undo"])
        #expect(try fixture.lines(["undo", "--list"]) == ["Undo: Add 'Write the README'", "Redo: Move 'Write the README' from TODO to DOING"])
        #expect(try fixture.succeed(["undo", "--list", "--json"])
            == "{\"redo\":{\"action\":\"Move 'Write the README' from TODO to DOING\",\"sequence\":4},\"undo\":{\"action\":\"Add 'Write the README'\",\"sequence\":2}}\n")
        try fixture.succeed(["undo"])
        #expect(try fixture.lines(["undo", "--list"]) == ["Nothing to undo.", "Redo: Add 'Write the README'"])
        // After a redo, undo would reverse the redo: the same action in words.
        try fixture.succeed(["redo"])
        #expect(try fixture.lines(["undo", "--list"]) == ["Undo: Add 'Write the README'", "Redo: Move 'Write the README' from TODO to DOING"])
        let events = try fixture.kanban.stats().events
        try fixture.succeed(["undo", "--list"])
        try fixture.succeed(["undo", "--list", "--json", "--force"])
        #expect(try fixture.kanban.stats().events == events)
        // Another actor's list is their own.
        #expect(try fixture.lines(["undo", "--list", "--actor", "bob"]) == ["Nothing to undo.", "Nothing to redo."])
    }

    @Test("undo --list words other kinds: edits, reorders, removals, boards and columns")
    func listKinds() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let a = try fixture.kanban.add("a")
        try fixture.kanban.add("b")
        func next() throws -> String { try fixture.lines(["undo", "--list"])[0] }
        try fixture.succeed(["edit", a, "--title", "a2", "--description", "d", "--due", "2026-12-01"])
        #expect(try next() == "Undo: Edit 'a': title, description, due date")
        try fixture.succeed(["move", a, "todo", "--at", "1"])
        #expect(try next() == "Undo: Reorder 'a2' in TODO")
        try fixture.succeed(["delete", a])
        #expect(try next() == "Undo: Remove 'a2' from TODO")
        try fixture.succeed(["columns", "add", "Review"])
        #expect(try next() == "Undo: Add column 'Review'")
        try fixture.succeed(["columns", "rename", "review", "QA"])
        #expect(try next() == "Undo: Rename column 'Review' to 'QA'")
        try fixture.succeed(["columns", "remove", "QA"])
        #expect(try next() == "Undo: Remove column 'QA'")
        try fixture.succeed(["boards", "add", "Side"])
        #expect(try next() == "Undo: Create board 'Side'")
        try fixture.succeed(["boards", "rename", "Side", "Ops"])
        #expect(try next() == "Undo: Rename board 'Side' to 'Ops'")
        try fixture.succeed(["boards", "remove", "Ops"])
        #expect(try next() == "Undo: Remove board 'Ops'")
        // And undoes them all, one at a time, back to the two cards.
        for _ in 0..<9 { try fixture.succeed(["undo"]) }
        #expect(try fixture.kanban.board().columns.map { $0.cards.map(\.title) } == [["a", "b"], [], []])
        #expect(try fixture.succeed(["boards"]) == "main\tTODO 2, DOING 0, DONE 0\n")
    }

    @Test("--lang ko and fr, and the locale, choose the language of undo, redo and --list")
    func languages() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.moved(fixture)
        #expect(try fixture.lines(["undo", "--list", "--lang", "ko"]) == ["실행 취소: 'Write the README' 카드를 TODO에서 DOING(으)로 이동", "다시 실행할 작업이 없습니다."])
        #expect(try fixture.lines(["undo", "--list", "--lang", "fr"]) == ["Annuler : Déplacer « Write the README » de TODO vers DOING", "Rien à rétablir."])
        #expect(try fixture.lines(["undo", "--lang", "ko"]) == ["실행 취소: 'Write the README' 카드를 TODO에서 DOING(으)로 옮겼습니다."])
        #expect(try fixture.lines(["undo", "--list", "--lang", "fr"]) == [
            "Annuler : Ajouter « Write the README »", "Rétablir : Déplacer « Write the README » de TODO vers DOING",
        ])
        #expect(try fixture.lines(["redo", "--lang", "fr"]) == ["Rétabli : Carte « Write the README » déplacée de TODO vers DOING."])
        try fixture.succeed(["undo"])
        try fixture.succeed(["undo"])
        #expect(try fixture.lines(["undo", "--list", "--lang", "ko"]) == ["실행 취소할 작업이 없습니다.", "다시 실행: 'Write the README' 카드 추가"])
        #expect(try fixture.lines(["undo", "--list", "--lang", "fr"]) == ["Rien à annuler.", "Rétablir : Ajouter « Write the README »"])
        // Without --lang, the locale decides: LC_ALL over LC_MESSAGES over LANG.
        #expect(try fixture.lines(["undo", "--list"], environment: ["LANG": "ko_KR.UTF-8"])[0] == "실행 취소할 작업이 없습니다.")
        #expect(try fixture.lines(["undo", "--list"], environment: ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])[0] == "Rien à annuler.")
        #expect(try fixture.lines(["undo", "--list"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "en_US.UTF-8"])[0] == "Nothing to undo.")
        #expect(try fixture.lines(["undo", "--list", "--lang", "en"], environment: ["LANG": "fr_FR.UTF-8"])[0] == "Nothing to undo.")
        #expect(try fixture.lines(["redo"], environment: ["LC_ALL": "fr_FR.UTF-8"]) == ["Rétabli : Carte « Write the README » ajoutée."])
        // An unknown language is a usage error.
        #expect(try fixture.run(["undo", "--list", "--lang", "de"]).status == 2)
    }

    @Test("undo refuses another actor's later change of the same field, naming it; --force undoes anyway")
    func force() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try Self.moved(fixture)
        try fixture.succeed(["move", id, "done", "--actor", "bob"])
        let message = try fixture.expectRejected(["undo"])
        #expect(message == "kanban: cannot undo: bob moved 'Write the README' to DONE since (#4); undo would overwrite it (use --force to undo anyway)\n")
        #expect(try fixture.kanban.board().cardIDs == [[], [], [id]])
        #expect(try fixture.lines(["undo", "--force"]) == ["Undid: Moved 'Write the README' from TODO to DOING."])
        #expect(try fixture.kanban.board().cardIDs == [[id], [], []])
        // The add before it concerns every field, so bob's move holds its undo up too, until forced.
        #expect(try fixture.expectRejected(["undo"]).contains("cannot undo: bob moved 'Write the README' to DONE since (#4)"))
        #expect(try fixture.lines(["undo", "--force"]) == ["Undid: Added 'Write the README'."])
        #expect(try fixture.kanban.board().cardIDs == [[], [], []])
    }

    @Test("redo refuses another actor's change of the same field since the undo; --force redoes anyway")
    func redoForce() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try Self.moved(fixture)                                      // #2, #3
        try fixture.succeed(["undo"])                                        // #4
        // bob's edit of the title does not stand in the way of redoing the move…
        try fixture.succeed(["edit", id, "--title", "README", "--actor", "bob"]) // #5
        #expect(try fixture.lines(["redo"]) == ["Redid: Moved 'Write the README' from TODO to DOING."]) // #6
        #expect(try fixture.kanban.board().cardIDs == [[], [id], []])
        try fixture.succeed(["undo"])                                        // #7
        // …his move does.
        try fixture.succeed(["move", id, "done", "--actor", "bob"])          // #8
        let message = try fixture.expectRejected(["redo"])
        #expect(message == "kanban: cannot redo: bob moved 'README' to DONE since (#8); redo would overwrite it (use --force to redo anyway)\n")
        #expect(try fixture.lines(["redo", "--force"]).count == 1)           // #9
        #expect(try fixture.kanban.board().cardIDs == [[], [id], []])
        // bob's own undo is his: it would reverse his move to DONE, which tester's redo has overwritten since.
        #expect(try fixture.expectRejected(["undo", "--actor", "bob"])
            == "kanban: cannot undo: tester moved 'README' to DOING since (#9); undo would overwrite it (use --force to undo anyway)\n")
    }

    @Test("An entry that cannot be undone at all is dropped with a notice on stderr, and undo goes on to the next")
    func droppedEntries() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        try fixture.kanban.add("first")                                      // #2
        let styled = try fixture.kanban.add("Style buttons")                 // #3
        try fixture.succeed(["delete", styled, "--actor", "bob"])           // #4
        let notice = "Add 'Style buttons' — card 'Style buttons' no longer exists"
        // --list shows the entry undo would take, and says what it would drop on the way.
        let list = try fixture.run(["undo", "--list"])
        #expect(list.status == 0)
        #expect(list.stdout == "Undo: Add 'first'\nNothing to redo.\n")
        #expect(list.stderr == "kanban: undo will drop from ana's undo: \(notice)\n")
        #expect(try fixture.succeed(["undo", "--list", "--json"]) == """
            {"redo":null,"undo":{"action":"Add 'first'","sequence":2},\
            "undoDrops":[{"action":"Add 'Style buttons'","reason":"card 'Style buttons' no longer exists","sequence":3}]}

            """)
        let undo = try fixture.run(["undo"])
        #expect(undo.status == 0)
        #expect(undo.stdout == "Undid: Added 'first'.\n")
        #expect(undo.stderr == "kanban: dropped from ana's undo: \(notice)\n")
        #expect(try fixture.kanban.board().cardIDs == [[], [], []])
        #expect(try fixture.kanban.stats().events == 5)
        #expect(try fixture.lines(["undo", "--list"]) == ["Nothing to undo.", "Redo: Add 'first'"])
    }

    @Test("Notices, --list and redo lines name a column removed since by the name it had, not '?' or the card's")
    func removedColumnsByName() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        try fixture.succeed(["columns", "add", "X", "--actor", "setup"])
        let t = try fixture.kanban.add("T", ["--column", "x", "--actor", "setup"])
        try fixture.succeed(["move", t, "doing"])
        try fixture.succeed(["columns", "remove", "X", "--actor", "bob"])
        let notice = "Move 'T' from X to DOING — column 'X' was removed"
        let list = try fixture.run(["undo", "--list"])
        #expect(list.stdout == "Nothing to undo.\nNothing to redo.\n")
        #expect(list.stderr == "kanban: undo will drop from ana's undo: \(notice)\n")
        #expect(try fixture.run(["undo"]).stderr == "kanban: dropped from ana's undo: \(notice)\nkanban: nothing to undo for ana\n")

        // A redo's line names a column removed between the undo and the redo.
        try fixture.succeed(["columns", "add", "Y", "--actor", "setup"])
        let u = try fixture.kanban.add("U", ["--column", "y", "--actor", "setup"])
        try fixture.succeed(["move", u, "done"])
        try fixture.succeed(["undo"])
        try fixture.succeed(["move", u, "todo", "--actor", "bob"])
        try fixture.succeed(["columns", "remove", "Y", "--actor", "bob"])
        #expect(try fixture.run(["undo", "--list"]).stdout == "Nothing to undo.\nRedo: Move 'U' from Y to DONE\n")
        #expect(try fixture.lines(["redo", "--force"]) == ["Redid: Moved 'U' from Y to DONE."])
    }

    @Test("When every entry is dropped: the notices, then 'nothing to undo', exit 1, nothing appended")
    func everythingDropped() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        try fixture.succeed(["columns", "add", "Review"])
        try fixture.succeed(["add", "bob's", "--column", "review", "--actor", "bob"])
        let before = try fixture.kanban.stats().events
        let undo = try fixture.run(["undo", "--force"])
        #expect(undo.status == 1)
        #expect(undo.stdout.isEmpty)
        #expect(undo.stderr == """
            kanban: dropped from ana's undo: Add column 'Review' — column 'Review' holds 1 card
            kanban: nothing to undo for ana

            """)
        #expect(try fixture.kanban.stats().events == before)
    }

    @Test("Stacks are per actor and survive from one process to the next")
    func perActor() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        let a = try fixture.kanban.add("ana's")
        try fixture.succeed(["add", "bob's", "--actor", "bob"])
        try fixture.succeed(["move", a, "done"])
        #expect(try fixture.lines(["undo", "--actor", "bob"]) == ["Undid: Added 'bob's'."])
        #expect(try fixture.lines(["undo"]) == ["Undid: Moved 'ana's' from TODO to DONE."])
        #expect(try fixture.lines(["undo", "--list"]) == ["Undo: Add 'ana's'", "Redo: Move 'ana's' from TODO to DONE"])
        #expect(try fixture.lines(["undo", "--list", "--actor", "bob"]) == ["Nothing to undo.", "Redo: Add 'bob's'"])
        // KANBAN_ACTOR names the actor when --actor does not.
        #expect(try fixture.lines(["redo"], environment: ["KANBAN_ACTOR": "bob"]) == ["Redid: Added 'bob's'."])
        // ana's new action clears her redo stack only.
        try fixture.succeed(["add", "more"])
        try fixture.expectRejected(["redo"])
        try fixture.succeed(["undo", "--actor", "bob"])
        #expect(try fixture.lines(["redo", "--actor", "bob"]) == ["Redid: Added 'bob's'."])
    }
}

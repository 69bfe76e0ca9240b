import Foundation
import HTTPTypes
import Kanban
import KanbanCore
import KanbanOutput
import KanbanServer
import KanbanTestSupport
import Testing

/// Roles on a server with tokens, tried as each kind of person would: every board route and every
/// sync mutation, by a stranger, a viewer, a commenter, an editor, a board admin and a server
/// administrator, on a board only its members may see. Each gets the documented answer, and every
/// refusal appends nothing.
@Suite("Roles: who may do what")
struct RolesTests {
    static let tokens = try! TokenFile(parsing: """
        root root-token-7f3a9c2e5b01
        ada ada-token-4d8e1f6a2c01 member
        eddie eddie-token-9b2c4e6f8a01 member
        cam cam-token-1a3c5e7f9b01 member
        val val-token-2b4d6f8a0c01 member
        nora nora-token-3c5e7a9b1d01 member
        """)

    /// Someone trying, by what they are on the board tried.
    enum Who: Int, CaseIterable, CustomStringConvertible {
        case stranger, viewer, commenter, editor, admin, server

        var person: String { ["nora", "val", "cam", "eddie", "ada", "root"][rawValue] }
        var headers: [String: String] { ["Authorization": "Bearer \(person)-token-\(Self.secrets[rawValue])"] }
        var description: String { "\(["stranger", "viewer", "commenter", "editor", "admin", "server administrator"][rawValue]) \(person)" }
        private static let secrets = ["3c5e7a9b1d01", "2b4d6f8a0c01", "1a3c5e7f9b01", "9b2c4e6f8a01", "4d8e1f6a2c01", "7f3a9c2e5b01"]

        /// The least of these that may do what needs `role` (`nil`: a server administrator).
        static func least(_ role: BoardRole?) -> Who {
            switch role {
            case .viewer?: .viewer
            case .commenter?: .commenter
            case .editor?: .editor
            case .admin?: .admin
            case nil: .server
            }
        }
    }

    /// What the board tried holds: a card with a due date, an assignee, a label, a comment by
    /// root, a checklist item and a link, a deleted card, and the label `bug`.
    struct Fixture {
        var board: String
        var card: String
        var gone: String
        var comment: String
        var item: String
        var link: String
        /// The sequence of the board's last event as made.
        var made: UInt64
    }

    /// Makes board `name` as root: ada its admin, eddie editor, cam commenter, val viewer, seen by
    /// its members only; `empty` leaves cards out (a board to remove).
    static func makeBoard(_ name: String, empty: Bool = false, in engine: KanbanEngine) throws -> Fixture {
        func run(_ command: Command) throws -> [RecordedEvent] { try engine.perform(command, actor: "root").events }
        let created = try run(.createBoard(name: name))
        for (person, role) in [("ada", BoardRole.admin), ("eddie", .editor), ("cam", .commenter), ("val", .viewer)] {
            _ = try run(.setMemberRole(board: name, person: person, role: role, adding: true))
        }
        _ = try run(.setVisibility(board: name, visibility: .members))
        _ = try run(.setLabel(board: name, name: "bug", colour: "red"))
        guard !empty else { return Fixture(board: name, card: "", gone: "", comment: "", item: "", link: "", made: try engine.lastSequence()) }
        _ = created
        let card = try run(.addCard(board: name, title: "Card", due: try Due(parsing: "2030-01-01")))
        let gone = try run(.addCard(board: name, title: "Gone"))
        guard case .cardAdded(let added)? = card.first?.payload, case .cardAdded(let goneCard)? = gone.first?.payload else {
            throw RolesTestError("no card added")
        }
        let id = added.card.id.description
        _ = try run(.deleteCard(board: name, card: goneCard.card.id.description))
        _ = try run(.assign(board: name, card: id, person: "pat"))
        _ = try run(.label(board: name, card: id, label: "bug"))
        let comment = try run(.addComment(board: name, card: id, text: "root's"))
        let item = try run(.addChecklistItem(board: name, card: id, text: "step"))
        let link = try run(.attachLink(board: name, card: id, url: "https://example.com"))
        guard case .cardDetail(let commented)? = comment.first?.payload, case .commentAdded(let madeComment, _) = commented.edit,
              case .cardDetail(let listed)? = item.first?.payload, case .itemAdded(let madeItem, _) = listed.edit,
              case .cardDetail(let linked)? = link.first?.payload, case .linkAttached(let madeLink, _) = linked.edit else {
            throw RolesTestError("no details made")
        }
        return Fixture(
            board: name, card: id, gone: goneCard.card.id.description,
            comment: madeComment.id.description, item: madeItem.id.description, link: madeLink.id.description, made: try engine.lastSequence()
        )
    }

    /// One request on a board: the least role it needs (`nil`: a server administrator), and
    /// whether only the author of what it changes may (root wrote the comment).
    struct Attempt: Sendable {
        var method: HTTPRequest.Method
        var path: @Sendable (Fixture) -> String
        var body: @Sendable (Fixture) -> String? = { _ in nil }
        var needs: BoardRole?
        var authorOnly = false
        var empty = false
    }

    static let attempts: [Attempt] = {
        func on(_ tail: String) -> @Sendable (Fixture) -> String { { "/api/boards/\($0.board)\(tail)" } }
        func card(_ tail: String) -> @Sendable (Fixture) -> String { { "/api/boards/\($0.board)/cards/\($0.card)\(tail)" } }
        func json(_ text: String) -> @Sendable (Fixture) -> String? { { _ in text } }
        return [
            Attempt(method: .get, path: on(""), needs: .viewer),
            Attempt(method: .get, path: on("/history"), needs: .viewer),
            Attempt(method: .get, path: on("/diff?from=1"), needs: .viewer),
            Attempt(method: .get, path: on("/deleted"), needs: .viewer),
            Attempt(method: .get, path: on("/flow"), needs: .viewer),
            Attempt(method: .get, path: card(""), needs: .viewer),
            Attempt(method: .patch, path: on(""), body: { #"{"name": "\#($0.board)-renamed"}"# }, needs: .editor),
            Attempt(method: .delete, path: on(""), needs: .admin, empty: true),
            Attempt(method: .post, path: on("/restore"), body: { #"{"to": "\#($0.made - 1)"}"# }, needs: .admin),
            Attempt(method: .post, path: on("/cards"), body: json(#"{"title": "New"}"#), needs: .editor),
            Attempt(method: .patch, path: card(""), body: json(#"{"title": "Renamed"}"#), needs: .editor),
            Attempt(method: .delete, path: card(""), needs: .editor),
            Attempt(method: .post, path: card("/move"), body: json(#"{"column": "DOING"}"#), needs: .editor),
            Attempt(method: .post, path: { "/api/boards/\($0.board)/cards/\($0.gone)/revive" }, body: json("{}"), needs: .editor),
            Attempt(method: .post, path: card("/assignees"), body: json(#"{"person": "zed"}"#), needs: .editor),
            Attempt(method: .delete, path: card("/assignees/pat"), needs: .editor),
            Attempt(method: .post, path: card("/labels"), body: json(#"{"label": "ux"}"#), needs: .editor),
            Attempt(method: .delete, path: card("/labels/bug"), needs: .editor),
            Attempt(method: .put, path: card("/due-done"), body: json(#"{"done": true}"#), needs: .editor),
            Attempt(method: .post, path: card("/comments"), body: json(#"{"text": "Looks good"}"#), needs: .commenter),
            Attempt(method: .patch, path: { "/api/boards/\($0.board)/cards/\($0.card)/comments/\($0.comment)" }, body: json(#"{"text": "edited"}"#),
                    needs: .commenter, authorOnly: true),
            Attempt(method: .delete, path: { "/api/boards/\($0.board)/cards/\($0.card)/comments/\($0.comment)" }, needs: .commenter, authorOnly: true),
            Attempt(method: .post, path: card("/checklist"), body: json(#"{"text": "another"}"#), needs: .editor),
            Attempt(method: .patch, path: { "/api/boards/\($0.board)/cards/\($0.card)/checklist/\($0.item)" }, body: json(#"{"done": true}"#), needs: .editor),
            Attempt(method: .delete, path: { "/api/boards/\($0.board)/cards/\($0.card)/checklist/\($0.item)" }, needs: .editor),
            Attempt(method: .post, path: card("/links"), body: json(#"{"url": "https://example.org"}"#), needs: .editor),
            Attempt(method: .delete, path: { "/api/boards/\($0.board)/cards/\($0.card)/links/\($0.link)" }, needs: .editor),
            Attempt(method: .post, path: on("/columns"), body: json(#"{"name": "QA"}"#), needs: .editor),
            Attempt(method: .patch, path: on("/columns/TODO"), body: json(#"{"name": "Later"}"#), needs: .editor),
            Attempt(method: .post, path: on("/columns/DONE/move"), body: json(#"{"at": 0}"#), needs: .editor),
            Attempt(method: .delete, path: on("/columns/DOING"), needs: .editor),
            Attempt(method: .put, path: on("/columns/TODO/limit"), body: json(#"{"limit": 5}"#), needs: .editor),
            Attempt(method: .put, path: on("/labels/ux"), body: json(#"{"colour": "blue"}"#), needs: .editor),
            Attempt(method: .delete, path: on("/labels/bug"), needs: .editor),
            Attempt(method: .post, path: on("/members"), body: json(#"{"person": "zed", "role": "viewer"}"#), needs: .admin),
            Attempt(method: .put, path: on("/members/val"), body: json(#"{"role": "editor"}"#), needs: .admin),
            Attempt(method: .delete, path: on("/members/eddie"), needs: .admin),
            Attempt(method: .put, path: on("/visibility"), body: json(#"{"visibility": "public"}"#), needs: .admin),
        ]
    }()

    @Test("Every board route, by each role: 404 to a stranger, 403 naming the role below it, done from it up; refusals append nothing")
    func everyRoute() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            var number = 0
            for attempt in Self.attempts {
                for who in Who.allCases {
                    number += 1
                    let fixture = try Self.makeBoard("B\(number)", empty: attempt.empty, in: engine)
                    let before = try engine.lastSequence()
                    let path = attempt.path(fixture)
                    let response = try await api.send(attempt.method, path, json: attempt.body(fixture), headers: who.headers)
                    let what = "\(attempt.method) \(path) by \(who): \(response.status) \(response.text)"
                    if who == .stranger {
                        #expect(response.status == 404, "\(what)")
                        #expect(response.error == "unknown board '\(fixture.board)'", "\(what)")
                    } else if who < Who.least(attempt.needs) {
                        #expect(response.status == 403, "\(what)")
                        let needed = attempt.needs.map { "this needs the \($0.rawValue) role on board '\(fixture.board)'; you are \(who.role)" }
                        #expect(response.error == needed, "\(what)")
                    } else if attempt.authorOnly && who != .server {
                        #expect(response.status == 403, "\(what)")
                        #expect(response.error?.contains("only its author") == true || response.error?.contains("root") == true, "\(what)")
                    } else {
                        #expect((200..<300).contains(response.status), "\(what)")
                    }
                    if !(200..<300).contains(response.status) {
                        #expect(try engine.lastSequence() == before, "\(what) appended")
                    } else if attempt.method != .get {
                        #expect(try engine.lastSequence() > before, "\(what) appended nothing")
                    }
                }
            }
        }
    }

    @Test("Every sync mutation, by each role, is refused or applied as the routes are; refusals append nothing")
    func everyMutation() async throws {
        let mutations: [(name: String, args: @Sendable (Fixture) -> String, needs: BoardRole?, authorOnly: Bool, empty: Bool)] = [
            ("addCard", { #""board": "\#($0.board)", "title": "Synced""# }, .editor, false, false),
            ("editCard", { #""board": "\#($0.board)", "card": "\#($0.card)", "title": "Edited""# }, .editor, false, false),
            ("moveCard", { #""board": "\#($0.board)", "card": "\#($0.card)", "column": "DOING""# }, .editor, false, false),
            ("deleteCard", { #""board": "\#($0.board)", "card": "\#($0.card)""# }, .editor, false, false),
            ("reviveCard", { #""board": "\#($0.board)", "card": "\#($0.gone)""# }, .editor, false, false),
            ("renameBoard", { #""board": "\#($0.board)", "to": "\#($0.board)-synced""# }, .editor, false, false),
            ("removeBoard", { #""board": "\#($0.board)""# }, .admin, false, true),
            ("addColumn", { #""board": "\#($0.board)", "name": "QA""# }, .editor, false, false),
            ("renameColumn", { #""board": "\#($0.board)", "column": "TODO", "to": "Later""# }, .editor, false, false),
            ("moveColumn", { #""board": "\#($0.board)", "column": "DONE", "at": 0"# }, .editor, false, false),
            ("removeColumn", { #""board": "\#($0.board)", "column": "DOING""# }, .editor, false, false),
            ("assign", { #""board": "\#($0.board)", "card": "\#($0.card)", "person": "zed""# }, .editor, false, false),
            ("unassign", { #""board": "\#($0.board)", "card": "\#($0.card)", "person": "pat""# }, .editor, false, false),
            ("label", { #""board": "\#($0.board)", "card": "\#($0.card)", "label": "ux""# }, .editor, false, false),
            ("unlabel", { #""board": "\#($0.board)", "card": "\#($0.card)", "label": "bug""# }, .editor, false, false),
            ("markDue", { #""board": "\#($0.board)", "card": "\#($0.card)", "done": true"# }, .editor, false, false),
            ("addComment", { #""board": "\#($0.board)", "card": "\#($0.card)", "text": "synced comment""# }, .commenter, false, false),
            ("editComment", { #""board": "\#($0.board)", "card": "\#($0.card)", "comment": "\#($0.comment)", "text": "edited""# }, .commenter, true, false),
            ("deleteComment", { #""board": "\#($0.board)", "card": "\#($0.card)", "comment": "\#($0.comment)""# }, .commenter, true, false),
            ("addChecklistItem", { #""board": "\#($0.board)", "card": "\#($0.card)", "text": "more""# }, .editor, false, false),
            ("renameChecklistItem", { #""board": "\#($0.board)", "card": "\#($0.card)", "item": "\#($0.item)", "text": "renamed""# }, .editor, false, false),
            ("checkChecklistItem", { #""board": "\#($0.board)", "card": "\#($0.card)", "item": "\#($0.item)", "done": true"# }, .editor, false, false),
            ("moveChecklistItem", { #""board": "\#($0.board)", "card": "\#($0.card)", "item": "\#($0.item)", "at": 0"# }, .editor, false, false),
            ("removeChecklistItem", { #""board": "\#($0.board)", "card": "\#($0.card)", "item": "\#($0.item)""# }, .editor, false, false),
            ("attachLink", { #""board": "\#($0.board)", "card": "\#($0.card)", "url": "https://example.org""# }, .editor, false, false),
            ("removeLink", { #""board": "\#($0.board)", "card": "\#($0.card)", "link": "\#($0.link)""# }, .editor, false, false),
            ("addMember", { #""board": "\#($0.board)", "person": "zed", "role": "viewer""# }, .admin, false, false),
            ("removeMember", { #""board": "\#($0.board)", "person": "eddie""# }, .admin, false, false),
            ("setMemberRole", { #""board": "\#($0.board)", "person": "val", "role": "editor""# }, .admin, false, false),
            ("setVisibility", { #""board": "\#($0.board)", "visibility": "public""# }, .admin, false, false),
            ("setLabel", { #""board": "\#($0.board)", "name": "ux", "colour": "blue""# }, .editor, false, false),
            ("removeLabel", { #""board": "\#($0.board)", "name": "bug""# }, .editor, false, false),
            ("setColumnLimit", { #""board": "\#($0.board)", "column": "TODO", "limit": 5"# }, .editor, false, false),
        ]
        // Every kind a client may send is tried (creating a board, undo and redo: below).
        let tried = Set(mutations.map(\.name)).union(["createBoard", "undo", "redo"])
        #expect(Set(CommandWire.vocabulary.map { $0.name }) == tried)
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            var number = 0
            for mutation in mutations {
                for who in Who.allCases {
                    number += 1
                    let fixture = try Self.makeBoard("S\(number)", empty: mutation.empty, in: engine)
                    let before = try engine.lastSequence()
                    let body = SyncRoutesTests.push("\(who.person)-\(number)", [#"{"id": 1, "name": "\#(mutation.name)", "args": {\#(mutation.args(fixture))}}"#])
                    let response = try await api.post("/api/sync/push", body, headers: who.headers)
                    let what = "\(mutation.name) by \(who): \(response.text)"
                    #expect(response.status == 200, "\(what)")
                    let result = try SyncRoutesTests.decode(SyncPushOutput.self, response).results.first
                    if who == .stranger {
                        #expect(result?.status == "refused" && result?.code == "unknownBoard", "\(what)")
                    } else if who < Who.least(mutation.needs) {
                        #expect(result?.status == "refused" && result?.code == "notAllowed", "\(what)")
                    } else if mutation.authorOnly && who != .server {
                        #expect(result?.status == "refused" && result?.code == "notYourComment", "\(what)")
                    } else {
                        #expect(result?.status == "applied", "\(what)")
                    }
                    if result?.status != "applied" { #expect(try engine.lastSequence() == before, "\(what) appended") }
                }
            }
            // A new board is a server administrator's to make.
            for who in Who.allCases {
                let before = try engine.lastSequence()
                let body = SyncRoutesTests.push("\(who.person)-new", [#"{"id": 1, "name": "createBoard", "args": {"name": "New by \#(who.person)"}}"#])
                let result = try SyncRoutesTests.decode(SyncPushOutput.self, try await api.post("/api/sync/push", body, headers: who.headers)).results.first
                #expect(result?.status == (who == .server ? "applied" : "refused"), "createBoard by \(who)")
                if who != .server { #expect(try engine.lastSequence() == before) }
            }
        }
    }

    @Test("Whole-log reads and writes need a server administrator; lists show only the boards one may read")
    func wholeLogAndLists() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            _ = try Self.makeBoard("Private", in: engine)
            _ = try await engine.perform(.createBoard(name: "Open"), actor: "root")
            _ = try await engine.perform(.createBoard(name: "Shown"), actor: "root")
            _ = try await engine.perform(.setVisibility(board: "Shown", visibility: .public), actor: "root")
            _ = try await engine.perform(.addCard(board: "Private", title: "Secret due", due: try Due(parsing: "2020-01-01")), actor: "root")
            let before = try engine.lastSequence()
            for who in Who.allCases where who != .server {
                for path in ["/api/export", "/api/log", "/api/stats"] {
                    let response = try await api.get(path, headers: who.headers)
                    #expect(response.status == 403, "\(path) by \(who): \(response.text)")
                }
                let trello = try await api.post("/api/import/trello", "{}", headers: who.headers)
                #expect(trello.status == 403, "import by \(who): \(trello.text)")
                let made = try await api.post("/api/boards", #"{"name": "Mine"}"#, headers: who.headers)
                #expect(made.status == 403 && made.error == "only a server administrator may do this to board 'Mine'", "\(made.text)")
            }
            #expect(try engine.lastSequence() == before)
            for path in ["/api/export", "/api/log", "/api/stats"] {
                #expect(try await api.get(path, headers: Who.server.headers).status == 200)
            }

            func boards(_ who: Who) async throws -> [String] {
                let list = try SyncRoutesTests.decode([BoardSummaryOutput].self, try await api.get("/api/boards", headers: who.headers))
                return list.map(\.name)
            }
            #expect(try await boards(.stranger) == ["main", "Open", "Shown"])
            #expect(try await boards(.viewer) == ["main", "Private", "Open", "Shown"])
            #expect(try await boards(.server) == ["main", "Private", "Open", "Shown"])
            let strangerDue = try await api.get("/api/due?within=1d", headers: Who.stranger.headers)
            #expect(!strangerDue.text.contains("Secret due"))
            #expect(try await api.get("/api/due?within=1d", headers: Who.viewer.headers).text.contains("Secret due"))

            // Open: every signed-in person edits; public: every one reads, only members change it.
            #expect(try await api.post("/api/boards/Open/cards", #"{"title": "by nora"}"#, headers: Who.stranger.headers).status == 201)
            #expect(try await api.get("/api/boards/Shown", headers: Who.stranger.headers).status == 200)
            let onShown = try await api.post("/api/boards/Shown/cards", #"{"title": "by nora"}"#, headers: Who.stranger.headers)
            #expect(onShown.status == 403 && onShown.error == "this needs the editor role on board 'Shown'; you are viewer", "\(onShown.text)")

            // A pull carries only the boards one may read.
            let pulled = try await api.get("/api/sync/pull?client=nora-pull&limit=1000", headers: Who.stranger.headers)
            let pull = try SyncRoutesTests.decode(SyncPullOutput.self, pulled)
            let privateID = try engine.withState { $0.board(named: "Private")?.id.description }
            #expect(!pull.events.isEmpty)
            #expect(!pull.events.contains { $0.board == privateID })

            let session = try await api.get("/api/session", headers: Who.viewer.headers)
            #expect(session.text.contains(#""administrator":false"#), "\(session.text)")
        }
    }

    @Test("A member reads a board they may read by any spelling of its name, and the default board not made yet, every time (the readable boards are kept between reads)")
    func readsKeptBetweenRequests() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            // An empty log: the default board is the one a first write makes.
            for _ in 0..<2 { #expect(try await api.get("/api/boards/main", headers: Who.stranger.headers).status == 200) }
            _ = try await engine.perform(.createBoard(name: "Open"), actor: "root")
            for path in ["/api/boards/Open", "/api/boards/open", "/api/boards/OPEN", "/api/boards/open/history"] {
                let read = try await api.get(path, headers: Who.stranger.headers)
                #expect(read.status == 200, "\(path): \(read.text)")
            }
        }
    }

    @Test("On a fresh log, a member's first card makes the default board they saw; a board of their own is still refused")
    func defaultBoardByAMember() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            let added = try await api.post("/api/boards/main/cards", #"{"title": "First"}"#, headers: Who.editor.headers)
            #expect(added.status == 201, "\(added.text)")
            #expect(try engine.withState { $0.board(named: "main") != nil })
            let before = try engine.lastSequence()
            #expect(try await api.post("/api/boards", #"{"name": "Mine"}"#, headers: Who.editor.headers).status == 403)
            #expect(try engine.lastSequence() == before)
        }
    }

    @Test("Roles are events: history shows who gave what, undo takes a role back, and the state as of a moment has the roles of then")
    func rolesAreEvents() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            _ = try Self.makeBoard("Team", empty: true, in: engine)
            let given = try await api.put("/api/boards/Team/members/val", #"{"role": "editor"}"#, headers: Who.admin.headers)
            #expect(given.status == 200, "\(given.text)")
            let history = try await api.get("/api/boards/Team/history", headers: Who.viewer.headers)
            #expect(history.text.contains("Made val editor of the board."), "\(history.text)")
            let past = try engine.lastSequence() - 1
            #expect(try engine.withState { $0.details(ofBoard: $0.board(named: "Team")!.id).role(ofMember: "val") } == .editor)
            let then = try await api.get("/api/boards/Team?at=\(past)", headers: Who.server.headers)
            #expect(then.text.contains(#""val":"viewer""#), "\(then.text)")
            #expect(try await api.post("/api/undo", headers: Who.admin.headers).status == 200)
            #expect(try engine.withState { $0.details(ofBoard: $0.board(named: "Team")!.id).role(ofMember: "val") } == .viewer)
            // A viewer may not undo what they could not do: val has nothing to undo; eddie's undo
            // of a card is an editor's.
            #expect(try await api.post("/api/undo", headers: Who.viewer.headers).status != 200)
        }
    }
}

extension RolesTests {
    @Test("What undo would do next is not worded by a board one may no longer read")
    func undoPreviewOfAHiddenBoard() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            _ = try Self.makeBoard("Team", empty: true, in: engine)
            #expect(try await api.post("/api/boards/Team/cards", #"{"title": "Secret plan"}"#, headers: Who.editor.headers).status == 201)
            let before = try await api.get("/api/undo", headers: Who.editor.headers)
            #expect(before.text.contains("Secret plan"), "\(before.text)")
            #expect(try await api.delete("/api/boards/Team/members/eddie", headers: Who.admin.headers).status == 200)
            for language in ["en", "fr", "ko"] {
                let after = try await api.get("/api/undo?lang=\(language)", headers: Who.editor.headers)
                #expect(after.status == 200)
                #expect(!after.text.contains("Secret plan"), "\(after.text)")
                #expect(try after.json["undo"]?["action"] == .string(UndoRoutesHidden.words[language]!), "\(after.text)")
            }
            // The administrator, who may read it, still sees their own actions worded.
            #expect(try await api.post("/api/boards/Team/cards", #"{"title": "Open plan"}"#, headers: Who.server.headers).status == 201)
            #expect(try await api.get("/api/undo", headers: Who.server.headers).text.contains("Open plan"))
        }
    }

    /// The words the preview says for a hidden board's action, by `lang`.
    enum UndoRoutesHidden {
        static let words = [
            "en": "An action on a board you can no longer see", "fr": "Une action sur un tableau que vous ne voyez plus",
            "ko": "더 이상 볼 수 없는 보드에서 한 작업",
        ]
    }

    @Test("A viewer's live stream carries the boards they may read and never another's, also after they lose a board")
    func liveStream() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("live.db"))
        _ = try Self.makeBoard("Team", empty: true, in: engine)
        _ = try Self.makeBoard("Hidden", empty: true, in: engine)
        _ = try await engine.perform(.removeMember(board: "Hidden", person: "val"), actor: "root")
        let start = try engine.lastSequence()
        let (team, hidden) = try engine.withState { ($0.board(named: "Team")!.id.description, $0.board(named: "Hidden")!.id.description) }
        try await ServerHarness.withLiveServer(engine: engine, tokens: Self.tokens) { client, _ in
            let port = try #require(client.port)
            let stream = try LineSocket(port: port)
            try stream.get("/api/events?after=\(start)", headers: Who.viewer.headers)
            #expect(await stream.nextLine() == "HTTP/1.1 200 OK")
            // The hidden board's name is not found for the viewer, as if it did not exist.
            let named = try LineSocket(port: port)
            try named.get("/api/events?board=Hidden", headers: Who.viewer.headers)
            #expect(await named.nextLine() == "HTTP/1.1 404 Not Found")

            _ = try await engine.perform(.addCard(board: "Hidden", title: "secret one"), actor: "root")
            _ = try await engine.perform(.addCard(board: "Team", title: "seen one"), actor: "root")
            _ = try await engine.perform(.addCard(board: "Hidden", title: "secret two"), actor: "root")
            // Val loses Team: its events stop with the change that took it away.
            _ = try await engine.perform(.removeMember(board: "Team", person: "val"), actor: "root")
            _ = try await engine.perform(.addCard(board: "Team", title: "after val left"), actor: "root")
            _ = try await engine.perform(.createBoard(name: "Open later"), actor: "root")
            let last = try engine.lastSequence()
            var lines: [String] = []
            // Up to the last event's data line.
            while let line = await stream.nextLine() {
                lines.append(line)
                if line.hasPrefix("data: "), lines.last(where: { $0.hasPrefix("id: ") }) == "id: \(last)" { break }
            }
            let data = lines.filter { $0.hasPrefix("data: ") }.joined(separator: "\n")
            #expect(data.contains("seen one"))
            #expect(data.contains("Open later"), "\(lines)")
            #expect(!data.contains("secret"), "\(data)")
            #expect(!data.contains(hidden), "\(data)")
            #expect(!data.contains("after val left"), "\(data)")
            #expect(data.contains(team))
        }
    }
}

extension RolesTests.Who: Comparable {
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Their role on the boards tried.
    var role: String { ["", "viewer", "commenter", "editor", "admin", "admin"][rawValue] }
}

struct RolesTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

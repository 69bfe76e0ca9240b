import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanTrello
import KanbanServer
import KanbanTestSupport
import Testing

/// Holds the document to what the server answers, both ways: every status a request here gets
/// is documented for its operation and every documented status is one a request here gets; query
/// values its schemas refuse are a 400 and values they take are not; every answer (JSON bodies,
/// stream frames) fits its documented schema, keys included; undeclared methods are a 405 with
/// the document's methods in `Allow`.
extension OpenAPIDocumentTests {
    typealias Operation = OpenAPIOutline.Operation

    /// The repository's document, read whole.
    static func document() throws -> OpenAPIDocument {
        try OpenAPIDocument(yaml: try String(contentsOfFile: sourcePath, encoding: .utf8))
    }

    /// Statuses documented that no request here gets, each with why.
    static let unexercised: [Operation: [Int: String]] = [
        .init(method: "get", path: "/api/events"): [200: "a stream never ends in process: liveStreamFrames checks it over a socket"],
        .init(method: "post", path: "/api/import/trello"): [422: "needs an export whose action cannot be replayed"],
        .init(method: "get", path: "/api/boards/{board}/history"): [422: "needs two cards sharing a prefix: AmbiguousCardPrefixTests"],
        .init(method: "get", path: "/auth/login"): [502: "needs a provider down before the first sign-in: SingleSignOnTests.providerDown"],
    ]

    /// Bodies each write accepts, by operationId (writes that take none are absent).
    static let validBodies: [String: String] = [
        "createBoard": #"{"name":"Probe"}"#, "renameBoard": #"{"name":"Probe"}"#, "restoreBoard": #"{"to":"1"}"#,
        "addColumn": #"{"name":"PROBE"}"#, "renameColumn": #"{"name":"PROBE"}"#, "moveColumn": #"{"at":0}"#,
        "addCard": #"{"title":"Probe"}"#, "editCard": #"{"title":"Probe"}"#, "moveCard": #"{"column":"DOING"}"#,
        "syncPush": #"{"clientID":"probe-refused","mutations":[{"id":1,"name":"deleteCard","args":{"board":"nope","card":"x"}}]}"#,
        "undo": #"{"force":false}"#, "redo": #"{"force":false}"#, "signIn": #"{"token":"nope"}"#,
        "assignCard": #"{"person":"ana"}"#, "labelCard": #"{"label":"probe"}"#, "markDueDone": #"{"done":true}"#,
        "addComment": #"{"text":"probe"}"#, "editComment": #"{"text":"probe"}"#, "addChecklistItem": #"{"text":"probe"}"#,
        "editChecklistItem": #"{"done":true}"#, "attachLink": #"{"url":"https://example.com"}"#, "addMember": #"{"person":"ana"}"#,
        "setMemberRole": #"{"role":"viewer"}"#, "setVisibility": #"{"visibility":"public"}"#,
        "setLabel": #"{"colour":"red"}"#, "setColumnLimit": #"{"limit":3}"#,
    ]

    /// Query values operations need besides the one under test, by operationId.
    static let requiredQueries: [String: String] = ["boardDiff": "from=1", "syncPull": "client=probe"]

    /// `template` with its `{name}` parts set from `values`.
    static func concrete(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { path, value in path.replacingOccurrences(of: "{\(value.key)}", with: value.value) }
    }

    /// Path parameters naming nothing, for requests that must change nothing.
    static let nothing = [
        "board": "nope", "column": "NOPE", "card": "00000000", "file": "nope.js",
        "person": "nobody", "label": "nope", "name": "nope", "comment": "00000000", "item": "00000000", "link": "00000000",
    ]

    /// Values for the path parameters of a card's and a board's details, where any will do.
    static let details = ["person": "ana", "label": "probe", "name": "probe", "comment": "00000000", "item": "00000000", "link": "00000000"]

    // MARK: - Statuses

    @Test("Every status a request gets is documented for its operation, and every documented status is one a request here gets")
    func statusesBothWays() async throws {
        let document = try Self.document()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("statuses.db"))) { api, _ in
            var prober = Prober(api: api, document: document, record: Record())
            try await prober.probeWithoutTokens()
            return prober.record
        }
        let tokens = try TokenFile(parsing: "ana s3cret-token-of-ana\n")
        let withTokens = try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("tokens.db")), tokens: tokens) { api, _ in
            var prober = Prober(api: api, document: document, record: first)
            try await prober.probeWithTokens(token: "s3cret-token-of-ana")
            return prober.record
        }
        let provider = TestProvider()
        let record = try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("oidc.db")), signingInAt: provider) { api, _ in
            var prober = Prober(api: api, document: document, record: withTokens)
            try await prober.probeSignIn(provider: provider)
            return prober.record
        }
        for problem in record.problems { Issue.record(Comment(rawValue: problem)) }
        for operation in document.operations {
            let documented = try document.statuses(of: operation)
            let gotten = record.statuses[operation, default: []]
            let undocumented = gotten.subtracting(documented).sorted()
            let unexercised = documented.subtracting(gotten).subtracting(Self.unexercised[operation].map { Set($0.keys) } ?? []).sorted()
            #expect(undocumented.isEmpty, "\(operation) answers \(undocumented), which the document does not list")
            #expect(unexercised.isEmpty, "\(operation) documents \(unexercised), which no request here gets")
        }
        #expect(record.statuses.values.reduce(0) { $0 + $1.count } > 150)
    }

    /// The statuses each operation gave and what went wrong on the way.
    struct Record: Sendable {
        var statuses: [Operation: Set<Int>] = [:]
        var problems: [String] = []
    }

    /// Sends requests, checks each status and answer against the document, and records them.
    struct Prober {
        let api: APIClient
        let document: OpenAPIDocument
        var record: Record

        /// Sends `method path` as `template`'s operation. `expected` is the status it must get;
        /// `not` one it must not. The answer is checked against what the document says of that
        /// status: its JSON body against the schema (keys included), other bodies' media type,
        /// the headers it marks required.
        @discardableResult
        mutating func send(
            _ method: String, _ template: String, _ path: String? = nil, body: String? = nil, contentType: String? = "application/json",
            headers: [String: String] = [:], expected: Int? = nil, not refused: Int? = nil
        ) async throws -> APIResponse {
            let operation = Operation(method: method, path: template)
            let target = path ?? template
            let answer = try await api.send(HTTPRequest.Method(method.uppercased())!, target, json: body, headers: headers, contentType: contentType)
            let label = "\(method.uppercased()) \(target.prefix(120))\(headers.isEmpty ? "" : " \(headers.mapValues { $0.prefix(60) })")"
            if let expected, answer.status != expected {
                record.problems.append("\(label): \(answer.status) instead of \(expected): \(answer.text.prefix(200))")
            }
            if let refused, answer.status == refused { record.problems.append("\(label): \(refused), which it must not be") }
            record.statuses[operation, default: []].insert(answer.status)
            try check(answer, of: operation, label: label)
            return answer
        }

        /// `answer` against what the document says of its status for `operation`.
        mutating func check(_ answer: APIResponse, of operation: Operation, label: String) throws {
            guard let response = try document.response(of: operation, status: answer.status) else { return }
            for (name, header) in response["headers"]?.members ?? [:] where try document.resolved(header)["required"] == .bool(true) {
                if answer.headers[HTTPField.Name(name)!] == nil { record.problems.append("\(label): no \(name) header, which the document requires") }
            }
            guard let content = response["content"]?.members else {
                if !answer.text.isEmpty { record.problems.append("\(label): a body where the document describes none") }
                return
            }
            let type = answer.headers[.contentType]?.split(separator: ";").first.map(String.init) ?? ""
            guard let media = content[type] else {
                record.problems.append("\(label): Content-Type '\(type)', the document names \(content.keys.sorted())")
                return
            }
            guard type == "application/json", let schema = media["schema"] else { return }
            guard let json = try? answer.json else {
                record.problems.append("\(label): a body that is not JSON")
                return
            }
            record.problems += document.problems(json, against: schema).map { "\(label) (\(answer.status)): \($0)" }
        }

        /// Every operation without tokens: the requests that fail the same way on every
        /// operation, then each operation's own successes and refusals.
        mutating func probeWithoutTokens() async throws {
            // A card to act on and a deleted one.
            let keep = try await send("post", "/api/boards/{board}/cards", "/api/boards/main/cards",
                                      body: #"{"title":"Keep","description":"stays","due":"2026-12-01"}"#, expected: 201)
            let keepID = try #require(try keep.json["id"]?.stringValue)
            let gone = try await send("post", "/api/boards/{board}/cards", "/api/boards/main/cards",
                                      body: #"{"title":"Gone","due":"2026-12-01T09:30:00+09:00"}"#, expected: 201)
            let goneID = try #require(try gone.json["id"]?.stringValue)
            try await send("delete", "/api/boards/{board}/cards/{card}", "/api/boards/main/cards/\(goneID)", contentType: nil, expected: 200)
            let valid = ["board": "main", "column": "TODO", "card": keepID, "file": "board.js"].merging(OpenAPIDocumentTests.details) { $1 }
            try await probeEveryOperation(valid: valid)
            try await probeReads()
            try await probeWrites(keep: keepID, gone: goneID)
            try await probeReads()
        }

        /// What every operation answers alike: a bad or foreign Host, a transfer coding, a body
        /// without JSON, a body too large, a path naming nothing, a reused Idempotency-Key.
        mutating func probeEveryOperation(valid: [String: String]) async throws {
            for operation in document.operations {
                let id = try document.operation(operation)["operationId"]?.stringValue ?? ""
                let write = operation.method != "get"
                // Writes name nothing (a refusal that went through would change nothing), reads are
                // harmless as they are (the stream's board filter ends it when it is not refused).
                let harmless = (write ? OpenAPIDocumentTests.concrete(operation.path, OpenAPIDocumentTests.nothing)
                    : OpenAPIDocumentTests.concrete(operation.path, valid)) + (operation.path == "/api/events" ? "?board=nope" : "")
                let body = id == "importTrello" ? try ImportRoutesTests.sample : OpenAPIDocumentTests.validBodies[id]
                let method = operation.method, path = operation.path
                try await send(method, path, harmless, body: body, headers: ["Host": "127.0.0.1:8080@evil.example"], expected: 400)
                try await send(method, path, harmless, body: body, headers: ["Host": "evil.example"], expected: 403)
                try await send(method, path, harmless, body: body, headers: ["Transfer-Encoding": "gzip"], expected: 501)
                if write, path.hasPrefix("/api/") {
                    try await send(method, path, harmless, body: "x", contentType: "text/plain", expected: 415)
                    // A body past the limit: 413 where the operation reads one, ignored elsewhere.
                    let limit = id == "importTrello" ? 20 * 1024 * 1024 : id == "syncPush" ? 8 * 1024 * 1024 : 64 * 1024
                    let large = #"{"name":""# + String(repeating: "a", count: limit) + #""}"#
                    if try document.takesBody(operation) {
                        try await send(method, path, harmless, body: large, expected: 413)
                    } else {
                        try await send(method, path, harmless, body: large, not: 413)
                    }
                }
                if path.contains("{") {
                    let query = OpenAPIDocumentTests.requiredQueries[id].map { "?\($0)" } ?? ""
                    try await send(method, path, OpenAPIDocumentTests.concrete(path, OpenAPIDocumentTests.nothing) + query, body: body, expected: 404)
                }
                if try document.parameters(of: operation).contains(where: { $0["name"] == "Idempotency-Key" }) {
                    try await reuseKey(operation, id: id, body: body)
                }
            }
        }

        /// The same Idempotency-Key on two different requests: the second is a 422. The first is
        /// refused too (no board, a name taken, nothing to undo), so nothing changes.
        mutating func reuseKey(_ operation: Operation, id: String, body: String?) async throws {
            let key = ["Idempotency-Key": "reused-\(id)"]
            let method = operation.method, path = operation.path
            if path.contains("{board}") {
                for (board, status) in [("nope-one", 404), ("nope-two", 422)] {
                    let target = OpenAPIDocumentTests.concrete(path, OpenAPIDocumentTests.nothing.merging(["board": board]) { $1 })
                    try await send(method, path, target, body: body, headers: key, expected: status)
                }
            } else if id == "createBoard" {
                try await send(method, path, body: #"{"name":"main"}"#, headers: key, expected: 409)
                try await send(method, path, body: #"{"name":"MAIN"}"#, headers: key, expected: 422)
            } else if id == "undo" || id == "redo" {
                let nobody = key.merging(["X-Kanban-Actor": "nobody"]) { $1 }
                try await send(method, path, body: #"{"force":false}"#, headers: nobody, expected: 409)
                try await send(method, path, body: #"{"force":true}"#, headers: nobody, expected: 422)
            } else {
                record.problems.append("\(operation): no requests to reuse an Idempotency-Key on")
            }
        }

        /// Each read once as it succeeds, and its refusals.
        mutating func probeReads() async throws {
            let board = "/api/boards/{board}"
            try await send("get", "/api/boards", expected: 200)
            try await send("get", board, "/api/boards/main", expected: 200)
            try await send("get", board, "/api/boards/main?at=1", expected: 200)
            try await send("get", board, "/api/boards/main?at=99999", expected: 422)
            try await send("get", board, "/api/boards/main?at=soon", expected: 400)
            try await send("get", board + "/history", "/api/boards/main/history?lang=ko", expected: 200)
            let page = try await send("get", board + "/history", "/api/boards/main/history?limit=1", expected: 200)
            if page.headers[HTTPField.Name("Link")!]?.hasSuffix(#">; rel="next""#) != true { record.problems.append("a full page of history has no Link to the next") }
            try await send("get", board + "/history", "/api/boards/main/history?since=2026-13-01", expected: 400)
            try await send("get", board + "/diff", "/api/boards/main/diff?from=1", expected: 200)
            try await send("get", board + "/diff", "/api/boards/main/diff?from=99999", expected: 422)
            try await send("get", board + "/diff", "/api/boards/main/diff", expected: 400)
            try await send("get", board + "/flow", "/api/boards/main/flow", expected: 200)
            try await send("get", board + "/flow", "/api/boards/main/flow?since=2000-01-01&until=2020-01-01", expected: 400)
            try await send("get", board + "/deleted", "/api/boards/main/deleted", expected: 200)
            try await send("get", board + "/deleted", "/api/boards/main/deleted?limit=10001", expected: 400)
            let deleted = try await send("get", board + "/deleted", "/api/boards/main/deleted?limit=1", expected: 200)
            if deleted.headers[HTTPField.Name("Link")!]?.contains("before=") != true { record.problems.append("a full page of deleted cards has no Link to the next") }
            try await send("get", "/api/undo", expected: 200)
            try await send("get", "/api/undo", "/api/undo?lang=de", expected: 400)
            try await send("get", "/api/undo", headers: ["X-Kanban-Actor": String(repeating: "a", count: 51)], expected: 422)
            try await send("get", "/api/log", expected: 200)
            let log = try await send("get", "/api/log", "/api/log?limit=1", expected: 200)
            if log.headers[HTTPField.Name("Link")!]?.contains("after=") != true { record.problems.append("a full page of the log has no Link to the next") }
            try await send("get", "/api/log", "/api/log?after=-1", expected: 400)
            try await send("get", "/api/export", expected: 200)
            let exported = try await send("get", "/api/export", "/api/export?after=1&limit=2", expected: 200)
            if exported.headers[HTTPField.Name("Link")!]?.contains("after=3") != true { record.problems.append("a full page of the export has no Link to the next") }
            try checkExportedLines(exported, count: 2)
            try await send("get", "/api/export", "/api/export?limit=10001", expected: 400)
            try await send("get", "/api/export", "/api/export?after=x", expected: 400)
            try await send("get", "/api/stats", expected: 200)
            let due = try await send("get", "/api/due", "/api/due?within=520w", expected: 200)
            if try due.json.elements?.isEmpty != false { record.problems.append("no card is due: DueCard is not checked") }
            try await send("get", "/api/due", "/api/due?within=1y", expected: 400)
            try await send("get", "/api/events", "/api/events?after=x", expected: 400)
            try await send("get", "/api/events", "/api/events?board=nope", expected: 404)
            try await send("get", "/api/session", expected: 200)
            try await send("get", "/api/openapi.yaml", expected: 200)
            try await send("get", "/", expected: 200)
            try await send("get", "/assets/{file}", "/assets/board.js", expected: 200)
            try await send("get", "/healthz", expected: 200)
            try await send("get", "/metrics", expected: 200)
        }

        /// The lines of an export page: `count` of them, each an `ExportedEvent`, from the
        /// sequence after the one asked for on.
        mutating func checkExportedLines(_ answer: APIResponse, count: Int) throws {
            let schema = try document.schema("ExportedEvent")
            let lines = answer.text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count != count + 1 || lines.last != "" { record.problems.append("an export page of \(count) is \(lines.count) pieces: \(answer.text.prefix(200))") }
            for (offset, line) in lines.dropLast().enumerated() {
                let json = try JSONTree(parsing: String(line))
                record.problems += document.problems(json, against: schema).map { "an exported line: \($0)" }
                if json["sequence"]?.numberValue != Double(2 + offset) { record.problems.append("exported line \(offset) is not event \(2 + offset)") }
            }
        }

        /// Each write as it succeeds and as the board's state or its values refuse it.
        mutating func probeWrites(keep: String, gone: String) async throws {
            let boards = "/api/boards", board = "/api/boards/{board}", columns = board + "/columns", column = columns + "/{column}"
            let cards = board + "/cards", card = cards + "/{card}"
            // Boards.
            try await send("post", boards, body: #"{"name":"Spare","columns":["ONLY"]}"#, expected: 201)
            try await send("post", boards, body: #"{"name":"main"}"#, expected: 409)
            try await send("post", boards, body: #"{"name":"  "}"#, expected: 422)
            try await send("post", boards, body: "{", expected: 400)
            try await send("patch", board, "/api/boards/Spare", body: #"{"name":"Spare 2"}"#, expected: 200)
            try await send("patch", board, "/api/boards/Spare%202", body: #"{"name":"MAIN"}"#, expected: 409)
            try await send("patch", board, "/api/boards/Spare%202", body: #"{"name":""}"#, expected: 422)
            try await send("delete", board, "/api/boards/Spare%202", contentType: nil, expected: 200)
            try await send("delete", board, "/api/boards/main", contentType: nil, expected: 409)
            try await send("post", boards, body: #"{"name":"Late"}"#, expected: 201)
            try await send("post", board + "/restore", "/api/boards/Late/restore", body: #"{"to":"1"}"#, expected: 409)
            try await send("post", board + "/restore", "/api/boards/main/restore", body: #"{"to":2}"#, expected: 200)
            try await send("post", board + "/restore", "/api/boards/main/restore", body: #"{"to":"99999"}"#, expected: 422)
            try await send("post", board + "/restore", "/api/boards/main/restore", body: #"{"to":"soon"}"#, expected: 400)
            // Members' roles and the board's visibility.
            let member = "/api/boards/{board}/members/{person}", visibility = "/api/boards/{board}/visibility"
            try await send("post", "/api/boards/{board}/members", "/api/boards/main/members", body: #"{"person":"bo","role":"commenter"}"#, expected: 200)
            try await send("put", member, "/api/boards/main/members/bo", body: #"{"role":"viewer"}"#, expected: 200)
            try await send("put", member, "/api/boards/main/members/bo", body: #"{"role":"boss"}"#, expected: 400)
            try await send("put", member, "/api/boards/main/members/stranger", body: #"{"role":"viewer"}"#, expected: 422)
            try await send("put", member, "/api/boards/main/members/bo", body: "{}", expected: 400)
            try await send("put", visibility, "/api/boards/main/visibility", body: #"{"visibility":"members"}"#, expected: 200)
            try await send("put", visibility, "/api/boards/main/visibility", body: #"{"visibility":"secret"}"#, expected: 400)
            try await send("put", visibility, "/api/boards/main/visibility", body: #"{"visibility":"open"}"#, expected: 200)
            // Columns.
            try await send("post", columns, "/api/boards/main/columns", body: #"{"name":"REVIEW","at":1}"#, expected: 201)
            try await send("post", columns, "/api/boards/main/columns", body: #"{"name":"todo"}"#, expected: 409)
            try await send("post", columns, "/api/boards/main/columns", body: #"{"name":"X","at":99}"#, expected: 422)
            try await send("patch", column, "/api/boards/main/columns/REVIEW", body: #"{"name":"CHECK"}"#, expected: 200)
            try await send("patch", column, "/api/boards/main/columns/CHECK", body: #"{"name":"DOING"}"#, expected: 409)
            try await send("patch", column, "/api/boards/main/columns/CHECK", body: #"{"name":""}"#, expected: 422)
            try await send("post", column + "/move", "/api/boards/main/columns/CHECK/move", body: #"{"at":0}"#, expected: 200)
            try await send("post", column + "/move", "/api/boards/main/columns/CHECK/move", body: #"{"at":99}"#, expected: 422)
            try await send("post", column + "/move", "/api/boards/main/columns/CHECK/move", body: "{}", expected: 400)
            try await send("delete", column, "/api/boards/main/columns/CHECK", contentType: nil, expected: 200)
            try await send("delete", column, "/api/boards/main/columns/TODO", contentType: nil, expected: 409)
            // Cards.
            let new = try await send("post", cards, "/api/boards/main/cards", body: #"{"title":"New","due":"2026-12-05T10:00"}"#, expected: 201)
            let newID = try #require(try new.json["id"]?.stringValue)
            try await send("post", cards, "/api/boards/main/cards", body: #"{"title":" "}"#, expected: 422)
            try await send("post", cards, "/api/boards/main/cards", body: #"{"title":"x","due":"soon"}"#, expected: 400)
            let replay = ["Idempotency-Key": "replayed-add"]
            try await send("post", cards, "/api/boards/main/cards", body: #"{"title":"Once","due":"2026-11-30"}"#, headers: replay, expected: 201)
            let again = try await send("post", cards, "/api/boards/main/cards", body: #"{"title":"Once","due":"2026-11-30"}"#, headers: replay, expected: 201)
            if again.headers[HTTPField.Name("Idempotent-Replayed")!] != "true" { record.problems.append("a replayed write has no Idempotent-Replayed: true") }
            try await send("patch", card, "/api/boards/main/cards/\(keep)", body: #"{"title":"Keep 2","due":null}"#, expected: 200)
            try await send("patch", card, "/api/boards/main/cards/\(keep)", body: #"{"title":""}"#, expected: 422)
            let seen = try #require(try await api.get("/api/boards/main").json["sequence"]?.numberValue)
            try await send("patch", card, "/api/boards/main/cards/\(keep)", body: #"{"description":"ana's"}"#, headers: ["X-Kanban-Actor": "ana"], expected: 200)
            try await send("patch", card, "/api/boards/main/cards/\(keep)", body: #"{"description":"mine","since":\#(Int(seen))}"#, expected: 409)
            try await send("post", card + "/move", "/api/boards/main/cards/\(keep)/move", body: #"{"column":"DOING"}"#, expected: 200)
            try await send("post", card + "/move", "/api/boards/main/cards/\(keep)/move", body: #"{"column":"DONE","at":99}"#, expected: 422)
            try await send("post", card + "/move", "/api/boards/main/cards/\(keep)/move", body: #"{"column":"DONE"}"#, expected: 200)
            // A column at its strict limit refuses an add and a move into it.
            let limit = column + "/limit", doneLimit = "/api/boards/main/columns/DONE/limit"
            try await send("put", limit, doneLimit, body: #"{"limit":1,"strict":true}"#, expected: 200)
            try await send("post", cards, "/api/boards/main/cards", body: #"{"title":"Full","column":"DONE"}"#, expected: 409)
            try await send("post", card + "/move", "/api/boards/main/cards/\(newID)/move", body: #"{"column":"DONE"}"#, expected: 409)
            try await send("put", limit, doneLimit, body: #"{"limit":null,"strict":true}"#, expected: 422)
            try await send("put", limit, doneLimit, body: #"{"limit":null}"#, expected: 200)
            try await send("delete", card, "/api/boards/main/cards/\(newID)", contentType: nil, expected: 200)
            try await send("post", card + "/revive", "/api/boards/main/cards/\(gone)/revive", contentType: nil, expected: 200)
            try await send("post", card + "/revive", "/api/boards/main/cards/\(keep)/revive", contentType: nil, expected: 409)
            try await send("post", card + "/revive", "/api/boards/main/cards/\(newID)/revive", body: #"{"at":99}"#, expected: 422)
            try await probeDetailWrites(keep: keep)
            // Undo and redo, bodyless and without Content-Type.
            try await send("post", "/api/undo", contentType: nil, expected: 200)
            try await send("post", "/api/undo", contentType: nil, headers: ["X-Kanban-Actor": "nobody"], expected: 409)
            try await send("post", "/api/redo", contentType: nil, expected: 200)
            try await send("post", "/api/redo", contentType: nil, headers: ["X-Kanban-Actor": "nobody"], expected: 409)
            // A Trello export.
            let sample = try ImportRoutesTests.sample
            try await send("post", "/api/import/trello", body: sample, expected: 201)
            try await send("post", "/api/import/trello", "/api/import/trello?board=Other", body: sample, expected: 200)
            let other = sample.replacingOccurrences(of: "63792cd280232800fa06fe65", with: "63792cd280232800fa06fe00")
            try await send("post", "/api/import/trello", body: other, expected: 409)
            try await send("post", "/api/import/trello", body: "hello", expected: 400)
            // An imported history: entries and events that happened before they were recorded.
            try await send("get", board + "/history", "/api/boards/Simple%20Project%20Board/history", expected: 200)
            try await send("get", board + "/flow", "/api/boards/Simple%20Project%20Board/flow?since=2022-11-01&until=2022-12-31", expected: 200)
            // Sync: a push (one mutation applied, one refused), its retry, refusals, a pull.
            let push = #"{"clientID":"probe","mutations":[{"id":1,"name":"addCard","args":{"board":"main","title":"Synced"}},"#
                + #"{"id":2,"name":"moveCard","args":{"board":"main","card":"nope","column":"DONE"},"since":1}]}"#
            try await send("post", "/api/sync/push", body: push, expected: 200)
            try await send("post", "/api/sync/push", body: push, expected: 200)
            try await send("post", "/api/sync/push", body: #"{"clientID":"probe","mutations":[{"id":9,"name":"undo"}]}"#, expected: 200)
            try await send("post", "/api/sync/push", body: #"{"clientID":"a b","mutations":[]}"#, expected: 400)
            try await send("post", "/api/sync/push", body: #"{"clientID":"probe","mutations":[{"id":0}]}"#, expected: 400)
            try await send("post", "/api/sync/push", body: #"{"clientID":"probe","mutations":[]}"#,
                           headers: ["X-Kanban-Actor": String(repeating: "a", count: 51)], expected: 422)
            try await send("get", "/api/sync/pull", "/api/sync/pull?client=probe&after=0&limit=1", expected: 200)
            try await send("get", "/api/sync/pull", "/api/sync/pull?client=probe&refusedAfter=1", expected: 200)
            try await send("get", "/api/sync/pull", expected: 400)
            // Sessions on a server without tokens.
            try await send("post", "/api/session", body: #"{"token":"anything"}"#, expected: 400)
            try await send("delete", "/api/session", contentType: nil, expected: 200)
        }

        /// A card's and a board's details as they succeed and as they are refused, left on the
        /// board so that the reads after check the board's and the card's answers with them.
        mutating func probeDetailWrites(keep: String) async throws {
            let board = "/api/boards/{board}", card = board + "/cards/{card}", on = "/api/boards/main/cards/\(keep)"
            let ana = ["X-Kanban-Actor": "ana"]
            // Members, the board's labels, a column's limit.
            try await send("post", board + "/members", "/api/boards/main/members", body: #"{"person":"ana"}"#, expected: 200)
            try await send("post", board + "/members", "/api/boards/main/members", body: #"{"person":"bo"}"#, expected: 200)
            try await send("delete", board + "/members/{person}", "/api/boards/main/members/bo", contentType: nil, expected: 200)
            try await send("post", board + "/members", "/api/boards/main/members", body: #"{"person":" "}"#, expected: 422)
            try await send("post", board + "/members", "/api/boards/main/members", body: #"{"who":"ana"}"#, expected: 400)
            let labels = board + "/labels/{name}"
            try await send("put", labels, "/api/boards/main/labels/needs%20review", body: #"{"colour":"red"}"#, expected: 200)
            try await send("put", labels, "/api/boards/main/labels/spare", body: #"{"colour":"green"}"#, expected: 200)
            try await send("delete", labels, "/api/boards/main/labels/SPARE", contentType: nil, expected: 200)
            try await send("put", labels, "/api/boards/main/labels/spare", body: #"{"colour":"mauve"}"#, expected: 422)
            let limit = board + "/columns/{column}/limit"
            try await send("put", limit, "/api/boards/main/columns/DOING/limit", body: #"{"limit":3}"#, expected: 200)
            try await send("put", limit, "/api/boards/main/columns/TODO/limit", body: #"{"limit":null}"#, expected: 200)
            try await send("put", limit, "/api/boards/main/columns/TODO/limit", body: #"{"limit":0}"#, expected: 422)
            try await send("put", limit, "/api/boards/main/columns/TODO/limit", body: "{}", expected: 400)
            // Assignees, labels, the due date's mark.
            try await send("post", card + "/assignees", on + "/assignees", body: #"{"person":"ana"}"#, expected: 200)
            try await send("post", card + "/assignees", on + "/assignees", body: #"{"person":"bo"}"#, expected: 200)
            try await send("delete", card + "/assignees/{person}", on + "/assignees/bo", contentType: nil, expected: 200)
            try await send("post", card + "/assignees", on + "/assignees", body: "{\"person\":\"\(String(repeating: "a", count: 51))\"}", expected: 422)
            try await send("post", card + "/labels", on + "/labels", body: #"{"label":"needs review"}"#, expected: 200)
            try await send("post", card + "/labels", on + "/labels", body: #"{"label":"gone"}"#, expected: 200)
            try await send("delete", card + "/labels/{label}", on + "/labels/gone", contentType: nil, expected: 200)
            try await send("post", card + "/labels", on + "/labels", body: #"{"label":""}"#, expected: 422)
            try await send("put", card + "/due-done", on + "/due-done", body: #"{"done":true}"#, expected: 200)
            try await send("put", card + "/due-done", on + "/due-done", body: #"{"done":"yes"}"#, expected: 400)
            // Comments: only their author may change or delete them.
            let comments = card + "/comments", comment = comments + "/{comment}"
            let written = try await send("post", comments, on + "/comments", body: #"{"text":"First"}"#, expected: 200)
            let commentID = try #require(try written.json.elements?.first?["data"]?["comment"]?["id"]?.stringValue)
            try await send("patch", comment, on + "/comments/\(commentID.prefix(8))", body: #"{"text":"First, edited"}"#, expected: 200)
            try await send("patch", comment, on + "/comments/\(commentID)", body: #"{"text":"Mine now"}"#, headers: ana, expected: 403)
            try await send("delete", comment, on + "/comments/\(commentID)", contentType: nil, headers: ana, expected: 403)
            try await send("post", comments, on + "/comments", body: #"{"text":"   "}"#, expected: 422)
            let doomed = try await send("post", comments, on + "/comments", body: #"{"text":"Doomed"}"#, expected: 200)
            let doomedID = try #require(try doomed.json.elements?.first?["data"]?["comment"]?["id"]?.stringValue)
            try await send("delete", comment, on + "/comments/\(doomedID)", contentType: nil, expected: 200)
            // The checklist.
            let checklist = card + "/checklist", item = checklist + "/{item}"
            let added = try await send("post", checklist, on + "/checklist", body: #"{"text":"One"}"#, expected: 200)
            let itemID = try #require(try added.json.elements?.first?["data"]?["item"]?["id"]?.stringValue)
            let other = try await send("post", checklist, on + "/checklist", body: #"{"text":"Two","checklist":"Launch","at":0}"#, expected: 200)
            let otherID = try #require(try other.json.elements?.first?["data"]?["item"]?["id"]?.stringValue)
            try await send("post", checklist, on + "/checklist", body: #"{"text":"Three","at":9}"#, expected: 422)
            try await send("patch", item, on + "/checklist/\(itemID)", body: #"{"text":"One, renamed"}"#, expected: 200)
            try await send("patch", item, on + "/checklist/\(itemID)", body: #"{"done":true}"#, expected: 200)
            try await send("patch", item, on + "/checklist/\(itemID)", body: #"{"at":0}"#, expected: 200)
            try await send("patch", item, on + "/checklist/\(itemID)", body: #"{"text":"x","done":false}"#, expected: 400)
            try await send("patch", item, on + "/checklist/\(itemID)", body: #"{"at":5}"#, expected: 422)
            try await send("post", checklist, on + "/checklist", body: #"{"text":"Three"}"#, expected: 200)
            try await send("delete", item, on + "/checklist/\(otherID)", contentType: nil, expected: 200)
            // Links.
            let links = card + "/links"
            try await send("post", links, on + "/links", body: #"{"url":"https://example.com/spec","name":"Spec"}"#, expected: 200)
            let spare = try await send("post", links, on + "/links", body: #"{"url":"mailto:ana@example.com"}"#, expected: 200)
            let linkID = try #require(try spare.json.elements?.first?["data"]?["link"]?["id"]?.stringValue)
            try await send("delete", links + "/{link}", on + "/links/\(linkID)", contentType: nil, expected: 200)
            try await send("post", links, on + "/links", body: #"{"url":"javascript:alert(1)"}"#, expected: 422)
            // The card with all of it.
            let shown = try await send("get", card, on, expected: 200)
            if try shown.json["checklist"]?.elements?.count != 2 { record.problems.append("the card's answer does not hold its two checklist items") }
            // As it was at a moment, and at one outside the log.
            try await send("get", card, on + "?at=1", contentType: nil, expected: 404)
            try await send("get", card, on + "?at=99999999", contentType: nil, expected: 422)
        }

        /// With a token file: 401 for every /api operation but the open ones, signing in and
        /// its throttle.
        mutating func probeWithTokens(token: String) async throws {
            for operation in document.operations where operation.path.hasPrefix("/api/") {
                if Self.open.contains(operation) { continue }
                let id = try document.operation(operation)["operationId"]?.stringValue ?? ""
                let target = OpenAPIDocumentTests.concrete(operation.path, OpenAPIDocumentTests.nothing) + (operation.path == "/api/events" ? "?board=nope" : "")
                let body = id == "importTrello" ? "{}" : OpenAPIDocumentTests.validBodies[id]
                try await send(operation.method, operation.path, target, body: body, expected: 401)
            }
            let session = "/api/session"
            try await send("post", session, body: #"{"token":"\#(token)"}"#, expected: 200)
            try await send("get", session, headers: ["Authorization": "Bearer \(token)"], expected: 200)
            for _ in 0..<5 { try await send("post", session, body: #"{"token":"guess"}"#, expected: 401) }
            let throttled = try await send("post", session, body: #"{"token":"guess"}"#, expected: 429)
            try await send("post", session, body: #"{"token":"\#(token)"}"#, expected: 200)
            if let wait = throttled.headers[.retryAfter].flatMap(Int.init), !(1...60).contains(wait) {
                record.problems.append("Retry-After \(wait) is not 1 to 60 seconds")
            }
            try await send("get", "/api/openapi.yaml", expected: 200)
        }

        /// Sign-in with the provider: how to sign in, a sign-in started and finished, a callback
        /// without a state, and both with the provider down.
        mutating func probeSignIn(provider: TestProvider) async throws {
            try await send("get", "/auth/methods", expected: 200)
            let login = try await send("get", "/auth/login", expected: 303)
            let location = try #require(login.headers[.location].flatMap(URL.init(string:)))
            let state = try #require(URLComponents(url: location, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value)
            let cookie = try #require(login.headers[.setCookie]).prefix { $0 != ";" }
            let code = try provider.authorize(location, name: "ana", groups: [])
            try await send("get", "/auth/callback", "/auth/callback?code=\(code)&state=\(state)", headers: ["Cookie": String(cookie)], expected: 303)
            try await send("get", "/auth/callback", "/auth/callback?code=\(code)", expected: 400)
            let again = try await send("get", "/auth/login", expected: 303)
            let againLocation = try #require(again.headers[.location].flatMap(URL.init(string:)))
            let againState = try #require(URLComponents(url: againLocation, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value)
            let againCookie = try #require(again.headers[.setCookie]).prefix { $0 != ";" }
            let againCode = try provider.authorize(againLocation, name: "ana", groups: [])
            provider.setDown(true)
            try await send("get", "/auth/callback", "/auth/callback?code=\(againCode)&state=\(againState)", headers: ["Cookie": String(againCookie)], expected: 502)
        }

        /// The operations that need no token.
        static let open: Set<Operation> = [.init(method: "post", path: "/api/session"), .init(method: "get", path: "/api/openapi.yaml")]
    }

    // MARK: - Methods

    @Test("A method a path does not take is 405 with the document's methods in Allow; HEAD answers as GET without a body")
    func methodsBothWays() async throws {
        let document = try Self.document()
        let description = try #require(document.root["info"]?["description"]?.stringValue)
        #expect(description.contains("405") && description.contains("`Allow`") && description.contains("`HEAD`"))
        // The provider's sign-in paths exist only with one: checked on such a server below.
        let signIn: Set<String> = ["/auth/login", "/auth/callback"]
        try await ServerHarness.withServer { api, _ in
            let card = try await api.post("/api/boards/main/cards", #"{"title":"Held"}"#).json["id"]?.stringValue ?? ""
            let valid = ["board": "main", "column": "TODO", "card": card, "file": "board.js"].merging(Self.details) { $1 }
            let paths = Dictionary(grouping: document.operations, by: \.path)
            for (template, operations) in paths.sorted(by: { $0.key < $1.key }) where !signIn.contains(template) {
                let path = Self.concrete(template, valid)
                let declared = Set(operations.map { $0.method.uppercased() })
                let allowed = (declared.contains("GET") ? declared.union(["HEAD"]) : declared).sorted().joined(separator: ", ")
                for method in ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] where !declared.contains(method) {
                    let answer = try await api.send(HTTPRequest.Method(method)!, path, json: "{}")
                    #expect(answer.status == 405, "\(method) \(path)")
                    #expect(answer.headers[.allow] == allowed, "\(method) \(path): Allow")
                    #expect(answer.error != nil, "\(method) \(path): an error answer")
                }
                guard declared.contains("GET") else { continue }
                let query = template.hasSuffix("/diff") ? "?from=1" : template.hasSuffix("/sync/pull") ? "?client=probe" : ""
                let head = try await api.send(.head, path + query)
                #expect(head.status == 200, "HEAD \(path)")
                #expect(head.text.isEmpty, "HEAD \(path): no body")
                let media = Set(try document.response(of: .init(method: "get", path: template), status: 200)?["content"]?.members?.keys ?? [:].keys)
                let type = head.headers[.contentType]?.split(separator: ";").first.map(String.init) ?? ""
                #expect(media.contains(type), "HEAD \(path): Content-Type \(type), the document names \(media)")
                // A stream's GET never ends in process; the others' HEAD has their GET's type.
                if template != "/api/events" {
                    #expect(head.headers[.contentType] == (try await api.get(path + query)).headers[.contentType], "HEAD \(path): Content-Type")
                }
            }
        }
        try await ServerHarness.withServer(signingInAt: TestProvider()) { api, _ in
            for path in signIn.sorted() {
                #expect(Set(document.operations.filter { $0.path == path }.map(\.method)) == ["get"])
                for method in ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
                    let answer = try await api.send(HTTPRequest.Method(method)!, path, json: "{}")
                    #expect(answer.status == 405, "\(method) \(path)")
                    #expect(answer.headers[.allow] == "GET, HEAD", "\(method) \(path): Allow")
                }
            }
        }
    }

    // MARK: - Formats

    /// Query values tried on every parameter whose schema constrains it.
    static let queryCorpus = [
        "", "x", "0", "1", "-1", "1.5", "#1", "10000", "10001", "99999",
        "2026-12-01", "2026-13-01", "2026-12-32", "2026-02-30", "2026-04-31", "2028-02-29", "2026-02-29", "2000-02-29", "2100-02-29", "2026-12-1", "2026-12-01T09:30", "2026-12-01T09:30:00Z",
        "2026-12-01 09:30:00.250+09:00", "2026-12-01t09:30,5-0930", "2026-12-01T24:00", "2026-12-01T09:30+19:00", "2026-12-01T09",
        "90m", "24h", "7d", "2w", "0m", "10000w", "10001d", "5y", "m",
        "en", "ko", "fr", "de",
        // Accepted by the server, refused by the document: see `lenient`.
        "+1", "EN",
    ]

    /// Values the server takes that the document's schema refuses (Swift's integer parsing takes
    /// a leading `+`; `lang` is read in any case), as `operationId name=value`: server
    /// leniencies, recorded as known issues so that fixing them in the server shows here.
    static let lenient: Set<String> = []

    /// One query value tried: where, whether the document takes it, and what to say.
    struct QueryTrial: Sendable {
        var path: String
        var accepted: Bool
        var message: String
        var lenient: Bool
    }

    @Test("Every query parameter with a pattern, enum, format or bounds: values its schema refuses are a 400, values it takes (its example too) are not")
    func queryFormatsBothWays() async throws {
        let document = try Self.document()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("formats.db"))
        let streams = try await ServerHarness.withServer(engine: engine) { api, _ in
            let card = try await api.post("/api/boards/main/cards", #"{"title":"Held"}"#).json["id"]?.stringValue ?? ""
            _ = try await api.delete("/api/boards/main/cards/\(card)")
            let valid = ["board": "main", "column": "TODO", "card": card, "file": "board.js"].merging(Self.details) { $1 }
            var streams: [QueryTrial] = []
            var leniencies: [String] = []
            var tried = 0
            for operation in document.operations where operation.method == "get" {
                let id = try document.operation(operation)["operationId"]?.stringValue ?? ""
                for parameter in try document.parameters(of: operation) where parameter["in"] == "query" {
                    guard let name = parameter["name"]?.stringValue, let schema = parameter["schema"] else { continue }
                    guard try Self.constrains(document.resolved(schema)) else { continue }
                    let others = Self.requiredQueries[id].flatMap { $0.hasPrefix("\(name)=") ? nil : $0 }
                    var values = Self.queryCorpus.map { ($0, false) }
                    for example in [parameter["example"], try document.resolved(schema)["example"]].compactMap({ $0 }) {
                        let text = example.stringValue ?? example.description
                        #expect(try document.accepts(text, parameter: parameter), "\(operation) \(name): its example '\(text)' breaks its own schema")
                        values.append((text, true))
                    }
                    for (value, isExample) in values {
                        let accepted = try document.accepts(value, parameter: parameter)
                        let query = ([others].compactMap { $0 } + ["\(name)=\(Self.queryEncoded(value))"]).joined(separator: "&")
                        let trial = QueryTrial(
                            path: Self.concrete(operation.path, valid) + "?" + query, accepted: accepted,
                            message: "\(operation) \(name)=\(value)\(isExample ? " (its example)" : ""): the document \(accepted ? "takes" : "refuses") it, the server answers",
                            lenient: Self.lenient.contains("\(id) \(name)=\(value)")
                        )
                        tried += 1
                        // A stream that starts never ends in process: tried over a socket below.
                        if operation.path == "/api/events" {
                            streams.append(trial)
                            continue
                        }
                        let status = try await api.get(trial.path).status
                        leniencies += Self.judge(trial, agrees: accepted ? status != 400 : status == 400, status: "\(status)")
                    }
                }
            }
            #expect(tried > 300, "query values tried")
            Self.report(leniencies)
            return streams
        }
        #expect(streams.count > 20, "stream starting points tried")
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            var leniencies: [String] = []
            for trial in streams {
                let stream = try LineSocket(port: port)
                try stream.get(trial.path)
                let status = await stream.nextLine() ?? "nothing"
                leniencies += Self.judge(trial, agrees: status == (trial.accepted ? "HTTP/1.1 200 OK" : "HTTP/1.1 400 Bad Request"), status: status)
            }
            Self.report(leniencies)
        }
    }

    /// Records a disagreement of `trial` as a failure, unless the server is known to be lenient
    /// there: that one is returned, to be reported as a known issue, and a known leniency that
    /// no longer shows is a failure (take it out of ``lenient``).
    static func judge(_ trial: QueryTrial, agrees: Bool, status: String) -> [String] {
        let message = "\(trial.message) \(status)"
        guard trial.lenient else {
            #expect(agrees, Comment(rawValue: message))
            return []
        }
        #expect(!agrees, Comment(rawValue: "\(message): no longer a leniency; take it out of `lenient`"))
        return agrees ? [] : [message]
    }

    /// The known leniencies found, as one known issue.
    static func report(_ leniencies: [String]) {
        guard !leniencies.isEmpty else { return }
        withKnownIssue(Comment(rawValue: "server leniencies the document does not promise (\(leniencies.count))")) {
            Issue.record(Comment(rawValue: leniencies.joined(separator: "\n")))
        }
    }

    /// Whether `schema` constrains a query value beyond "any text".
    static func constrains(_ schema: JSONTree) throws -> Bool {
        let keywords: Set<String> = ["pattern", "enum", "const", "format", "minimum", "maximum", "oneOf", "anyOf", "minLength", "maxLength"]
        if let members = schema.members, members.keys.contains(where: keywords.contains) { return true }
        return schema["type"]?.stringValue.map { $0 != "string" } ?? false
    }

    /// `text` percent-encoded for a query value.
    static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:")) ?? text
    }

    // MARK: - The live stream

    @Test("The live stream's frames fit StreamFrame: every kind of event from the log, and the reset past the log's end; so do the document's examples")
    func liveStreamFrames() async throws {
        let document = try Self.document()
        let frameSchema = try document.schema("StreamFrame")
        let media = try #require(try document.response(of: .init(method: "get", path: "/api/events"), status: 200)?["content"]?["text/event-stream"])
        for (name, example) in media["examples"]?.members ?? [:] {
            let frames = try Self.frames(in: try #require(example["value"]?.stringValue).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            #expect(!frames.isEmpty, "example \(name)")
            for frame in frames { #expect(document.problems(frame, against: frameSchema).isEmpty, "example \(name): \(document.problems(frame, against: frameSchema))") }
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("stream.db"))
        try await ServerHarness.withServer(engine: engine) { api, _ in try await Self.everyKindOfEvent(api) }
        let end = try engine.lastSequence()
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            let stream = try LineSocket(port: port)
            try stream.get("/api/events?after=0")
            #expect(await stream.nextLine() == "HTTP/1.1 200 OK")
            var lines: [String] = []
            var kinds: Set<String> = []
            var frames: [JSONTree] = []
            while frames.count < Int(end), let line = await stream.nextLine() {
                lines.append(line)
                if line.isEmpty { frames = try Self.frames(in: lines) }
            }
            let type = lines.first { $0.lowercased().hasPrefix("content-type:") }
            #expect(type?.lowercased().contains("text/event-stream") == true, "the stream's Content-Type")
            #expect(frames.count == Int(end))
            for frame in frames {
                let problems = document.problems(frame, against: frameSchema)
                #expect(problems.isEmpty, "\(frame["event"]?.description ?? "?"): \(problems)")
                #expect(frame["event"] == frame["data"]?["kind"], "a frame's event is its data's kind")
                kinds.insert(frame["event"]?.stringValue ?? "")
            }
            let documented = Set(try document.schema("EventKind")["enum"]?.elements?.compactMap(\.stringValue) ?? [])
            #expect(kinds == documented, "every kind of event was streamed")

            let reset = try LineSocket(port: port)
            try reset.get("/api/events", headers: ["Last-Event-ID": "99999"])
            var resetLines: [String] = []
            var resetFrames: [JSONTree] = []
            while resetFrames.isEmpty, let line = await reset.nextLine() {
                resetLines.append(line)
                if line.isEmpty { resetFrames = try Self.frames(in: resetLines) }
            }
            let frame = try #require(resetFrames.first)
            #expect(document.problems(frame, against: frameSchema).isEmpty, "\(document.problems(frame, against: frameSchema))")
            #expect(frame == ["id": .string(String(end)), "event": "reset", "data": ["asked": 99999, "lastSequence": .integer(Int64(end))]])
        }
    }

    /// The frames of stream lines as an EventSource reads them: `{"id", "event", "data"}` with
    /// `data` parsed as JSON, for each frame that has data (`retry:`, comments and chunk sizes
    /// are skipped).
    static func frames(in lines: [String]) throws -> [JSONTree] {
        var frames: [JSONTree] = []
        var fields: [String: String] = [:]
        for line in lines + [""] {
            if line.isEmpty {
                if let data = fields["data"] {
                    var frame: [String: JSONTree] = ["data": try JSONTree(parsing: data)]
                    if let id = fields["id"] { frame["id"] = .string(id) }
                    if let event = fields["event"] { frame["event"] = .string(event) }
                    frames.append(.object(frame))
                }
                fields = [:]
            } else if let colon = line.firstIndex(of: ":"), ["id", "event", "data"].contains(String(line[..<colon])) {
                fields[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
            }
        }
        return frames
    }

    /// Writes that append every kind of event.
    static func everyKindOfEvent(_ api: APIClient) async throws {
        func id(_ answer: APIResponse) throws -> String { try #require(try answer.json["id"]?.stringValue) }
        let card = try id(try await api.post("/api/boards/main/cards", #"{"title":"One","due":"2026-12-01"}"#))
        _ = try await api.patch("/api/boards/main/cards/\(card)", #"{"title":"One!","description":"d","due":"2026-12-02T10:00:00Z"}"#)
        _ = try await api.post("/api/boards/main/cards/\(card)/move", #"{"column":"DONE"}"#)
        _ = try await api.delete("/api/boards/main/cards/\(card)")
        _ = try await api.post("/api/boards/main/cards/\(card)/revive")
        _ = try await api.post("/api/boards/main/columns", #"{"name":"NEXT"}"#)
        _ = try await api.patch("/api/boards/main/columns/NEXT", #"{"name":"LATER"}"#)
        _ = try await api.post("/api/boards/main/columns/LATER/move", #"{"at":0}"#)
        _ = try await api.delete("/api/boards/main/columns/LATER")
        _ = try await api.post("/api/boards", #"{"name":"Side"}"#)
        _ = try await api.patch("/api/boards/Side", #"{"name":"Side 2"}"#)
        _ = try await api.delete("/api/boards/Side%202")
        _ = try await api.post("/api/undo")
        _ = try await api.post("/api/redo")
        _ = try await api.post("/api/boards/main/restore", #"{"to":2}"#)
        try await everyKindOfDetailEvent(api)
    }

    /// Writes that append every kind of event on a card's or a board's details.
    static func everyKindOfDetailEvent(_ api: APIClient) async throws {
        func first(_ answer: APIResponse, _ key: String) throws -> String {
            try #require(try answer.json.elements?.first?["data"]?[key]?["id"]?.stringValue)
        }
        let card = try #require(try await api.post("/api/boards/main/cards", #"{"title":"Two","due":"2026-12-01"}"#).json["id"]?.stringValue)
        let on = "/api/boards/main/cards/\(card)"
        _ = try await api.post(on + "/assignees", #"{"person":"ana"}"#)
        _ = try await api.delete(on + "/assignees/ana")
        _ = try await api.post(on + "/labels", #"{"label":"urgent"}"#)
        _ = try await api.delete(on + "/labels/urgent")
        _ = try await api.send(.put, on + "/due-done", json: #"{"done":true}"#)
        let comment = try first(try await api.post(on + "/comments", #"{"text":"Hi"}"#), "comment")
        _ = try await api.patch(on + "/comments/\(comment)", #"{"text":"Hello"}"#)
        _ = try await api.delete(on + "/comments/\(comment)")
        let item = try first(try await api.post(on + "/checklist", #"{"text":"One"}"#), "item")
        _ = try await api.post(on + "/checklist", #"{"text":"Two"}"#)
        _ = try await api.patch(on + "/checklist/\(item)", #"{"text":"One!"}"#)
        _ = try await api.patch(on + "/checklist/\(item)", #"{"done":true}"#)
        _ = try await api.patch(on + "/checklist/\(item)", #"{"at":1}"#)
        _ = try await api.delete(on + "/checklist/\(item)")
        let link = try first(try await api.post(on + "/links", #"{"url":"https://example.com"}"#), "link")
        _ = try await api.delete(on + "/links/\(link)")
        _ = try await api.post("/api/boards/main/members", #"{"person":"ana"}"#)
        _ = try await api.delete("/api/boards/main/members/ana")
        _ = try await api.post("/api/boards/main/members", #"{"person":"지민","role":"viewer"}"#)
        _ = try await api.send(.put, "/api/boards/main/visibility", json: #"{"visibility":"public"}"#)
        _ = try await api.send(.put, "/api/boards/main/visibility", json: #"{"visibility":"open"}"#)
        _ = try await api.send(.put, "/api/boards/main/labels/urgent", json: #"{"colour":"red"}"#)
        _ = try await api.send(.put, "/api/boards/main/columns/DOING/limit", json: #"{"limit":3}"#)
    }

    // MARK: - The checkers themselves

    @Test("The YAML reader reads the document as the outline does, and refuses what it cannot read alike")
    func yamlReading() throws {
        let source = try String(contentsOfFile: Self.sourcePath, encoding: .utf8)
        let document = try OpenAPIDocument(yaml: source)
        #expect(Set(document.operations) == Set(try OpenAPIOutline(yaml: source).operations.keys))
        let tree = try YAMLTree.parse("""
            a: 1
            b: 'it''s: quoted'
            c: [x, 'y z', 2]
            d:
              - {}
              - k: v
                l: "t\\u00e9"
              - plain text
            e: |
              line one

              # not a comment
            f: |-
              kept
            g:
            '200':
              h: 18446744073709551615
            i: 1.0.0
            """)
        #expect(tree == [
            "a": 1, "b": "it's: quoted", "c": ["x", "y z", 2], "d": [[:], ["k": "v", "l": "té"], "plain text"],
            "e": "line one\n\n# not a comment\n", "f": "kept", "g": nil, "200": ["h": .number(Double(UInt64.max))], "i": "1.0.0",
        ])
        for broken in ["a: b: c", "a: x\n  y", "a: 1\na: 2", "a:\n\t- b", "a: `code`", "a: [b,\n  c]", "a: &anchor b", "a: 'open"] {
            #expect(throws: HarnessError.self, "\(broken.debugDescription)") { try YAMLTree.parse(broken) }
        }
    }

    @Test("The schema checker finds a missing key, a wrong type, an undescribed key, a bad pattern, no or two oneOf branches")
    func schemaChecking() throws {
        let document = try Self.document()
        let card = try document.schema("BoardCard")
        let good: JSONTree = ["id": "150b987c-d586-496a-b1b4-0f8545e8387f", "title": "t", "description": "", "due": nil, "overdue": false]
        #expect(document.problems(good, against: card).isEmpty)
        var broken = good.members ?? [:]
        broken["title"] = nil
        broken["overdue"] = "no"
        broken["extra"] = 1
        broken["due"] = "tomorrow"
        broken["id"] = "150B987C"
        let problems = document.problems(.object(broken), against: card)
        for expected in ["$.title: missing", "$.overdue:", "$.extra: a key the document does not describe", "$.due: matches none of oneOf", "$.id:"] {
            #expect(problems.contains { $0.hasPrefix(expected) }, "\(expected) in \(problems)")
        }
        let ambiguous: JSONTree = ["oneOf": [["type": "integer"], ["type": "number"]]]
        #expect(document.problems(1, against: ambiguous) == ["$: matches 2 branches of oneOf"])
        let event = try document.schema("Event")
        let added = try JSONTree(parsing: #"{"actor":"web","board":"e8f41eae-74f4-4bc9-ad97-3cb365a13acc","data":{"card":{"column":"b3516518-bafa-462b-b17b-ee6c435de193","description":"","due":null,"id":"150b987c-d586-496a-b1b4-0f8545e8387f","key":"0","title":"Write the docs"},"index":0},"id":"3a1e1835-e541-4d56-a99d-d442fac62455","kind":"cardAdded","sequence":2,"timestamp":"2026-11-23T05:02:29.117Z"}"#)
        #expect(document.problems(added, against: event).isEmpty)
        var unknown = added.members ?? [:]
        unknown["kind"] = "cardStolen"
        #expect(!document.problems(.object(unknown), against: event).isEmpty)
        let limit = try document.resolved(["$ref": "#/components/parameters/Limit"])
        #expect(try document.accepts("10000", parameter: limit) && document.accepts("", parameter: limit))
        #expect(try !document.accepts("10001", parameter: limit) && !document.accepts("+1", parameter: limit) && !document.accepts("x", parameter: limit))
    }
}

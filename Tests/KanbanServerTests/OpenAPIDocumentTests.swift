import Foundation
import Hummingbird
import Kanban
import KanbanTrello
import KanbanServer
import KanbanTestSupport
import Testing

/// Holds `Sources/KanbanServer/OpenAPI/openapi.yaml` to the router: a route added, removed or
/// moved without the document (or the other way round) fails here. Every route is checked,
/// the web board's and the document's own included: the document describes them all.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The document as the repository holds it.
    static let sourcePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/KanbanServer/OpenAPI/openapi.yaml").path

    @Test("Every route of the router is an operation of the document, and every operation is a route")
    func routesAndDocumentAgree() async throws {
        let outline = try OpenAPIOutline(yaml: try await Self.servedDocument())
        let documented = Set(outline.operations.keys)
        let routed = try Self.routes()
        #expect(routed.count >= 30, "the router lists its routes")
        let undocumented = routed.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routed).sorted()
        #expect(undocumented.isEmpty, "routes the document does not describe: \(undocumented)")
        #expect(unrouted.isEmpty, "operations of the document no route serves: \(unrouted)")
    }

    @Test("GET /api/openapi.yaml serves the repository's document as YAML, with or without tokens")
    func served() async throws {
        let source = try String(contentsOfFile: Self.sourcePath, encoding: .utf8)
        #expect(source.hasPrefix("openapi: 3.1.0\n"))
        try await ServerHarness.withServer { api, _ in
            let answer = try await api.get("/api/openapi.yaml")
            #expect(answer.status == 200)
            #expect(answer.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(answer.text == source)
        }
        // The document needs no token (its `security: [{}]`), the rest of /api does.
        let tokens = try TokenFile(parsing: "ana s3cret-token-of-ana\n")
        try await ServerHarness.withServer(tokens: tokens) { api, _ in
            let document = try await api.get("/api/openapi.yaml")
            #expect(document.status == 200)
            #expect(document.text == source)
            #expect(try await api.get("/api/boards").status == 401)
        }
    }

    @Test("Every $ref names a component the document defines")
    func referencesResolve() throws {
        let outline = try OpenAPIOutline(yaml: try String(contentsOfFile: Self.sourcePath, encoding: .utf8))
        let defined = Set(outline.components.flatMap { section, names in names.map { "\(section)/\($0)" } })
        #expect(outline.references.count > 50)
        let dangling = outline.references.subtracting(defined).sorted()
        #expect(dangling.isEmpty, "references to nothing: \(dangling)")
    }

    @Test("Operations document what the access rules give: 403 on all, 401 and X-Kanban-Actor on /api but the open ones, Idempotency-Key and 415 on log writes")
    func accessRulesDocumented() throws {
        let outline = try OpenAPIOutline(yaml: try String(contentsOfFile: Self.sourcePath, encoding: .utf8))
        // Requests the access middleware lets through without a token.
        let open: Set<OpenAPIOutline.Operation> = [
            .init(method: "post", path: "/api/session"), .init(method: "get", path: "/api/openapi.yaml"),
        ]
        var missing: [String] = []
        for (operation, lines) in outline.operations.sorted(by: { $0.key < $1.key }) {
            let has = { (text: String) in lines.contains { $0.contains(text) } }
            let api = operation.path.hasPrefix("/api/")
            let write = operation.method != "get"
            if !has("'403':") { missing.append("\(operation): 403") }
            if api, !open.contains(operation) {
                if !has("'401':") { missing.append("\(operation): 401") }
                if !has("#/components/parameters/Actor'") { missing.append("\(operation): X-Kanban-Actor") }
            }
            if api, write, !has("'415':") { missing.append("\(operation): 415") }
            // Every write but the session's goes through the log and honours Idempotency-Key; a
            // Trello import is idempotent by its content (its action ids are remembered), a sync
            // push by its mutations' numbers.
            if api, write, !operation.path.hasPrefix("/api/session"), operation.path != "/api/import/trello", operation.path != "/api/sync/push",
               !has("#/components/parameters/IdempotencyKey'") {
                missing.append("\(operation): Idempotency-Key")
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("The outline reads operations by indentation, past block text, quoted keys and comments")
    func outlineReading() throws {
        let yaml = """
            openapi: 3.1.0
            info:
              description: |
                get:
                  not an operation
            paths:
              # a comment
              /a/{id}:
                parameters:
                  - $ref: '#/components/parameters/Id'
                get:
                  description: |
                    post:
                  responses: {}
                delete:
                  summary: x
              '/b':
                post:
                  summary: y
            components:
              parameters:
                Id:
                  name: id
            """
        let outline = try OpenAPIOutline(yaml: yaml)
        #expect(Set(outline.operations.keys) == [
            .init(method: "get", path: "/a/{id}"), .init(method: "delete", path: "/a/{id}"), .init(method: "post", path: "/b"),
        ])
        #expect(outline.operations[.init(method: "delete", path: "/a/{id}")] == ["summary: x"])
        #expect(outline.components == ["parameters": ["Id"]])
        #expect(outline.references == ["parameters/Id"])
        #expect(throws: HarnessError.self) { try OpenAPIOutline(yaml: "paths:\n  /a:\n    get: {}\n    get: {}\n") }
    }

    @Test("Router paths are normalised to the document's form", arguments: [
        ("/api/boards/{board}/cards/{card}", "/api/boards/{board}/cards/{card}"),
        ("/api/boards/:board/cards/:card", "/api/boards/{board}/cards/{card}"),
        ("api/undo/", "/api/undo"),
        ("/", "/"),
    ])
    func normalise(router: String, document: String) {
        #expect(Self.documentPath(router) == document)
    }

    /// GET /api/openapi.yaml of a server over a fresh database.
    static func servedDocument() async throws -> String {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        return try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("openapi.db"))) { api, _ in
            let answer = try await api.get("/api/openapi.yaml")
            guard answer.status == 200 else { throw HarnessError(message: "GET /api/openapi.yaml answered \(answer.status)") }
            return answer.text
        }
    }

    /// Every `(method, path)` of the router, in the document's form.
    static func routes() throws -> Set<OpenAPIOutline.Operation> {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // With a sign-in provider whose redirect URL's path is the document's /auth/callback.
        let configuration = ServerConfiguration(port: 0, oidc: TestProvider.configuration())
        let server = KanbanServer(engine: try KanbanEngine(path: directory.appending("routes.db")), configuration: configuration)
        return Set(server.makeRouter().routes.map {
            OpenAPIOutline.Operation(method: $0.method.rawValue.lowercased(), path: documentPath($0.path.description))
        })
    }

    /// A router path as the document writes it: a leading `/`, no trailing one, `{name}` for
    /// a parameter (Hummingbird prints `{name}`; `:name` is its other spelling).
    static func documentPath(_ path: String) -> String {
        let parts = path.split(separator: "/").map { part in part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part) }
        return "/" + parts.joined(separator: "/")
    }
}

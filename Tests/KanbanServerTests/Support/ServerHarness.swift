import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import Logging
@testable import KanbanServer
import KanbanTestSupport

/// A server over a fresh temporary database, its router driven in process.
enum ServerHarness {
    /// Runs `body` with a client of a server over a new database, and that database's engine.
    static func withServer(
        tokens: TokenFile? = nil,
        path: String? = nil,
        signingInAt provider: TestProvider? = nil,
        _ body: @Sendable (APIClient, KanbanEngine) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: path ?? directory.appending("server.db"))
        try await withServer(engine: engine, tokens: tokens, signingInAt: provider, body)
    }

    /// Runs `body` with a client of a server over `engine` and returns what it returns.
    @discardableResult
    static func withServer<Result: Sendable>(
        engine: KanbanEngine,
        tokens: TokenFile? = nil,
        signingInAt provider: TestProvider? = nil,
        _ body: @Sendable (APIClient, KanbanEngine) async throws -> Result
    ) async throws -> Result {
        // With a provider, the server signs in there (its configuration: TestProvider's).
        let configuration = ServerConfiguration(port: 0, tokens: tokens, logLevel: "error", oidc: provider.map { _ in TestProvider.configuration() })
        let server = KanbanServer(engine: engine, configuration: configuration, oidcHTTP: provider ?? TestProvider())
        let application = Application(router: server.makeRouter(), logger: Logger(label: "test"))
        return try await application.test(.router) { client in
            try await body(APIClient(client: client), engine)
        }
    }

    /// Runs `body` with a client of a live server over `engine` (listening on a real port, for
    /// raw-socket streams) and the server itself; the server logs errors only.
    static func withLiveServer(
        engine: KanbanEngine,
        tokens: TokenFile? = nil,
        _ body: @Sendable (any TestClientProtocol, KanbanServer) async throws -> Void
    ) async throws {
        let server = KanbanServer(engine: engine, configuration: ServerConfiguration(port: 0, tokens: tokens, logLevel: "error"))
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let application = Application(router: server.makeRouter(), logger: logger)
        try await application.test(.live) { client in try await body(client, server) }
    }

    /// The id of the card titled `title` on board `board` (fails when there is none).
    static func cardID(_ title: String, board: String = "main", in engine: KanbanEngine) throws -> String {
        let view = try engine.boardView(named: board)
        guard let card = view.columns.flatMap(\.cards).first(where: { $0.card.title == title }) else {
            throw HarnessError(message: "no card titled '\(title)'")
        }
        return card.card.id.description
    }

    /// The titles of each column of `board`, left to right.
    static func titles(board: String = "main", in engine: KanbanEngine) throws -> [String: [String]] {
        let view = try engine.boardView(named: board)
        return Dictionary(uniqueKeysWithValues: view.columns.map { ($0.name, $0.cards.map(\.card.title)) })
    }
}

struct HarnessError: Error {
    var message: String
}

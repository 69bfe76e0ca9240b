import Foundation
import Hummingbird
import KanbanCore
import NIOCore

/// Where a route's command arguments come from: each `{name}` part of its path is the argument
/// of that name, the body gives the others under their wire names, or under a name of the
/// route's own (`{"name"}` for a rename's `to`). Routes read their commands through the wire
/// table's ``KanbanCore/CommandArguments`` types with it, as a push reads its mutations; the id
/// of what a command adds is the server's to give, and the body cannot name it.
struct RouteArguments: Sendable {
    /// The path's values, by the argument each one is.
    let pathValues: [String: String]
    /// The body's key for each argument the route names otherwise, by the argument.
    let bodyKeys: [String: String]
    /// Body keys the route requires though its arguments may leave them out (`"limit"`: a limit
    /// is lifted by sending `null`, not by forgetting it).
    let requiredBodyKeys: [String]
    /// Arguments the body does not give even when it has them.
    private(set) var withheld: Set<String> = []

    /// The key of ``RouteArguments`` in a decoder's `userInfo`.
    static let userInfoKey = CodingUserInfoKey(rawValue: "KanbanServer.RouteArguments")!

    /// The arguments of `context`'s route: its path parts `path`, percent-decoded, each the
    /// argument of its name; the body keys `bodyKeys` names for some arguments; `required` body keys.
    init(path: [String], in context: KanbanRequestContext, bodyKeys: [String: String] = [:], required: [String] = []) throws {
        var values: [String: String] = [:]
        for name in path { values[name] = try PathParameter.value(name, in: context) }
        pathValues = values
        self.bodyKeys = bodyKeys
        requiredBodyKeys = required
    }

    /// `Body` (the arguments, or a body holding them) read from `request`'s body and the path,
    /// and the body's bytes (for the idempotency fingerprint).
    func decode<Body: Decodable>(_ type: Body.Type, from request: Request, context: KanbanRequestContext) async throws -> (Body, ByteBuffer) {
        let (body, bytes) = try await RequestBody.decode(
            RouteArgumentsBody<Body>.self, from: request, context: context, userInfo: [Self.userInfoKey: reading(Body.self)]
        )
        return (body.value, bytes)
    }

    /// The command `Arguments` ask for, read from `request`'s body and the path, and the body's bytes.
    func command<Arguments: CommandArguments>(_ type: Arguments.Type, from request: Request, context: KanbanRequestContext) async throws -> (Command, ByteBuffer) {
        let (arguments, bytes) = try await decode(type, from: request, context: context)
        return (try arguments.command(), bytes)
    }

    /// The command `Arguments` ask for, made of the path alone, for a route without a body.
    func command<Arguments: CommandArguments>(_ type: Arguments.Type) throws -> Command {
        let decoder = JSONDecoder()
        decoder.userInfo = [Self.userInfoKey: reading(Arguments.self)]
        return try decoder.decode(RouteArgumentsBody<Arguments>.self, from: Data("{}".utf8)).value.command()
    }

    /// These arguments as `Body` reads them: without the id of what it adds, unless the path names it.
    private func reading<Body>(_ type: Body.Type) -> RouteArguments {
        var reading = self
        if let key = (Body.self as? any CommandArguments.Type)?.newIDKey, pathValues[key] == nil { reading.withheld.insert(key) }
        return reading
    }

    /// The body's key for argument `name`.
    func bodyKey(of name: String) -> BodyKey {
        BodyKey(bodyKeys[name] ?? name)
    }

    /// The argument the body's key `key` gives, if the route reads it from the body.
    func argument(givenBy key: String) -> String? {
        if let renamed = bodyKeys.first(where: { $0.value == key }) { return renamed.key }
        guard bodyKeys[key] == nil, !withheld.contains(key), pathValues[key] == nil else { return nil }
        return key
    }
}

import HTTPTypes
import Hummingbird

/// The values of a route's `{name}` parts, percent-decoded (board and column names may hold
/// spaces, slashes, Korean…).
enum PathParameter {
    static func value(_ name: String, in context: KanbanRequestContext) throws -> String {
        let raw = try context.parameters.require(name)
        guard let decoded = raw.removingPercentEncoding else { throw APIError(.badRequest, "the path part '\(raw)' is not valid percent-encoding") }
        return decoded
    }
}

import Foundation
import HTTPTypes
import KanbanTestSupport

/// What a route answered: status, headers and body (as text and, when it is JSON, as a tree).
struct APIResponse: Sendable {
    var status: Int
    var headers: HTTPFields
    var text: String

    /// The body as JSON; fails the test when it is not.
    var json: JSONTree {
        get throws { try JSONTree(parsing: text) }
    }

    /// The `error` line of an error answer.
    var error: String? {
        (try? json)?["error"].flatMap { if case .string(let text) = $0 { text } else { nil } }
    }
}

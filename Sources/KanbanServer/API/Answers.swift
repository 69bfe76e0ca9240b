import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// The success answers of writes, in the CLI's `--json` forms.
enum Answers {
    /// The events appended, as `kanban log --json` objects (`[]` when nothing changed).
    static func events(_ status: HTTPResponse.Status = .ok) -> @Sendable (CommandOutcome) throws -> (HTTPResponse.Status, [UInt8]) {
        { outcome in (status, Array(try OutputJSON.encode(outcome.events.map(EventOutput.init(event:))))) }
    }

    /// `{"id", "sequence"}` of the card an add appended, 201.
    static let cardCreated: @Sendable (CommandOutcome) throws -> (HTTPResponse.Status, [UInt8]) = { outcome in
        guard let added = outcome.events.lazy.compactMap({ event -> (CardID, UInt64)? in
            if case .cardAdded(let added) = event.payload { return (added.card.id, event.sequence) }
            return nil
        }).first else { throw APIError(.internalServerError, "the add appended no card") }
        return (.created, Array(try OutputJSON.encode(CardCreatedBody(id: added.0.description, sequence: added.1))))
    }
}

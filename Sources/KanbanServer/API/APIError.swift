import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import NIOCore

/// An answer other than success: a status and one line, sent as `{"error": "…"}`.
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The status and line for `error`, whatever threw it; never a stack trace.
    init(for error: any Error) {
        switch error {
        case let error as APIError: self = error
        case let error as KanbanError:
            // The CLI's hint names its flag; over HTTP the same choice is the body's "force".
            self.init(Self.status(of: error), Self.overHTTP(error.description))
        case let error as EngineError: self.init(.internalServerError, "database error: \(error.failure)")
        case let error as SharedLogError:
            // Nothing was kept: the client may send it again, once the shared log is back.
            if case .unavailable = error { self.init(.serviceUnavailable, error.description) } else { self.init(.internalServerError, error.description) }
        case is NIOTooManyBytesError: self.init(.contentTooLarge, "the request body is larger than 64 KiB")
        case let error as DecodingError: self.init(.badRequest, "malformed JSON: \(Self.describe(error))")
        case let error as HTTPError:
            let message = error.body ?? error.status.reasonPhrase
            self.init(error.status, error.status == .contentTooLarge ? "the request body is larger than 64 KiB" : message)
        case let error where String(reflecting: type(of: error)).hasSuffix("HTTPParserError"):
            // The body could not be read as HTTP frames it (a bad chunk size, say): the client's fault.
            self.init(.badRequest, "the request is not well-formed HTTP: \(error)")
        default: self.init(.internalServerError, "internal error")
        }
    }

    /// A rejection's words as the API says them: the CLI's hint names its flag, over HTTP the
    /// same choice is the body's "force".
    static func overHTTP(_ reason: String) -> String {
        reason.replacingOccurrences(of: "use --force to", with: #"send {"force": true} to"#)
    }

    /// The status of a rejected command: 404 for what does not exist, 409 for what the board's
    /// state refuses (a name taken, nothing to undo, a conflict), 422 for values out of bounds.
    static func status(of error: KanbanError) -> HTTPResponse.Status {
        switch error {
        case .unknownBoard, .unknownCard, .unknownColumn, .unknownDetail: .notFound
        case .invalidDetail: .unprocessableContent
        case .notYourComment, .foreignClient, .notAllowed: .forbidden
        case .malformedDate, .unreadableMutation: .badRequest
        // A card prefix several cards start with is refused as a comment's, item's or link's is
        // (`invalidDetail`): the request is well-formed, the board's cards make it name no one.
        case .emptyTitle, .titleTooLong, .descriptionTooLong, .indexOutOfRange, .emptyName, .nameTooLong, .invalidActor, .outsideLog,
            .tooManyBoards, .tooManyColumns, .ambiguousCard:
            .unprocessableContent
        case .spanTooLong: .badRequest
        case .duplicateBoard, .duplicateColumn, .boardNotEmpty, .columnNotEmpty, .lastColumn, .nothingToUndo, .nothingToRedo,
            .undoConflict, .cannotUndo, .cannotRestore, .cannotRevive, .editConflict,
            .changedSince, .cardIDTaken, .detailIDTaken, .columnFull:
            .conflict
        case .corruptEvent, .needsHistory: .internalServerError
        }
    }

    /// What a number that does not fit its field is refused with (-3 or 1.5 for a count, 1e30
    /// for an index): Foundation's decoder reports it as invalid JSON, or as its own error.
    static let numberOutOfRange = "a number is out of range or not whole"

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context): "\(path(context)) should be \(name(of: type))"
        case .valueNotFound(let type, let context): "\(path(context)) should be \(name(of: type)), not null"
        case .keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context): context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)) is not valid"
        @unknown default: "not valid JSON"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the body" : "\"" + keyPath(context.codingPath) + "\""
    }

    /// `keys` as a client writes them: `mutations[1].id`, an array's element by its index
    /// rather than the decoder's "Index 1".
    static func keyPath(_ keys: some Sequence<any CodingKey>) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        return path
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is UInt64.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "\(type)".hasPrefix("Dictionary") ? "a JSON object" : "\(type)".hasPrefix("Array") ? "a JSON array" : "\(type)".lowercased()
        }
    }
}

import KanbanCore

/// `PATCH …/cards/{card}/checklist/{item}`: exactly one of `{"text"}` (the wire's
/// `renameChecklistItem`), `{"done"}` (`checkChecklistItem`) or `{"at"}` (`moveChecklistItem`),
/// with the board, card and item from the path; none, or more than one, is a 400.
struct ChecklistItemPatchBody: Decodable, Sendable {
    /// The arguments of the one change asked for; `nil` when the body asks for none or several.
    let arguments: (any CommandArguments)?

    private enum CodingKeys: String, CodingKey {
        case text, done, at
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decodeIfPresent(String.self, forKey: .text)
        let done = try container.decodeIfPresent(Bool.self, forKey: .done)
        let at = try container.decodeIfPresent(Int.self, forKey: .at)
        let kind: (any CommandArguments.Type)? = switch (text, done, at) {
        case (_?, nil, nil): RenameChecklistItemArguments.self
        case (nil, _?, nil): CheckChecklistItemArguments.self
        case (nil, nil, _?): MoveChecklistItemArguments.self
        default: nil
        }
        arguments = try kind.map { try $0.init(from: decoder) }
    }

    /// The command of the one change asked for.
    func command() throws -> Command {
        guard let arguments else { throw APIError(.badRequest, #"send exactly one of "text", "done" or "at""#) }
        return try arguments.command()
    }
}

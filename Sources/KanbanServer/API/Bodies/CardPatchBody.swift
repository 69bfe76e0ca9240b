import KanbanCore

/// `PATCH /api/boards/{board}/cards/{card}`: the wire's `editCard` arguments (`{"title"?,
/// "description"?, "due"?}`, the board and card from the path; a field left out stays as it is,
/// `"due": null` clears the due date) and `since`: with it (the sequence of the board the values
/// were read from), a field someone else changed after it is a 409.
struct CardPatchBody: Decodable, Sendable {
    var arguments: EditCardArguments
    /// The sequence the editor read the card at.
    var since: UInt64?

    private enum CodingKeys: String, CodingKey {
        case since
    }

    init(from decoder: any Decoder) throws {
        arguments = try EditCardArguments(from: decoder)
        since = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(UInt64.self, forKey: .since)
    }

    /// The edit; with `since`, made only where nobody changed the card after it.
    func command() throws -> Command {
        let edit = try arguments.command()
        guard let since, case .editCard(let board, let card, let title, let description, let due) = edit else { return edit }
        return .editCardIfUnchanged(board: board, card: card, title: title, description: description, due: due, since: since)
    }
}

import KanbanCore

extension MutationArguments {
    /// The mutation named `name` when it changes a card's or a board's details, `nil` when
    /// `name` is not one of them; throws when an argument it needs is missing or unreadable.
    func detailMutation(id: UInt64, name: String, since: UInt64?) throws(KanbanError) -> Mutation? {
        func needed<Value>(_ value: Value?, _ key: String) throws(KanbanError) -> Value {
            guard let value else { throw .unreadableMutation("\(name) needs \"\(key)\"") }
            return value
        }
        /// The id the client gave a new comment, item or link, from key `key`.
        func newDetail(_ key: String, _ text: String?) throws(KanbanError) -> DetailID? {
            guard let text else { return nil }
            guard let id = Identifier(text) else { throw .unreadableMutation("\"\(key)\" must be a UUID, not '\(text)'") }
            return DetailID(id)
        }
        let command: Command
        var given: DetailID?
        switch name {
        case "assign":
            command = .assign(board: try needed(board, "board"), card: try needed(card, "card"), person: try needed(person, "person"))
        case "unassign":
            command = .unassign(board: try needed(board, "board"), card: try needed(card, "card"), person: try needed(person, "person"))
        case "label":
            command = .label(board: try needed(board, "board"), card: try needed(card, "card"), label: try needed(label, "label"))
        case "unlabel":
            command = .unlabel(board: try needed(board, "board"), card: try needed(card, "card"), label: try needed(label, "label"))
        case "markDue":
            command = .markDue(board: try needed(board, "board"), card: try needed(card, "card"), done: try needed(done, "done"))
        case "addComment":
            given = try newDetail("comment", comment)
            command = .addComment(board: try needed(board, "board"), card: try needed(card, "card"), text: try needed(text, "text"))
        case "editComment":
            command = .editComment(
                board: try needed(board, "board"), card: try needed(card, "card"), comment: try needed(comment, "comment"), text: try needed(text, "text")
            )
        case "deleteComment":
            command = .deleteComment(board: try needed(board, "board"), card: try needed(card, "card"), comment: try needed(comment, "comment"))
        case "addChecklistItem":
            given = try newDetail("item", item)
            command = .addChecklistItem(
                board: try needed(board, "board"), card: try needed(card, "card"), text: try needed(text, "text"), checklist: checklist, index: at
            )
        case "renameChecklistItem":
            command = .renameChecklistItem(
                board: try needed(board, "board"), card: try needed(card, "card"), item: try needed(item, "item"), text: try needed(text, "text")
            )
        case "checkChecklistItem":
            command = .checkChecklistItem(
                board: try needed(board, "board"), card: try needed(card, "card"), item: try needed(item, "item"), done: try needed(done, "done")
            )
        case "removeChecklistItem":
            command = .removeChecklistItem(board: try needed(board, "board"), card: try needed(card, "card"), item: try needed(item, "item"))
        case "moveChecklistItem":
            command = .moveChecklistItem(
                board: try needed(board, "board"), card: try needed(card, "card"), item: try needed(item, "item"), index: try needed(at, "at")
            )
        case "attachLink":
            given = try newDetail("link", link)
            command = .attachLink(board: try needed(board, "board"), card: try needed(card, "card"), url: try needed(url, "url"), name: self.name)
        case "removeLink":
            command = .removeLink(board: try needed(board, "board"), card: try needed(card, "card"), link: try needed(link, "link"))
        case "addMember":
            command = .addMember(board: try needed(board, "board"), person: try needed(person, "person"))
        case "removeMember":
            command = .removeMember(board: try needed(board, "board"), person: try needed(person, "person"))
        case "setLabel":
            command = .setLabel(board: try needed(board, "board"), name: try needed(self.name, "name"), colour: try needed(colour, "colour"))
        case "removeLabel":
            command = .setLabel(board: try needed(board, "board"), name: try needed(self.name, "name"), colour: nil)
        case "setColumnLimit":
            if strict == true {
                command = .setStrictColumnLimit(board: try needed(board, "board"), column: try needed(column, "column"), limit: try needed(limit, "limit"))
            } else {
                command = .setColumnLimit(board: try needed(board, "board"), column: try needed(column, "column"), limit: limit)
            }
        default:
            return nil
        }
        var mutation = Mutation(id: id, command: command, since: since)
        mutation.newDetail = given
        return mutation
    }
}

import KanbanCore

extension MutationWire {
    /// The name and arguments of `command` when it changes a card's or a board's details
    /// (``MutationArguments/detailMutation(id:name:since:)`` reads them back); `nil` otherwise.
    static func detailArguments(of command: Command, newDetail: DetailID?) -> (String, MutationArguments)? {
        var args = MutationArguments()
        let name: String
        switch command {
        case .assign(let board, let card, let person):
            name = "assign"
            (args.board, args.card, args.person) = (board, card, person)
        case .unassign(let board, let card, let person):
            name = "unassign"
            (args.board, args.card, args.person) = (board, card, person)
        case .label(let board, let card, let label):
            name = "label"
            (args.board, args.card, args.label) = (board, card, label)
        case .unlabel(let board, let card, let label):
            name = "unlabel"
            (args.board, args.card, args.label) = (board, card, label)
        case .markDue(let board, let card, let done):
            name = "markDue"
            (args.board, args.card, args.done) = (board, card, done)
        case .addComment(let board, let card, let text):
            name = "addComment"
            (args.board, args.card, args.text, args.comment) = (board, card, text, newDetail?.description)
        case .editComment(let board, let card, let comment, let text):
            name = "editComment"
            (args.board, args.card, args.comment, args.text) = (board, card, comment, text)
        case .deleteComment(let board, let card, let comment):
            name = "deleteComment"
            (args.board, args.card, args.comment) = (board, card, comment)
        case .addChecklistItem(let board, let card, let text, let checklist, let index):
            name = "addChecklistItem"
            (args.board, args.card, args.text, args.checklist, args.at) = (board, card, text, checklist, index)
            args.item = newDetail?.description
        case .renameChecklistItem(let board, let card, let item, let text):
            name = "renameChecklistItem"
            (args.board, args.card, args.item, args.text) = (board, card, item, text)
        case .checkChecklistItem(let board, let card, let item, let done):
            name = "checkChecklistItem"
            (args.board, args.card, args.item, args.done) = (board, card, item, done)
        case .removeChecklistItem(let board, let card, let item):
            name = "removeChecklistItem"
            (args.board, args.card, args.item) = (board, card, item)
        case .moveChecklistItem(let board, let card, let item, let index):
            name = "moveChecklistItem"
            (args.board, args.card, args.item, args.at) = (board, card, item, index)
        case .attachLink(let board, let card, let url, let linkName):
            name = "attachLink"
            (args.board, args.card, args.url, args.name, args.link) = (board, card, url, linkName, newDetail?.description)
        case .removeLink(let board, let card, let link):
            name = "removeLink"
            (args.board, args.card, args.link) = (board, card, link)
        case .addMember(let board, let person):
            name = "addMember"
            (args.board, args.person) = (board, person)
        case .removeMember(let board, let person):
            name = "removeMember"
            (args.board, args.person) = (board, person)
        case .setLabel(let board, let label, let colour?):
            name = "setLabel"
            (args.board, args.name, args.colour) = (board, label, colour)
        case .setLabel(let board, let label, nil):
            name = "removeLabel"
            (args.board, args.name) = (board, label)
        case .setColumnLimit(let board, let column, let limit):
            name = "setColumnLimit"
            (args.board, args.column, args.limit) = (board, column, limit)
        case .setStrictColumnLimit(let board, let column, let limit):
            name = "setColumnLimit"
            (args.board, args.column, args.limit, args.strict) = (board, column, limit, true)
        default:
            return nil
        }
        return (name, args)
    }
}

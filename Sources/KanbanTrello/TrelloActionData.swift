import Kanban
/// What an action's `data` holds that the import reads. `card` and `old` are open-ended: an
/// `updateCard` carries the changed fields' new values in `card` and their old values in `old`.
/// Each part is read on its own: one of an unexpected shape is left out, the rest still read.
struct TrelloActionData: Decodable, Sendable {
    var card: [String: TrelloValue]?
    var old: [String: TrelloValue]?
    var list: [String: TrelloValue]?
    var listBefore: TrelloReference?
    var listAfter: TrelloReference?
    /// The board the action was made on (`updateBoard`: its new `name`; `copyBoard`: the copy).
    var board: [String: TrelloValue]?
    /// The card a `convertToCardFromCheckItem` took its item from.
    var cardSource: TrelloReference?
    /// A comment's text (`commentCard`).
    var text: String?
    /// The comment an `updateComment` or `deleteComment` names (`id`, and the new `text`).
    var action: [String: TrelloValue]?
    var checklist: [String: TrelloValue]?
    var checkItem: [String: TrelloValue]?
    var attachment: [String: TrelloValue]?
    var label: [String: TrelloValue]?
    /// A value the action sets: in the oldest exports, the colour `addLabelToCard` puts on.
    var value: String?
    /// The member added to or removed from a card or the board.
    var idMember: String?
    var idMemberAdded: String?
    /// That member as the action names it (`id`, `name`: the full name).
    var member: [String: TrelloValue]?

    private enum CodingKeys: String, CodingKey {
        case card, old, list, listBefore, listAfter, board, cardSource, text, action, checklist, checkItem, attachment, label, value
        case idMember, idMemberAdded, member
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func object(_ key: CodingKeys) -> [String: TrelloValue]? {
            try? container.decodeIfPresent([String: TrelloValue].self, forKey: key)
        }
        func string(_ key: CodingKeys) -> String? {
            try? container.decodeIfPresent(String.self, forKey: key)
        }
        func reference(_ key: CodingKeys) -> TrelloReference? {
            try? container.decodeIfPresent(TrelloReference.self, forKey: key)
        }
        card = object(.card)
        old = object(.old)
        list = object(.list)
        listBefore = reference(.listBefore)
        listAfter = reference(.listAfter)
        board = object(.board)
        cardSource = reference(.cardSource)
        text = string(.text)
        action = object(.action)
        checklist = object(.checklist)
        checkItem = object(.checkItem)
        attachment = object(.attachment)
        label = object(.label)
        value = string(.value)
        idMember = string(.idMember)
        idMemberAdded = string(.idMemberAdded)
        member = object(.member)
    }

    /// The card's id.
    var cardID: String? { card?["id"]?.string }
    /// The list's id.
    var listID: String? { list?["id"]?.string }
    /// The board's id.
    var boardID: String? { board?["id"]?.string }
    /// The checklist's id.
    var checklistID: String? { checklist?["id"]?.string }
    /// The check item's id.
    var checkItemID: String? { checkItem?["id"]?.string }
}

import Foundation
import Kanban

/// A Trello board export (the board menu's "Print, export and share → Export as JSON"), the
/// parts the import reads: the board, its lists, cards, labels and checklists as they are now,
/// its members, and its newest actions (Trello keeps at most 1,000), newest first.
struct TrelloExport: Decodable, Sendable {
    var id: String
    var name: String?
    var idMemberCreator: String?
    var dateLastActivity: String?
    /// Whether the board is closed (archived) in Trello.
    var closed: Bool?
    var lists: [TrelloList]
    var cards: [TrelloCard]
    var actions: [TrelloAction]
    var members: [TrelloMember]
    /// The board's labels; `nil` when the export has no such list (an older one: see ``TrelloLabelCatalog``).
    var labels: [TrelloLabel]?
    /// The names the board gives each label colour (`{"green": "Ready", "red": ""}`): in older
    /// exports, with the cards' label objects, all there is of the board's labels.
    var labelNames: [String: String]
    var checklists: [TrelloChecklist]

    private enum CodingKeys: String, CodingKey {
        case id, name, idMemberCreator, dateLastActivity, closed, lists, cards, actions, members, labels, labelNames, checklists
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        idMemberCreator = try? container.decodeIfPresent(String.self, forKey: .idMemberCreator)
        dateLastActivity = try? container.decodeIfPresent(String.self, forKey: .dateLastActivity)
        closed = try? container.decodeIfPresent(Bool.self, forKey: .closed)
        lists = try container.decode([TrelloList].self, forKey: .lists)
        cards = try container.decode([TrelloCard].self, forKey: .cards)
        actions = try container.decodeIfPresent([TrelloAction].self, forKey: .actions) ?? []
        members = (try? container.decodeIfPresent([TrelloMember].self, forKey: .members)) ?? []
        labels = try? container.decodeIfPresent([TrelloLabel].self, forKey: .labels)
        let names = (try? container.decodeIfPresent([String: TrelloValue].self, forKey: .labelNames)) ?? [:]
        labelNames = names.compactMapValues(\.string)
        checklists = (try? container.decodeIfPresent([TrelloChecklist].self, forKey: .checklists)) ?? []
    }

    /// Reads an export, or throws ``TrelloImportError/malformed(_:)`` saying what is wrong in one line.
    static func decode(_ data: Data) throws -> TrelloExport {
        do {
            return try JSONDecoder().decode(TrelloExport.self, from: data)
        } catch let error as DecodingError {
            throw TrelloImportError.malformed(Self.reason(error))
        }
    }

    /// What is wrong, in a few words, with the path to it (`actions[3].date`).
    private static func reason(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ key: CodingKey? = nil) -> String {
            var parts = context.codingPath
            if let key { parts.append(key) }
            var text = ""
            for part in parts {
                if let index = part.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + part.stringValue }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context)
            return place.isEmpty ? "no \"\(key.stringValue)\"" : "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let place = path(context)
            return place.isEmpty ? "a JSON object is expected" : "\(place) is not \(Self.describe(type))"
        case .dataCorrupted(let context):
            let place = path(context)
            return place.isEmpty ? "not JSON: \(Self.underlying(context))" : "\(place): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [TrelloList].Type, is [TrelloCard].Type, is [TrelloAction].Type: "an array"
        default: "an object"
        }
    }

    private static func underlying(_ context: DecodingError.Context) -> String {
        if let error = context.underlyingError as NSError?, let detail = error.userInfo[NSDebugDescriptionErrorKey] as? String {
            return detail
        }
        return context.debugDescription
    }
}

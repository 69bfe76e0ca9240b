/// A history line for a change to a card's or board's details, and what undoing it means.
/// Placeholders: `{title}` (the card), `{person}`, `{label}`, `{text}` (a comment's or an item's),
/// `{name}` (a link, a label or a column), `{colour}`, `{limit}`, `{index}`, `{role}`,
/// `{visibility}`.
public struct DetailPhrase: Sendable {
    public var past: String
    public var imperative: String

    public init(_ past: String, _ imperative: String) {
        self.past = past
        self.imperative = imperative
    }

    /// English lines for details: every family's (`Families/<Family>/DetailPhrase+<Family>.swift`).
    public static let english = lines(in: .english)
    /// French lines for details.
    public static let french = lines(in: .french)
    /// Korean lines for details.
    public static let korean = lines(in: .korean)

    /// Each detail family's lines, by language.
    static let families = [assignees, labels, dueMarks, comments, checklist, links, members, access, boardLabels, columnLimits]

    /// The lines of every family in `language`.
    static func lines(in language: HistoryLanguage) -> [String: DetailPhrase] {
        families.reduce(into: [:]) { lines, family in lines.merge(family[language] ?? [:]) { first, _ in first } }
    }

    /// The key of the phrase for `payload`, a card or board detail.
    static func key(for payload: EventPayload) -> String? {
        switch payload {
        case .cardDetail(let changed):
            switch changed.edit {
            case .assigned: "assigned"
            case .unassigned: "unassigned"
            case .labelled: "labelled"
            case .unlabelled: "unlabelled"
            case .dueMarked(let done): done ? "dueDone" : "dueNotDone"
            case .commentAdded: "commentAdded"
            case .commentEdited: "commentEdited"
            case .commentDeleted: "commentDeleted"
            case .itemAdded: "itemAdded"
            case .itemRenamed: "itemRenamed"
            case .itemChecked(_, _, let done): done ? "itemChecked" : "itemUnchecked"
            case .itemRemoved: "itemRemoved"
            case .itemMoved: "itemMoved"
            case .linkAttached: "linkAttached"
            case .linkRemoved: "linkRemoved"
            }
        case .boardDetail(let changed):
            switch changed.edit {
            case .memberAdded: "memberAdded"
            case .memberRemoved: "memberRemoved"
            case .memberRoleChanged(_, let change) where change.old == nil: "memberAddedAs"
            case .memberRoleChanged(_, let change) where change.new == nil: "memberRemoved"
            case .memberRoleChanged: "memberRoleChanged"
            case .visibilityChanged: "visibilityChanged"
            case .labelChanged(_, let change) where change.new == nil: "labelRemoved"
            case .labelChanged(_, let change) where change.old == nil: "labelMade"
            case .labelChanged: "labelRecoloured"
            case .columnLimited(_, let change): change.new.map { $0.isStrict ? "strictLimitSet" : "limitSet" } ?? "limitLifted"
            }
        default: nil
        }
    }

    /// The values its placeholders take for `payload`.
    static func values(for payload: EventPayload) -> [String: String] {
        /// A comment or item in a line: its first 60 characters, on one line.
        func excerpt(_ text: String) -> String {
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : (line.count < text.count ? line + "…" : line)
        }
        switch payload {
        case .cardDetail(let changed):
            var values = ["title": changed.title]
            switch changed.edit {
            case .assigned(let person), .unassigned(let person): values["person"] = person
            case .labelled(let label), .unlabelled(let label): values["label"] = label
            case .dueMarked: break
            case .commentAdded(let comment, _), .commentDeleted(let comment, _): values["text"] = excerpt(comment.text)
            case .commentEdited(_, let change, _): values["text"] = excerpt(change.new)
            case .itemAdded(let item, _), .itemRemoved(let item, _): values["text"] = excerpt(item.text)
            case .itemRenamed(_, let change): values["text"] = excerpt(change.old)
            case .itemChecked(_, let text, _): values["text"] = excerpt(text)
            case .itemMoved(_, let text, _, let to):
                values["text"] = excerpt(text)
                values["index"] = String(to)
            case .linkAttached(let link, _), .linkRemoved(let link, _): values["name"] = excerpt(link.name)
            }
            return values
        case .boardDetail(let changed):
            switch changed.edit {
            case .memberAdded(let person), .memberRemoved(let person): return ["person": person]
            case .memberRoleChanged(let person, let change): return ["person": person, "role": (change.new ?? change.old)?.rawValue ?? ""]
            case .visibilityChanged(let change): return ["visibility": change.new.rawValue]
            case .labelChanged(let name, let change): return ["name": name, "colour": change.new ?? change.old ?? ""]
            case .columnLimited(let column, let change): return ["name": column.name, "limit": change.new.map { String($0.cards) } ?? ""]
            }
        default: return [:]
        }
    }
}

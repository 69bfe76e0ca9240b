import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Cards' and boards' details, one rule at a time.
struct CardDetailsTests {
    @Test("Only a comment's author may edit or delete it; a refusal appends nothing")
    func ownComments() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("Review").description
        _ = try fixture.engine.execute(.addComment(board: "main", card: card, text: "  **first**, draft  "), actor: "ana")
        let comment = try #require(try fixture.engine.cardDetail(board: "main", card: card).details.comments.first)
        #expect(comment.author == "ana" && comment.text == "**first**, draft" && comment.at != nil)
        let before = try fixture.eventCount
        #expect(throws: KanbanError.notYourComment(author: "ana")) {
            try fixture.engine.execute(.editComment(board: "main", card: card, comment: String(comment.id.description.prefix(6)), text: "mine now"), actor: "bo")
        }
        #expect(throws: KanbanError.notYourComment(author: "ana")) {
            try fixture.engine.execute(.deleteComment(board: "main", card: card, comment: comment.id.description), actor: "bo")
        }
        #expect(try fixture.eventCount == before)
        _ = try fixture.engine.execute(.editComment(board: "main", card: card, comment: comment.id.description, text: "final"), actor: "ana")
        #expect(try fixture.engine.cardDetail(board: "main", card: card).details.comments.map(\.text) == ["final"])
    }

    @Test("Bad values are refused with a clear reason and append nothing", arguments: [
        Command.attachLink(board: "main", card: "CARD", url: "javascript:alert(1)"),
        .attachLink(board: "main", card: "CARD", url: "https://exa mple.com"),
        .attachLink(board: "main", card: "CARD", url: "https://"),
        .addComment(board: "main", card: "CARD", text: " \n "),
        .addComment(board: "main", card: "CARD", text: String(repeating: "가", count: 5_001)),
        .addChecklistItem(board: "main", card: "CARD", text: "x", index: 5),
        .addChecklistItem(board: "main", card: "CARD", text: "x", index: -1),
        .setLabel(board: "main", name: "bug", colour: "mauve"),
        .setColumnLimit(board: "main", column: "TODO", limit: 0),
        .setColumnLimit(board: "main", column: "TODO", limit: 1_000),
        .assign(board: "main", card: "CARD", person: "  "),
        .checkChecklistItem(board: "main", card: "CARD", item: "ffff", done: true),
        .removeLink(board: "main", card: "CARD", link: ""),
    ])
    func badValues(command: Command) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("Target").description
        let real: Command = switch command {
        case .attachLink(let board, _, let url, let name): .attachLink(board: board, card: card, url: url, name: name)
        case .addComment(let board, _, let text): .addComment(board: board, card: card, text: text)
        case .addChecklistItem(let board, _, let text, let checklist, let index): .addChecklistItem(board: board, card: card, text: text, checklist: checklist, index: index)
        case .assign(let board, _, let person): .assign(board: board, card: card, person: person)
        case .checkChecklistItem(let board, _, let item, let done): .checkChecklistItem(board: board, card: card, item: item, done: done)
        case .removeLink(let board, _, let link): .removeLink(board: board, card: card, link: link)
        default: command
        }
        let before = try fixture.eventCount
        #expect(throws: KanbanError.self) { try fixture.engine.execute(real, actor: "ana") }
        #expect(try fixture.eventCount == before)
    }

    @Test("A due date marked done is not overdue, on the board and in the card, whatever its column")
    func dueDoneIsNotOverdue() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("Late", due: .day(CalendarDay(year: 2020, month: 1, day: 1)!))
        #expect(try fixture.engine.boardView(named: "main").columns[0].cards[0].isOverdue)
        _ = try fixture.engine.execute(.markDue(board: "main", card: card.description, done: true), actor: "ana")
        let view = try fixture.engine.boardView(named: "main")
        #expect(view.columns[0].cards[0].isOverdue == false && view.columns[0].cards[0].details?.dueDone == true)
        #expect(try fixture.engine.cardDetail(board: "main", card: card.description).isOverdue == false)
        // Marking it again changes nothing and appends nothing.
        #expect(try fixture.engine.execute(.markDue(board: "main", card: card.description, done: true), actor: "ana").isEmpty)
    }

    @Test("History lines for every detail kind fill every placeholder, in English, Korean and French")
    func wording() throws {
        let payloads = EventKind.allCases.filter { $0.isCardDetail || $0.isBoardDetail }.flatMap { kind -> [EventPayload] in
            var random = SeededGenerator(seed: UInt64(kind.rawValue))
            return (0..<4).map { _ in DetailSamples.payload(of: kind, using: &random) }
        }
        for language in HistoryLanguage.allCases {
            let wording = ActionWording(language: language)
            for payload in payloads {
                for line in [wording.line(for: payload) { _ in "TODO" }, wording.imperative(for: payload) { _ in "TODO" }] {
                    #expect(!line.contains("{") && !line.contains("}") && !line.isEmpty, "\(language) \(payload.kind): \(line)")
                }
            }
        }
        let english = ActionWording(language: .english)
        let assigned = EventPayload.cardDetail(CardDetailChanged(card: CardID(Identifier(high: 0, low: 1)), title: "X", edit: .assigned("지민")))
        #expect(english.line(for: assigned) { _ in "" } == "Assigned 지민 to 'X'.")
        #expect(ActionWording(language: .korean).line(for: assigned) { _ in "" } == "'X' 카드에 지민 님을 배정했습니다.")
    }

    @Test("A card's history holds its details' changes, and a deleted card brought back has its details again")
    func cardHistory() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("Trail").description
        _ = try fixture.add("Other")
        _ = try fixture.engine.execute(.assign(board: "main", card: card, person: "bo"), actor: "ana")
        _ = try fixture.engine.execute(.addChecklistItem(board: "main", card: card, text: "a"), actor: "ana")
        _ = try fixture.engine.execute(.deleteCard(board: "main", card: card), actor: "ana")
        _ = try fixture.engine.execute(.reviveCard(board: "main", card: card), actor: "ana")
        let lines = try fixture.engine.history.entries(HistoryQuery(board: "main", card: String(card.prefix(8)))).map(\.line)
        #expect(lines == [
            "Added 'Trail'.", "Assigned bo to 'Trail'.", "Added 'a' to the checklist of 'Trail'.", "Removed 'Trail' from TODO.", "Brought back 'Trail'.",
        ])
        let details = try fixture.engine.cardDetail(board: "main", card: card).details
        #expect(details.assignees == ["bo"] && details.checklist.map(\.text) == ["a"])
    }

    @Test("A short-lived engine laying out one board from a snapshot shows the details too")
    func oneBoardFromSnapshot() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("Snap").description
        _ = try fixture.engine.execute(.assign(board: "main", card: card, person: "bo"), actor: "ana")
        _ = try fixture.engine.execute(.setColumnLimit(board: "main", column: "TODO", limit: 2), actor: "ana")
        _ = try fixture.engine.execute(.setLabel(board: "main", name: "bug", colour: "red"), actor: "ana")
        _ = try fixture.engine.snapshots.take()
        let now = Timestamp(millisecondsSinceEpoch: 1_900_000_000_000)
        let whole = try fixture.engine.boardView(named: "main", now: now)
        let shortLived = try KanbanEngine(path: fixture.path, options: EngineOptions(isShortLived: true))
        let one = try shortLived.boardView(named: "main", now: now)
        #expect(one == whole)
        #expect(one.columns[0].cards[0].details?.assignees == ["bo"] && one.columns[0].limit == 2 && one.details.labels.map(\.name) == ["bug"])
    }

    @Test("Assignees, labels and members stay sorted, so undoing a removal puts them back in place")
    func sortedSets() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let card = try fixture.add("People").description
        for person in ["zoe", "ana", "지민", "bo"] { _ = try fixture.engine.execute(.assign(board: "main", card: card, person: person), actor: "ana") }
        let sorted = ["ana", "bo", "zoe", "지민"]
        #expect(try fixture.engine.cardDetail(board: "main", card: card).details.assignees == sorted)
        _ = try fixture.engine.execute(.unassign(board: "main", card: card, person: "bo"), actor: "ana")
        _ = try fixture.engine.execute(.undo(), actor: "ana")
        #expect(try fixture.engine.cardDetail(board: "main", card: card).details.assignees == sorted)
    }
}

/// Detail payloads with plausible values, for wording checks.
enum DetailSamples {
    static func payload(of kind: EventKind, using random: inout some RandomNumberGenerator) -> EventPayload {
        let id = DetailID(.random(using: &random))
        let card = CardID(.random(using: &random))
        let text = ["Ship it", "**bold** and, commas", "테스트", "été\nsecond line"].randomElement(using: &random)!
        let item = ChecklistItem(id: id, checklist: "Release", text: text, done: Bool.random(using: &random))
        let comment = Comment(id: id, author: "ana", text: text)
        let link = CardLink(id: id, url: "https://example.com", name: text)
        let done = Bool.random(using: &random)
        func detail(_ edit: CardDetailEdit) -> EventPayload { .cardDetail(CardDetailChanged(card: card, title: "Card", edit: edit)) }
        switch kind {
        case .cardAssigned: return detail(.assigned("bo"))
        case .cardUnassigned: return detail(.unassigned("bo"))
        case .cardLabelled: return detail(.labelled("bug"))
        case .cardUnlabelled: return detail(.unlabelled("bug"))
        case .dueMarked: return detail(.dueMarked(done: done))
        case .commentAdded: return detail(.commentAdded(comment, index: 0))
        case .commentEdited: return detail(.commentEdited(id, Change(old: "a", new: text), mark: .now(previous: nil)))
        case .commentDeleted: return detail(.commentDeleted(comment, index: 0))
        case .checklistItemAdded: return detail(.itemAdded(item, index: 0))
        case .checklistItemRenamed: return detail(.itemRenamed(id, Change(old: text, new: "b")))
        case .checklistItemChecked: return detail(.itemChecked(id, text: text, done: done))
        case .checklistItemRemoved: return detail(.itemRemoved(item, index: 0))
        case .checklistItemMoved: return detail(.itemMoved(id, text: text, from: 0, to: 2))
        case .linkAttached: return detail(.linkAttached(link, index: 0))
        case .linkRemoved: return detail(.linkRemoved(link, index: 0))
        case .memberAdded: return .boardDetail(BoardDetailChanged(edit: .memberAdded("bo")))
        case .memberRemoved: return .boardDetail(BoardDetailChanged(edit: .memberRemoved("bo")))
        case .labelChanged:
            let change: Change<String?> = [Change(old: nil, new: "red"), Change(old: "red", new: "blue"), Change(old: "red", new: nil)].randomElement(using: &random)!
            return .boardDetail(BoardDetailChanged(edit: .labelChanged("bug", change)))
        default:
            let spec = ColumnSpec(id: ColumnID(.random(using: &random)), name: "DOING")
            let limit = ColumnLimit(3, strict: Bool.random(using: &random))
            return .boardDetail(BoardDetailChanged(edit: .columnLimited(spec, done ? Change(old: nil, new: limit) : Change(old: limit, new: nil))))
        }
    }
}

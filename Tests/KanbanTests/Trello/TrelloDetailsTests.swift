import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// A hand-built export with every detail action the import replays: members of cards and of the
/// board, labels made, renamed, recoloured and deleted, comments written, edited and deleted, a
/// due date marked done, checklists and their items, attachments; a comment on an archived card
/// brought back and on one archived for good (both at their moments); and details older than the kept actions.
struct TrelloDetailsTests {
    static let board = "5f0000000000000000000000"
    static let l1 = "700000000000000000000001", l2 = "700000000000000000000002"
    static let bug = "710000000000000000000001", green = "710000000000000000000002", later = "710000000000000000000003"
    static let feature = "710000000000000000000004", urgent = "710000000000000000000005", old = "710000000000000000000006"
    static let c1 = "600000000000000000000021", c2 = "620000000000000000000022", c3 = "620000000000000000000023", c4 = "620000000000000000000024"
    static let c5 = "620000000000000000000025"
    static let steps = "600000000000000000000041", todo = "620000000000000000000042", extra = "620000000000000000000043"
    static let olderComment = "600000000000000000000031"

    static func item(_ number: Int) -> String { String(format: "6200000000000000000005%02d", number) }
    static func attachment(_ number: Int) -> String { String(format: "6200000000000000000007%02d", number) }
    static func actionID(_ number: Int) -> String { String(format: "62000000000000000000%04d", number) }

    /// Minute `n` of 2022-03-01 (UTC).
    static func time(_ minute: Int) -> String {
        "2022-03-01T10:\(minute < 10 ? "0" : "")\(minute):00.000Z"
    }

    static func moment(_ minute: Int, _ offset: Int64 = 0) throws -> Timestamp {
        Timestamp(millisecondsSinceEpoch: try Due(parsing: time(minute)).start.millisecondsSinceEpoch + offset)
    }

    static var people: [String: [String: Any]] {
        [
            "ana": ["id": "m-ana", "username": "ana"], "bob": ["id": "m-bob", "username": "bob"],
            "cy": ["id": "m-cy", "fullName": "Cy Young"], "dan": ["id": "m-dan", "username": "dan"],
        ]
    }

    /// Action `minute` (its id too), by `member`, about `person` when it adds or removes one.
    static func action(_ minute: Int, _ type: String, by member: String, about person: String? = nil, _ data: [String: Any]) -> [String: Any] {
        var action: [String: Any] = [
            "id": actionID(minute), "type": type, "date": time(minute),
            "idMemberCreator": "m-\(member)", "memberCreator": people[member] ?? [:], "data": data,
        ]
        if let person { action["member"] = people[person] ?? [:] }
        return action
    }

    static func card(_ id: String, _ name: String, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["id": id, "name": name].merging(extra) { $1 }
    }

    static var actions: [[String: Any]] {
        let c2 = card(Self.c2, "New card")
        return [
            action(1, "createCard", by: "ana", ["card": c2, "list": ["id": l1, "name": "To do"]]),
            action(2, "addMemberToBoard", by: "ana", about: "cy", ["idMemberAdded": "m-cy"]),
            action(3, "addMemberToCard", by: "ana", about: "bob", ["card": c2, "idMember": "m-bob"]),
            action(4, "addMemberToCard", by: "ana", about: "cy", ["card": c2, "idMember": "m-cy"]),
            action(5, "removeMemberFromCard", by: "ana", about: "cy", ["card": c2, "idMember": "m-cy"]),
            action(6, "createLabel", by: "ana", ["label": ["id": urgent, "name": "Urgent", "color": "orange"]]),
            action(7, "addLabelToCard", by: "bob", ["card": c2, "label": ["id": bug, "name": "Bug", "color": "red"]]),
            action(8, "addLabelToCard", by: "bob", ["card": c2, "label": ["id": urgent, "name": "Urgent", "color": "orange"]]),
            action(9, "removeLabelFromCard", by: "bob", ["card": c2, "label": ["id": bug, "name": "Bug", "color": "red"]]),
            action(10, "addLabelToCard", by: "bob", ["card": c2, "label": ["id": old, "name": "Old", "color": "yellow"]]),
            action(11, "deleteLabel", by: "ana", ["label": ["id": old]]),
            action(12, "updateLabel", by: "ana", ["label": ["id": feature, "name": "Feature", "color": "blue_dark"], "old": ["name": "Feat", "color": "sky"]]),
            // Trello keeps a comment's latest text in the action that wrote it.
            action(13, "commentCard", by: "bob", ["card": c2, "text": "first comment, edited"]),
            action(14, "updateComment", by: "bob", ["card": c2, "action": ["id": actionID(13), "text": "first comment, edited"], "old": ["text": "first comment"]]),
            action(15, "updateComment", by: "ana", ["card": card(c1, "Old card"), "action": ["id": olderComment, "text": "v2"], "old": ["text": "v1"]]),
            action(16, "deleteComment", by: "ana", ["card": c2, "action": ["id": "600000000000000000000032"]]),
            action(17, "addChecklistToCard", by: "bob", ["card": c2, "checklist": ["id": todo, "name": "Todo"]]),
            action(18, "createCheckItem", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(3), "name": "write", "state": "incomplete", "pos": 1]]),
            action(19, "createCheckItem", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(4), "name": "test", "state": "incomplete", "pos": 2]]),
            action(20, "createCheckItem", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(5), "name": "tmp", "state": "incomplete", "pos": 3]]),
            action(21, "updateCheckItem", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(4), "name": "test it", "state": "incomplete"], "old": ["name": "test"]]),
            action(22, "updateCheckItemStateOnCard", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(3), "name": "write", "state": "complete"]]),
            action(23, "deleteCheckItem", by: "bob", ["card": c2, "checklist": ["id": todo], "checkItem": ["id": item(5), "name": "tmp", "state": "incomplete"]]),
            action(24, "addChecklistToCard", by: "bob", ["card": c2, "checklist": ["id": extra, "name": "Extra"]]),
            action(25, "createCheckItem", by: "bob", ["card": c2, "checklist": ["id": extra], "checkItem": ["id": item(6), "name": "gone", "state": "incomplete"]]),
            action(26, "removeChecklistFromCard", by: "bob", ["card": c2, "checklist": ["id": extra, "name": "Extra"]]),
            action(27, "addAttachmentToCard", by: "ana", ["card": c2, "attachment": ["id": attachment(3), "name": "Design", "url": "https://example.com/design"]]),
            action(28, "addAttachmentToCard", by: "ana", ["card": c2, "attachment": ["id": attachment(4), "name": "notes", "url": "ftp://example.com/notes"]]),
            action(29, "addAttachmentToCard", by: "ana", ["card": c2, "attachment": ["id": attachment(5), "name": "tmp link", "url": "https://example.com/tmp"]]),
            action(30, "deleteAttachmentFromCard", by: "ana", ["card": c2, "attachment": ["id": attachment(5), "name": "tmp link"]]),
            action(31, "updateCard", by: "ana", ["card": card(Self.c2, "New card", ["due": "2022-03-10T00:00:00.000Z"]), "old": ["due": NSNull()]]),
            action(32, "updateCard", by: "ana", ["card": card(Self.c2, "New card", ["dueComplete": true]), "old": ["dueComplete": false]]),
            action(33, "createCard", by: "ana", ["card": card(c3, "Archived card"), "list": ["id": l2, "name": "Done"]]),
            action(34, "updateCard", by: "ana", ["card": card(c3, "Archived card", ["closed": true]), "old": ["closed": false], "list": ["id": l2]]),
            action(35, "commentCard", by: "cy", ["card": card(c3, "Archived card"), "text": "while archived"]),
            action(36, "updateCard", by: "bob", ["card": card(c3, "Archived card", ["closed": false]), "old": ["closed": true], "list": ["id": l2]]),
            action(37, "createCard", by: "bob", ["card": card(c4, "Gone for good"), "list": ["id": l2, "name": "Done"]]),
            action(38, "updateCard", by: "bob", ["card": card(c4, "Gone for good", ["closed": true]), "old": ["closed": false], "list": ["id": l2]]),
            action(39, "commentCard", by: "bob", ["card": card(c4, "Gone for good"), "text": "nobody sees this"]),
            action(40, "makeAdminOfBoard", by: "ana", about: "ana", ["idMember": "m-ana"]),
            action(41, "addMemberToBoard", by: "ana", about: "dan", ["idMemberAdded": "m-dan"]),
            action(42, "removeMemberFromBoard", by: "ana", about: "dan", ["idMember": "m-dan"]),
            action(43, "enablePowerUp", by: "ana", ["value": "calendar"]),
            // An older export's way: the members in `idMembers`.
            action(44, "updateCard", by: "bob", ["card": card(c1, "Old card", ["idMembers": ["m-ana", "m-bob"]]), "old": ["idMembers": ["m-ana"]]]),
            action(45, "updateCheckItemStateOnCard", by: "ana", ["card": card(c1, "Old card"), "checklist": ["id": steps], "checkItem": ["id": item(1), "name": "first", "state": "complete"]]),
            // An item's due date is Trello's own.
            action(46, "updateCheckItem", by: "ana", ["card": card(c1, "Old card"), "checklist": ["id": steps], "checkItem": ["id": item(2), "name": "second", "due": time(50)], "old": ["due": NSNull()]]),
            // An item made a card leaves its checklist.
            action(47, "convertToCardFromCheckItem", by: "bob", [
                "card": card(c5, "converted"), "list": ["id": l1, "name": "To do"], "cardSource": ["id": c1, "name": "Old card"],
                "checklist": ["id": steps, "name": "Steps"], "checkItem": ["id": item(7), "name": "converted"],
            ]),
        ]
    }

    static var export: Data {
        get throws {
            let board: [String: Any] = [
                "id": board, "name": "Details",
                "lists": [["id": l1, "name": "To do", "pos": 1], ["id": l2, "name": "Done", "pos": 2]],
                "cards": [
                    ["id": c1, "name": "Old card", "idList": l1, "pos": 1, "due": "2022-04-01T09:00:00.000Z", "dueComplete": true,
                     "idMembers": ["m-ana", "m-bob"], "idLabels": [bug, feature],
                     "attachments": [["id": attachment(1), "name": "Spec", "url": "https://example.com/spec"],
                                     ["id": attachment(2), "name": "local", "url": "file:///tmp/x"]]],
                    ["id": c2, "name": "New card", "idList": l1, "pos": 2, "due": "2022-03-10T00:00:00.000Z", "dueComplete": true,
                     "idMembers": ["m-bob"], "idLabels": [urgent],
                     "attachments": [["id": attachment(3), "name": "Design", "url": "https://example.com/design"],
                                     ["id": attachment(4), "name": "notes", "url": "ftp://example.com/notes"]]],
                    ["id": c3, "name": "Archived card", "idList": l2, "pos": 1, "closed": false],
                    ["id": c4, "name": "Gone for good", "idList": l2, "pos": 2, "closed": true],
                    ["id": c5, "name": "converted", "idList": l1, "pos": 3],
                ],
                "checklists": [
                    ["id": steps, "name": "Steps", "idCard": c1, "pos": 1, "checkItems": [
                        ["id": item(1), "name": "first", "state": "complete", "pos": 1],
                        ["id": item(2), "name": "second", "state": "incomplete", "pos": 2],
                    ]],
                    ["id": todo, "name": "Todo", "idCard": c2, "pos": 1, "checkItems": [
                        ["id": item(4), "name": "test it", "state": "incomplete", "pos": 2],
                        ["id": item(3), "name": "write", "state": "complete", "pos": 1],
                    ]],
                ],
                "labels": [
                    ["id": bug, "name": "Bug", "color": "red"], ["id": green, "name": "", "color": "green"],
                    ["id": later, "name": "Later", "color": NSNull()], ["id": feature, "name": "Feature", "color": "blue_dark"],
                    ["id": urgent, "name": "Urgent", "color": "orange"],
                ],
                "members": [people["ana"] ?? [:], people["bob"] ?? [:], people["cy"] ?? [:]],
                "actions": Array(actions.reversed()),
            ]
            return try JSONSerialization.data(withJSONObject: board)
        }
    }

    /// A card's details in a few words each, for comparing.
    struct Shown: Equatable {
        var assignees: [String]
        var labels: [String]
        var dueDone: Bool
        /// `checklist: text` with `[x]` when done.
        var checklist: [String]
        /// `author: text`.
        var comments: [String]
        /// `name <url>`.
        var links: [String]

        init(_ details: CardDetails) {
            assignees = details.assignees
            labels = details.labels
            dueDone = details.dueDone
            checklist = details.checklist.map { "\($0.checklist): \($0.text)\($0.done ? " [x]" : "")" }
            comments = details.comments.map { "\($0.author): \($0.text)" }
            links = details.links.map { "\($0.name) <\($0.url)>" }
        }

        init(assignees: [String] = [], labels: [String] = [], dueDone: Bool = false, checklist: [String] = [], comments: [String] = [], links: [String] = []) {
            self.assignees = assignees
            self.labels = labels
            self.dueDone = dueDone
            self.checklist = checklist
            self.comments = comments
            self.links = links
        }
    }

    /// The state at minute `minute` (plus `offset` milliseconds) of Trello's time.
    static func state(_ fixture: EngineFixture, at minute: Int, _ offset: Int64 = 0) throws -> KanbanState {
        let reading = try fixture.engine.timeTravel.boardReading(named: "Details", at: .moment(try moment(minute, offset)))
        return try fixture.engine.timeTravel.state(atSequence: reading.sequence).state
    }

    static func details(_ title: String, in state: KanbanState) throws -> Shown {
        let card = try #require(state.cards.values.first { $0.title == title })
        return Shown(state.details(of: card.id))
    }

    static func labels(in state: KanbanState) throws -> [String] {
        let board = try #require(state.board(named: "Details"))
        return state.details(ofBoard: board.id).labels.map { "\($0.name) \($0.colour)" }
    }

    static func members(in state: KanbanState) throws -> [String] {
        let board = try #require(state.board(named: "Details"))
        return state.details(ofBoard: board.id).members
    }

    @Test("Every detail action is replayed at its moment by its actor; what has no meaning here is listed")
    func everyAction() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export)
        #expect(report.notImported == [
            "deleteComment (comment not in the export)": 1, "addAttachmentToCard (not a link)": 1,
            "attachment (not a link)": 1, "updateCheckItem:due": 1,
        ])
        #expect(report.nothingToImport == ["makeAdminOfBoard (already a member)": 1, "enablePowerUp": 1])
        #expect(report.importedActions == 42 && report.actions == 47)

        let now = try fixture.engine.withState { $0 }
        #expect(try Self.details("Old card", in: now) == Shown(
            assignees: ["ana", "bob"], labels: ["Bug", "Feature"], dueDone: true,
            checklist: ["Steps: first [x]", "Steps: second"], comments: ["ana: v2"], links: ["Spec <https://example.com/spec>"]
        ))
        #expect(try Self.details("New card", in: now) == Shown(
            assignees: ["bob"], labels: ["Urgent"], dueDone: true,
            checklist: ["Todo: write [x]", "Todo: test it"], comments: ["bob: first comment, edited"], links: ["Design <https://example.com/design>"]
        ))
        // Written on the archived card at its moment, shown once it came back.
        #expect(try Self.details("Archived card", in: now) == Shown(comments: ["Cy Young: while archived"]))
        #expect(try Self.labels(in: now) == ["Bug red", "Feature blue", "Later grey", "Urgent orange", "green green"])
        #expect(try Self.members(in: now) == ["Cy Young", "ana", "bob"])

        // Before the oldest action: the details the walk rebuilt, by the import.
        let before = try Self.state(fixture, at: 1, -1)
        #expect(try Self.details("Old card", in: before) == Shown(
            assignees: ["ana"], labels: ["Bug", "Feat"], dueDone: true,
            checklist: ["Steps: first", "Steps: second", "Steps: converted"], comments: ["ana: v1"], links: ["Spec <https://example.com/spec>"]
        ))
        #expect(try Self.labels(in: before) == ["Bug red", "Feat sky", "Later grey", "Old yellow", "green green"])
        #expect(try Self.members(in: before) == ["ana", "bob"])

        // At each action's moment.
        #expect(try Self.details("New card", in: Self.state(fixture, at: 4)).assignees == ["Cy Young", "bob"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 5)).assignees == ["bob"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 10)).labels == ["Old", "Urgent"])
        let deleted = try Self.state(fixture, at: 11)
        #expect(try Self.details("New card", in: deleted).labels == ["Urgent"] && !Self.labels(in: deleted).contains("Old yellow"))
        #expect(try Self.details("Old card", in: Self.state(fixture, at: 11)).labels == ["Bug", "Feat"])
        #expect(try Self.details("Old card", in: Self.state(fixture, at: 12)).labels == ["Bug", "Feature"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 13)).comments == ["bob: first comment"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 14)).comments == ["bob: first comment, edited"])
        #expect(try Self.details("Old card", in: Self.state(fixture, at: 14)).comments == ["ana: v1"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 20)).checklist == ["Todo: write", "Todo: test", "Todo: tmp"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 25)).checklist == ["Todo: write [x]", "Todo: test it", "Extra: gone"])
        #expect(try Self.details("New card", in: Self.state(fixture, at: 29)).links.count == 2)
        #expect(try Self.details("New card", in: Self.state(fixture, at: 31)).dueDone == false)
        #expect(try Self.members(in: Self.state(fixture, at: 41)) == ["Cy Young", "ana", "bob", "dan"])
        #expect(try Self.details("Old card", in: Self.state(fixture, at: 44)).checklist == ["Steps: first", "Steps: second", "Steps: converted"])
        #expect(try Self.details("Old card", in: Self.state(fixture, at: 47)).checklist == ["Steps: first [x]", "Steps: second"])

        // History names each change's Trello member and moment.
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Details"))
        let comment = try #require(history.first { $0.kind == .commentAdded && $0.actor == "Cy Young" })
        #expect(comment.timestamp == (try Self.moment(35)))
        #expect(history.first { $0.kind == .checklistItemChecked && $0.actor == "ana" }?.timestamp == (try Self.moment(45)))
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("An imported comment is its author's: only they edit it; importing again appends nothing")
    func commentAuthorAndReimport() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let data = try Self.export
        _ = try fixture.engine.importer.trello(data)
        let count = try fixture.eventCount
        #expect(try fixture.engine.importer.trello(data).alreadyImported)
        #expect(try fixture.eventCount == count)

        let view = try fixture.engine.boardView(named: "Details")
        let card = try #require(view.columns[0].cards.first { $0.card.title == "New card" }?.card)
        let detail = try fixture.engine.cardDetail(board: "Details", card: card.id.description)
        let comment = try #require(detail.details.comments.first)
        #expect(throws: KanbanError.notYourComment(author: "bob")) {
            try fixture.engine.execute(.editComment(board: "Details", card: card.id.description, comment: comment.id.description, text: "ana's words"), actor: "ana")
        }
        _ = try fixture.engine.execute(.editComment(board: "Details", card: card.id.description, comment: comment.id.description, text: "bob's words"), actor: "bob")
        #expect(try fixture.engine.cardDetail(board: "Details", card: card.id.description).details.comments.map(\.text) == ["bob's words"])
    }
}

import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban log --json` and the events commands print with `--json`: every kind's `data`.
struct EventOutputTests {
    /// A payload and the JSON of its `data`.
    struct Example: Sendable, CustomTestStringConvertible {
        let payload: EventPayload
        let data: JSONTree
        var testDescription: String { payload.kind.name }
    }

    static let todoSpec = ColumnSpec(id: Sample.todo, name: "TODO")
    static let todoJSON: JSONTree = ["id": .string(Sample.text(2)), "name": "TODO"]
    static let move = CardMoved(
        card: Sample.card, title: "X", from: Sample.todo, fromIndex: 0, to: Sample.done, toIndex: 2, key: OrderKey(integer: -1)
    )
    static let moveJSON: JSONTree = [
        "card": .string(Sample.text(4)), "title": "X", "from": .string(Sample.text(2)), "fromIndex": 0,
        "to": .string(Sample.text(3)), "toIndex": 2, "key": "-1",
    ]
    static let moveBack = CardMoved(
        card: Sample.card, title: "X", from: Sample.done, fromIndex: 2, to: Sample.todo, toIndex: 0, key: OrderKey(integer: 0, fraction: [1, 2])
    )
    static let moveBackJSON: JSONTree = [
        "card": .string(Sample.text(4)), "title": "X", "from": .string(Sample.text(3)), "fromIndex": 2,
        "to": .string(Sample.text(2)), "toIndex": 0, "key": "0.0102",
    ]
    static let bareCard = Card(id: Sample.card, column: Sample.done, key: OrderKey(integer: 7), title: "X")
    static let bareCardJSON: JSONTree = [
        "id": .string(Sample.text(4)), "column": .string(Sample.text(3)), "key": "7", "title": "X", "description": "", "due": nil,
    ]

    static let examples: [Example] = detailExamples + [
        Example(
            payload: .boardCreated(BoardCreated(name: "main", columns: [todoSpec], index: 2)),
            data: ["name": "main", "columns": [todoJSON]]
        ),
        Example(payload: .boardRenamed(BoardRenamed(from: "a", to: "b")), data: ["from": "a", "to": "b"]),
        Example(
            payload: .boardRemoved(BoardRemoved(name: "old", columns: [todoSpec], index: 0)),
            data: ["name": "old", "columns": [todoJSON]]
        ),
        Example(payload: .columnAdded(ColumnAdded(column: todoSpec, index: 1)), data: ["column": todoJSON, "index": 1]),
        Example(
            payload: .columnRenamed(ColumnRenamed(column: Sample.todo, from: "TODO", to: "Backlog")),
            data: ["column": .string(Sample.text(2)), "from": "TODO", "to": "Backlog"]
        ),
        Example(payload: .columnRemoved(ColumnRemoved(column: todoSpec, index: 3)), data: ["column": todoJSON, "index": 3]),
        Example(
            payload: .columnMoved(ColumnMoved(column: todoSpec, fromIndex: 0, toIndex: 2)),
            data: ["column": todoJSON, "fromIndex": 0, "toIndex": 2]
        ),
        Example(payload: .cardAdded(CardAdded(card: Sample.fullCard, index: 0)), data: ["card": Sample.fullCardJSON, "index": 0]),
        Example(
            payload: .cardEdited(CardEdited(
                card: Sample.card, title: "b", titleChange: Change(old: "a", new: "b"),
                descriptionChange: Change(old: "", new: "d"), dueChange: Change(old: nil, new: Sample.day)
            )),
            data: [
                "card": .string(Sample.text(4)), "title": "b",
                "changes": [
                    "title": ["old": "a", "new": "b"], "description": ["old": "", "new": "d"],
                    "due": ["old": nil, "new": "2026-12-01"],
                ],
            ]
        ),
        Example(payload: .cardMoved(move), data: moveJSON),
        Example(payload: .cardDeleted(CardDeleted(card: bareCard, index: 5)), data: ["card": bareCardJSON, "index": 5]),
        Example(payload: .cardRevived(CardRevived(card: bareCard, index: 1)), data: ["card": bareCardJSON, "index": 1]),
        Example(
            payload: .undone(Undone(target: 7, undid: .cardMoved(move), compensation: .cardMoved(moveBack))),
            data: [
                "target": 7, "undid": ["kind": "cardMoved", "data": moveJSON],
                "compensation": ["kind": "cardMoved", "data": moveBackJSON],
            ]
        ),
        Example(
            payload: .redone(Redone(target: 8, redid: .cardMoved(move), effect: .cardMoved(move))),
            data: ["target": 8, "redid": ["kind": "cardMoved", "data": moveJSON], "effect": ["kind": "cardMoved", "data": moveJSON]]
        ),
        Example(
            payload: .restored(Restored(sequence: 3, timestamp: Sample.moment, effects: [
                .cardDeleted(CardDeleted(card: bareCard, index: 0)),
                .columnRenamed(ColumnRenamed(column: Sample.todo, from: "Backlog", to: "TODO")),
            ])),
            data: [
                "sequence": 3, "timestamp": "2027-01-15T08:00:00Z",
                "effects": [
                    ["kind": "cardDeleted", "data": ["card": bareCardJSON, "index": 0]],
                    ["kind": "columnRenamed", "data": ["column": .string(Sample.text(2)), "from": "Backlog", "to": "TODO"]],
                ],
            ]
        ),
    ]

    @Test("The examples cover every kind of event")
    func everyKind() {
        #expect(Set(Self.examples.map(\.payload.kind)) == Set(EventKind.allCases))
    }

    @Test("EventOutput: {sequence, timestamp, actor, id, board, kind, data}, data by kind", arguments: examples)
    func event(_ example: Example) throws {
        let event = RecordedEvent(
            sequence: 42, timestamp: Sample.moment, actor: "ana", id: Sample.event, board: Sample.board, payload: example.payload
        )
        let output = EventOutput(event: event)
        #expect(output.kind == example.payload.kind)
        try expectJSON(output, [
            "sequence": 42, "timestamp": "2027-01-15T08:00:00Z", "actor": "ana", "id": .string(Sample.text(5)),
            "board": .string(Sample.text(1)), "kind": .string(example.payload.kind.name), "data": example.data,
        ])
    }

    @Test("EventPayloadOutput standing alone: {kind, data}", arguments: examples)
    func payload(_ example: Example) throws {
        try expectJSON(EventPayloadOutput(payload: example.payload), ["kind": .string(example.payload.kind.name), "data": example.data])
    }

    @Test("CardEditedOutput: only the changed fields have a key; a removed due date's new is null")
    func partialEdit() throws {
        let edit = CardEdited(card: Sample.card, title: "t", dueChange: Change(old: Sample.day, new: nil))
        try expectJSON(CardEditedOutput(event: edit), [
            "card": .string(Sample.text(4)), "title": "t", "changes": ["due": ["old": "2026-12-01", "new": nil]],
        ])
        try expectJSON(CardChangesOutput(description: ChangeOutput(old: "a", new: "")), ["description": ["old": "a", "new": ""]])
    }

    @Test("CardOutput and ColumnSpecOutput: due null for none")
    func cardAndColumn() throws {
        try expectJSON(CardOutput(card: Self.bareCard), Self.bareCardJSON)
        try expectJSON(CardOutput(card: Sample.fullCard), Sample.fullCardJSON)
        try expectJSON(ColumnSpecOutput(spec: Self.todoSpec), Self.todoJSON)
    }

    @Test("An unknown kind, or data of the wrong shape for its kind, does not decode")
    func rejectsUnknown() throws {
        let envelope = #""sequence":1,"timestamp":"t","actor":"a","id":"i","board":"b""#
        #expect(throws: DecodingError.self) {
            try OutputJSON.decode(EventOutput.self, from: Data(#"{\#(envelope),"kind":"cardFlipped","data":{}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try OutputJSON.decode(EventOutput.self, from: Data(#"{\#(envelope),"kind":"boardRenamed","data":{"name":"x"}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try OutputJSON.decode(EventPayloadOutput.self, from: Data(#"{"kind":"undone","data":{"target":1}}"#.utf8))
        }
    }
}

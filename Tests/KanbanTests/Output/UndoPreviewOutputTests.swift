import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban undo --list --json`.
struct UndoPreviewOutputTests {
    static func event(_ sequence: UInt64) -> RecordedEvent {
        RecordedEvent(
            sequence: sequence, timestamp: Sample.moment, actor: "ana", id: Sample.event, board: Sample.board,
            payload: .boardRenamed(BoardRenamed(from: "a", to: "b"))
        )
    }

    @Test("UndoPreviewOutput: {undo, redo}, each null when there is nothing, else {sequence, action}")
    func preview() throws {
        let action: (RecordedEvent) -> String = { "Step #\($0.sequence)" }
        try expectJSON(UndoPreviewOutput(preview: UndoPreview(undo: nil, redo: nil), action: action), ["undo": nil, "redo": nil])
        try expectJSON(UndoPreviewOutput(preview: UndoPreview(undo: Self.event(3), redo: nil), action: action), [
            "undo": ["sequence": 3, "action": "Step #3"], "redo": nil,
        ])
        try expectJSON(UndoPreviewOutput(preview: UndoPreview(undo: Self.event(2), redo: Self.event(4)), action: action), [
            "undo": ["sequence": 2, "action": "Step #2"], "redo": ["sequence": 4, "action": "Step #4"],
        ])
    }

    @Test("UndoStepOutput: {sequence, action}")
    func step() throws {
        try expectJSON(UndoStepOutput(sequence: 7, action: "Move 'X' from TODO to DOING"), ["sequence": 7, "action": "Move 'X' from TODO to DOING"])
    }
}

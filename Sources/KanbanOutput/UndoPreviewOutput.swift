import Kanban
import KanbanCore

/// What `kanban undo --list --json` prints: `{"undo": step, "redo": step}`, each `null` when
/// there is nothing to undo or redo, and `undoDrops`/`redoDrops` (present only when there are
/// any) listing the entries each would drop on its way because they cannot be undone at all.
public struct UndoPreviewOutput: Codable, Sendable, Equatable {
    /// What undo would reverse next.
    public var undo: UndoStepOutput?
    /// What redo would reverse next.
    public var redo: UndoStepOutput?
    /// What undo would drop first (absent when nothing).
    public var undoDrops: [UndoDropOutput]?
    /// What redo would drop first (absent when nothing).
    public var redoDrops: [UndoDropOutput]?

    public init(undo: UndoStepOutput?, redo: UndoStepOutput?, undoDrops: [UndoDropOutput]? = nil, redoDrops: [UndoDropOutput]? = nil) {
        self.undo = undo
        self.redo = redo
        self.undoDrops = undoDrops
        self.redoDrops = redoDrops
    }

    /// The form of `preview`, each event worded by `action` (such as
    /// `ActionWording.imperative(for:columnName:)`: "Move 'X' from TODO to DOING").
    public init(preview: UndoPreview, action: (RecordedEvent) throws -> String) rethrows {
        undo = try preview.undo.map { UndoStepOutput(sequence: $0.sequence, action: try action($0)) }
        redo = try preview.redo.map { UndoStepOutput(sequence: $0.sequence, action: try action($0)) }
        func drops(_ dropped: [DroppedEntry]) throws -> [UndoDropOutput]? {
            dropped.isEmpty ? nil : try dropped.map {
                UndoDropOutput(sequence: $0.event.sequence, action: try action($0.event), reason: $0.reason)
            }
        }
        undoDrops = try drops(preview.droppedFromUndo)
        redoDrops = try drops(preview.droppedFromRedo)
    }

    enum CodingKeys: String, CodingKey {
        case undo, redo, undoDrops, redoDrops
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(undo, forKey: .undo)  // `null` when there is nothing to undo
        try container.encode(redo, forKey: .redo)
        try container.encodeIfPresent(undoDrops, forKey: .undoDrops)
        try container.encodeIfPresent(redoDrops, forKey: .redoDrops)
    }
}

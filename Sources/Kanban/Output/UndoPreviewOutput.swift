import KanbanCore

/// What `kanban undo --list --json` prints: `{"undo": step, "redo": step}`, each `null` when
/// there is nothing to undo or redo.
public struct UndoPreviewOutput: Codable, Sendable, Equatable {
    /// What undo would reverse next.
    public var undo: UndoStepOutput?
    /// What redo would reverse next.
    public var redo: UndoStepOutput?

    public init(undo: UndoStepOutput?, redo: UndoStepOutput?) {
        self.undo = undo
        self.redo = redo
    }

    /// The form of `preview`, each event worded by `action` (such as
    /// `ActionWording.imperative(for:columnName:)`: "Move 'X' from TODO to DOING").
    public init(preview: UndoPreview, action: (RecordedEvent) throws -> String) rethrows {
        undo = try preview.undo.map { UndoStepOutput(sequence: $0.sequence, action: try action($0)) }
        redo = try preview.redo.map { UndoStepOutput(sequence: $0.sequence, action: try action($0)) }
    }

    enum CodingKeys: String, CodingKey {
        case undo, redo
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(undo, forKey: .undo)  // `null` when there is nothing to undo
        try container.encode(redo, forKey: .redo)
    }
}

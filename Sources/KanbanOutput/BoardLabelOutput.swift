import Kanban
import KanbanCore

/// A label a board offers: `{"name", "colour"}`.
public struct BoardLabelOutput: Codable, Sendable, Equatable {
    public var name: String
    public var colour: String

    public init(name: String, colour: String) {
        self.name = name
        self.colour = colour
    }

    public init(_ label: BoardLabel) {
        self.init(name: label.name, colour: label.colour)
    }
}

/// A label a board offers: its name and colour.
public struct BoardLabel: Hashable, Sendable {
    /// 1–50 characters; unique on its board, ignoring case.
    public var name: String
    /// One of ``BoardLabel/colours``.
    public var colour: String

    public init(name: String, colour: String) {
        self.name = name
        self.colour = colour
    }

    /// The colours a label may have (Trello's, so its boards import as they look).
    public static let colours = ["green", "yellow", "orange", "red", "purple", "blue", "sky", "lime", "pink", "black", "grey"]
}

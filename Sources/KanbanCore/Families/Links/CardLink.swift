/// An attachment as a link: where it is and what to call it (no file is stored).
public struct CardLink: Hashable, Sendable {
    public var id: DetailID
    /// An absolute `http`, `https` or `mailto` address of at most 2,000 characters.
    public var url: String
    /// What it is called; the address itself when none was given.
    public var name: String

    public init(id: DetailID, url: String, name: String) {
        self.id = id
        self.url = url
        self.name = name
    }
}

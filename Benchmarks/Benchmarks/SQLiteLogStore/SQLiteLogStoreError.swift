/// What ``SQLiteLogStore`` throws when the file holds what it cannot read (another layout, a
/// value out of range) or the connection is not set up as it must be.
public struct SQLiteLogStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, one line.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

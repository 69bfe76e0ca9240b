/// What the storage library reported: its result code (an `MDB_…` code or an `errno` value),
/// the call that failed and its own message.
public struct StorageFailure: Hashable, Sendable, CustomStringConvertible {
    /// LMDB's result code, or an `errno` value.
    public var code: Int32
    /// The call that failed, such as `mdb_put`.
    public var operation: String
    /// The library's text for the code.
    public var message: String

    public init(code: Int32, operation: String, message: String) {
        self.code = code
        self.operation = operation
        self.message = message
    }

    public var description: String {
        operation.isEmpty ? "\(message) (\(code))" : "\(operation): \(message) (\(code))"
    }
}

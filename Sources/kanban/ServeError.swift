/// The server could not start or stopped on an error (exit 1, one line).
struct ServeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

import KanbanCore

extension Comment {
    /// When it was written, and `(edited TIME)` after once its text was edited: how the CLI's
    /// text output shows a comment's times.
    var writtenText: String {
        let written = at.map { "\($0)" } ?? ""
        guard let editedAt else { return written }
        return written.isEmpty ? "(edited \(editedAt))" : "\(written) (edited \(editedAt))"
    }
}

import KanbanCore
import Kanban

extension String {
    /// This name, or `Name (2)`, `Name (3)`… — cut so the number fits ``KanbanCore/Limits/nameLength`` —
    /// the first one `isTaken` says is free.
    func numbered(whileTaken isTaken: (String) -> Bool) -> String {
        var name = self
        var number = 2
        while isTaken(name) {
            let suffix = " (\(number))"
            name = String(prefix(Limits.nameLength - suffix.count)) + suffix
            number += 1
        }
        return name
    }
}

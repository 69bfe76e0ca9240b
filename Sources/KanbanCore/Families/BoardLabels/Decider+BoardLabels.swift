/// Making, recolouring and removing a board's labels: deciding, undoing, restoring.
extension Decider {
    static func decideSetLabel(_ name: String, colour: String?, board boardName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let labels = state.details(ofBoard: board.id).labels
        var name = try Limits.checkedName(name)
        let made = labels.first { $0.name.lowercased() == name.lowercased() }
        if let made { name = made.name }
        let colour = try colour.map { (colour: String) throws(KanbanError) -> String in try Limits.checkedColour(colour) }
        guard made?.colour != colour else { return [] }
        if made == nil && labels.count >= Limits.columnsPerBoard { throw .invalidDetail("a board has at most \(Limits.columnsPerBoard) labels") }
        return boardDetailEvent(board, .labelChanged(name, Change(old: made?.colour, new: colour)))
    }

    /// The label's colour of now goes back to the one before.
    static func undoSetLabel(_ name: String, _ change: Change<String?>, details: BoardDetails) -> BoardDetailEdit {
        let current = details.labels.first { $0.name == name }?.colour
        return .labelChanged(name, Change(old: current, new: change.old))
    }

    /// For a restore: labels of now only are removed, the others get their colour of then.
    static func restoreLabels(from start: BoardDetails, to target: BoardDetails, emit: (BoardDetailEdit) -> Void) {
        for label in start.labels where !target.labels.contains(where: { $0.name == label.name }) {
            emit(.labelChanged(label.name, Change(old: label.colour, new: nil)))
        }
        for label in target.labels {
            let colour = start.labels.first { $0.name == label.name }?.colour
            if colour != label.colour { emit(.labelChanged(label.name, Change(old: colour, new: label.colour))) }
        }
    }
}

import Kanban
import KanbanCore

/// Random work on an engine by several actors: mostly commands from ``RandomCommands``, each by
/// one of the actors, with undos and redos (forced `forcePercent` of the time, by default never)
/// mixed in. Rejected commands and refused undos are part of the work and only counted.
public enum RandomActivity {
    /// What a run did.
    public struct Tally: Sendable, Equatable {
        public var accepted = 0
        public var rejected = 0
        public var undos = 0
        public var redos = 0
        /// Undos and redos refused (nothing to undo, a conflict, or one that cannot apply).
        public var refused = 0
        /// Entries each actor's undos and redos dropped (they could not be undone or redone at all).
        public var droppedBy: [String: Int] = [:]

        public init() {}
    }

    /// Runs `steps` steps on `engine`; `undoPercent` and `redoPercent` of them are undos and
    /// redos, and `addPercent` plain adds of a fresh card to `main` (more cards, fewer collisions).
    @discardableResult
    public static func run(
        _ steps: Int,
        on engine: KanbanEngine,
        actors: [String],
        undoPercent: Int = 10,
        redoPercent: Int = 6,
        addPercent: Int = 0,
        forcePercent: Int = 0,
        using random: inout some RandomNumberGenerator
    ) throws -> Tally {
        var tally = Tally()
        for _ in 0..<steps {
            let actor = actors.randomElement(using: &random)!
            let roll = Int.random(in: 0..<100, using: &random)
            // Drawn only when asked for, so runs without forcing draw the same numbers as ever.
            let force = forcePercent > 0 && roll < undoPercent + redoPercent && Int.random(in: 0..<100, using: &random) < forcePercent
            do {
                if roll < undoPercent {
                    let outcome = try engine.perform(.undo(force: force), actor: actor)
                    tally.droppedBy[actor, default: 0] += outcome.dropped.count
                    if outcome.events.isEmpty { throw KanbanError.nothingToUndo(actor: actor) }
                    tally.undos += 1
                } else if roll < undoPercent + redoPercent {
                    let outcome = try engine.perform(.redo(force: force), actor: actor)
                    tally.droppedBy[actor, default: 0] += outcome.dropped.count
                    if outcome.events.isEmpty { throw KanbanError.nothingToRedo(actor: actor) }
                    tally.redos += 1
                } else if roll < undoPercent + redoPercent + addPercent {
                    try engine.execute(.addCard(board: DefaultBoard.name, title: "fresh \(Int.random(in: 0..<1000, using: &random))"), actor: actor)
                    tally.accepted += 1
                } else {
                    let state = try engine.withState { $0 }
                    try engine.execute(RandomCommands.next(in: state, deleted: engine.deletedFromMain(), using: &random), actor: actor)
                    tally.accepted += 1
                }
            } catch is KanbanError {
                if roll < undoPercent + redoPercent { tally.refused += 1 } else { tally.rejected += 1 }
            }
        }
        return tally
    }
}

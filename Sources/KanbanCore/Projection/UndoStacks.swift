/// Every actor's undo and redo stacks, folded from the log (Figma's and Focalboard's model):
/// an action pushes onto its actor's undo stack and clears their redo stack; an undo moves the
/// top of the undo stack to the redo stack; a redo moves it back. Entries are sequence numbers:
/// of an action or a redo on the undo stack, of an undo on the redo stack.
///
/// An undo removes its target *and every entry above it*: the engine undoes the newest entry it
/// can, dropping the ones above that cannot be undone at all, and the fold reads those drops from
/// the undo alone. A redo does the same on the redo stack. (Before entries could be dropped, the
/// target was always the top, so older logs read the same way.)
///
/// The engine's own event, the board it makes on first use, is on no stack (see
/// ``isEnginesOwn(_:boardsCreatedBefore:)``); every other event is its actor's.
public struct UndoStacks: Sendable {
    /// The name the engine's own event (the board made on first use) is recorded under. It is
    /// not reserved: an actor may be called `kanban` too (the CLI's default actor is the login
    /// name), and their actions are theirs to undo.
    public static let systemActor = "kanban"
    /// How far back undo reaches: at least this many of an actor's latest actions. A stack is
    /// cut back to this depth when it grows to twice it, so stacks (and snapshots) grow with
    /// the number of actors, not with the length of the log.
    public static let depth = 10_000

    var names: [String] = []
    var nameBytes: [[UInt8]] = []
    var indexByName: [String: Int] = [:]
    var undo: [[UInt64]] = []
    var redo: [[UInt64]] = []

    public init() {}

    /// The sequence numbers `actor` would undo, oldest first (the last is undone next).
    public func undoStack(for actor: String) -> [UInt64] {
        indexByName[actor].map { undo[$0] } ?? []
    }

    /// The sequence numbers of undos `actor` would redo, oldest first (the last is redone next).
    public func redoStack(for actor: String) -> [UInt64] {
        indexByName[actor].map { redo[$0] } ?? []
    }

    /// Actors with any stack, in the order they first acted.
    public var actors: [String] { names }

    /// Whether `event` is the engine's own and so on no stack: the creation of the log's first
    /// board (`boardsCreatedBefore` is how many boards the log had created before it), recorded
    /// under ``systemActor``. The engine makes that board before any command, so no actor's
    /// event can be it, whatever their name; logs of every version read the same way.
    public static func isEnginesOwn(_ event: RecordedEvent, boardsCreatedBefore: Int) -> Bool {
        guard boardsCreatedBefore == 0, case .boardCreated = event.payload else { return false }
        return event.actor == systemActor
    }

    /// Records an event of the log that is not the engine's own.
    mutating func record(_ event: RecordedEvent) {
        let actor = index(of: event.actor)
        switch event.payload {
        case .undone(let undone): recordUndo(actor: actor, target: undone.target, sequence: event.sequence)
        case .redone(let redone): recordRedo(actor: actor, target: redone.target, sequence: event.sequence)
        default: recordAction(actor: actor, sequence: event.sequence)
        }
    }

    /// Records an action by the actor whose UTF-8 name is `actorBytes` (replay's fast path).
    mutating func recordAction(actorBytes: UnsafeRawBufferPointer, sequence: UInt64) {
        recordAction(actor: index(ofBytes: actorBytes), sequence: sequence)
    }

    /// Records an undo of `target`, event `sequence`, by the actor whose UTF-8 name is
    /// `actorBytes` (replay's fast path).
    mutating func recordUndo(actorBytes: UnsafeRawBufferPointer, target: UInt64, sequence: UInt64) {
        recordUndo(actor: index(ofBytes: actorBytes), target: target, sequence: sequence)
    }

    /// Records a redo of `target`, event `sequence`, by the actor whose UTF-8 name is
    /// `actorBytes` (replay's fast path).
    mutating func recordRedo(actorBytes: UnsafeRawBufferPointer, target: UInt64, sequence: UInt64) {
        recordRedo(actor: index(ofBytes: actorBytes), target: target, sequence: sequence)
    }

    private mutating func recordUndo(actor: Int, target: UInt64, sequence: UInt64) {
        if let position = undo[actor].lastIndex(of: target) { undo[actor].removeSubrange(position...) }
        redo[actor].append(sequence)
        if redo[actor].count >= 2 * UndoStacks.depth { redo[actor].removeFirst(UndoStacks.depth) }
    }

    private mutating func recordRedo(actor: Int, target: UInt64, sequence: UInt64) {
        if let position = redo[actor].lastIndex(of: target) { redo[actor].removeSubrange(position...) }
        recordAction(actor: actor, sequence: sequence, clearingRedo: false)
    }

    /// The index of the actor whose UTF-8 name is `actorBytes`, added if new.
    private mutating func index(ofBytes actorBytes: UnsafeRawBufferPointer) -> Int {
        // A board has a handful of actors: compare bytes before building a string to hash.
        for (index, bytes) in nameBytes.enumerated() where bytes.count == actorBytes.count {
            if bytes.withUnsafeBytes({ $0.elementsEqual(actorBytes) }) { return index }
        }
        return index(of: String(decoding: actorBytes, as: UTF8.self))
    }

    private mutating func recordAction(actor: Int, sequence: UInt64, clearingRedo: Bool = true) {
        undo[actor].append(sequence)
        if undo[actor].count >= 2 * UndoStacks.depth { undo[actor].removeFirst(UndoStacks.depth) }
        if clearingRedo && !redo[actor].isEmpty { redo[actor].removeAll(keepingCapacity: true) }
    }

    mutating func index(of name: String) -> Int {
        if let index = indexByName[name] { return index }
        indexByName[name] = names.count
        names.append(name)
        nameBytes.append(Array(name.utf8))
        undo.append([])
        redo.append([])
        return names.count - 1
    }
}

extension UndoStacks {
    /// Sets `actor`'s stacks, as a snapshot recorded them.
    mutating func restore(actor: String, undo undoStack: [UInt64], redo redoStack: [UInt64]) {
        let index = index(of: actor)
        undo[index] = undoStack
        redo[index] = redoStack
    }
}

extension UndoStacks: Equatable {
    /// Equal when every actor has the same stacks, whatever order the actors first appeared in.
    public static func == (lhs: UndoStacks, rhs: UndoStacks) -> Bool {
        let actors = Set(lhs.names).union(rhs.names)
        return actors.allSatisfy {
            lhs.undoStack(for: $0) == rhs.undoStack(for: $0) && lhs.redoStack(for: $0) == rhs.redoStack(for: $0)
        }
    }
}

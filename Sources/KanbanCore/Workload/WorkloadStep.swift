/// One step of the workload: a command, or an undo or redo by the step's actor.
public enum WorkloadStep: Hashable, Sendable {
    case command(Command)
    case undo
    case redo
}

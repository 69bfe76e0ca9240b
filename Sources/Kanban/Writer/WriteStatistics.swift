/// What the writer thread has done since the engine opened: how many write transactions it
/// committed and how many commands they carried (group commit puts many in one).
public struct WriteStatistics: Sendable, Equatable {
    /// Write transactions committed for commands.
    public var commits = 0
    /// Commands decided in them, accepted or rejected.
    public var commands = 0
    /// The most commands one transaction carried.
    public var largestBatch = 0
    /// Cards added on the stored board outline, without the state (a process's first command
    /// when it adds a card at a column's end).
    public var addsFromOutline = 0
    /// Writes of a shared log run a second time because a key of theirs was answered already
    /// there (a client's retry answered on another node, or an expired answer still kept): a
    /// write does not ask for its keys' answers before deciding, and asks when it runs again.
    public var rerunsForAnswers = 0
    /// Writes of a shared log kept as conditional writes, without the claim
    /// (``EngineOptions/writesConditionally``).
    public var conditionalWrites = 0
    /// Conditional writes refused because the log had moved on (another node wrote), each
    /// then run again under the claim.
    public var conditionalWritesRefused = 0

    public init() {}

    /// Commands per commit (0 before the first).
    public var averageBatch: Double { commits > 0 ? Double(commands) / Double(commits) : 0 }
}

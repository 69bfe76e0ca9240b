/// `kanban sync --json`: `{"applied", "refused", "pulled", "pending", "clientSwitch"?}`.
public struct SyncReportOutput: Codable, Sendable, Equatable {
    public var applied: Int
    public var refused: [RefusedMutation]
    public var pulled: Int
    /// Changes still queued afterwards (queued meanwhile by another command).
    public var pending: Int
    /// `{"from", "to", "renumbered"}` when the replica took a new client id because a copy of it
    /// had used its own; absent otherwise.
    public var clientSwitch: ClientSwitch?

    public init(report: SyncReport, pending: Int) {
        applied = report.applied
        refused = report.refused
        pulled = report.pulled
        self.pending = pending
        clientSwitch = report.clientSwitch
    }
}

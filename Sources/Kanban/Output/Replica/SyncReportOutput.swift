/// `kanban sync --json`: `{"applied", "refused", "pulled", "pending"}`.
public struct SyncReportOutput: Codable, Sendable, Equatable {
    public var applied: Int
    public var refused: [RefusedMutation]
    public var pulled: Int
    /// Changes still queued afterwards (queued meanwhile by another command).
    public var pending: Int

    public init(report: SyncReport, pending: Int) {
        applied = report.applied
        refused = report.refused
        pulled = report.pulled
        self.pending = pending
    }
}

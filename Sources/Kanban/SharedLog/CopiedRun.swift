import KanbanLog

/// A run of stored events read from a shared log, in one buffer (a copy of a large log makes
/// no array per event), with the backdated ranges that start among them.
struct CopiedRun: Sendable {
    /// The events' stored bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Each event's position and where its bytes lie in ``bytes``.
    private(set) var entries: [(position: UInt64, range: Range<Int>)] = []
    /// The backdated ranges that start after the run's first position.
    var backdated: [BackdatedRange] = []

    /// How many events it holds.
    var count: Int { entries.count }
    /// Its first event's position, `nil` when empty.
    var firstPosition: UInt64? { entries.first?.position }
    /// Its last event's position, `nil` when empty.
    var lastPosition: UInt64? { entries.last?.position }

    /// Adds the event stored at `position`.
    mutating func append(_ position: UInt64, _ stored: UnsafeRawBufferPointer) {
        let start = bytes.count
        bytes.append(contentsOf: stored)
        entries.append((position, start..<bytes.count))
    }

    /// Calls `body` with each event's position and stored bytes, in order, until it returns `false`.
    func forEach(_ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        try bytes.withUnsafeBytes { buffer in
            for entry in entries {
                guard try body(entry.position, UnsafeRawBufferPointer(rebasing: buffer[entry.range])) else { return }
            }
        }
    }
}

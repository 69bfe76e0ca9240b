import ArgumentParser

/// The range every count a command takes (`--limit`, `--events`, …) is checked against, so a
/// number too large for what it counts is a usage error, never an overflow or an endless run.
enum CountRange {
    /// The largest `--limit`: more than any log holds.
    static let maximumLimit = 1_000_000_000

    /// Throws a one-line usage error unless `value` (when given) is within `range`.
    static func check(_ value: Int?, _ range: ClosedRange<Int>, flag: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(flag) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
    }
}

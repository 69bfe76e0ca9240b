extension Int64 {
    /// `self - other`, held at `Int64.min` or `Int64.max` instead of overflowing: durations
    /// between timestamps read from the log never trap, whatever the timestamps are.
    func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self + other`, held at `Int64.min` or `Int64.max` instead of overflowing.
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }

    /// The duration from `start` to `self` in milliseconds: never negative (a log whose
    /// timestamps go backwards gives 0), never overflowing.
    func duration(since start: Int64) -> Int64 {
        Swift.max(saturatingSubtracting(start), 0)
    }
}

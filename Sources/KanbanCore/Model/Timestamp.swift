/// A moment, in milliseconds since 1970-01-01T00:00:00Z.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    /// The UTC day this moment falls on.
    public var utcDay: CalendarDay {
        CalendarDay(daysSinceEpoch: millisecondsSinceEpoch.floorDivided(by: 86_400_000))
    }

    /// ISO 8601 in UTC, with milliseconds only when there are any: `2026-11-22T18:25:41Z`.
    /// Every value prints, however far from now (years beyond 9999 or before 1 take more
    /// digits or a sign, as ISO 8601's expanded years do).
    public var description: String {
        let day = utcDay
        let milliseconds = millisecondsSinceEpoch.floorRemainder(dividingBy: 86_400_000)
        let seconds = Int(milliseconds / 1000)
        var text = "\(day)T\(CalendarDay.pad(seconds / 3600, 2)):\(CalendarDay.pad(seconds / 60 % 60, 2)):\(CalendarDay.pad(seconds % 60, 2))"
        if milliseconds % 1000 != 0 { text += "." + CalendarDay.pad(Int(milliseconds % 1000), 3) }
        return text + "Z"
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of ``floorDivided(by:)``, in `0..<divisor` for a positive divisor. Never
    /// overflows, unlike `self - floorDivided(by:) * divisor` near `Int64.min`.
    func floorRemainder(dividingBy divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return (remainder != 0 && (remainder < 0) != (divisor < 0)) ? remainder + divisor : remainder
    }
}

import Foundation

extension Due {
    /// The first moment this due date covers (local midnight for a day).
    public var start: Timestamp {
        switch self {
        case .moment(let moment): return moment
        case .day(let day): return Due.localMidnight(of: day)
        }
    }

    /// The last moment this due date covers (the day's last millisecond for a day).
    public var end: Timestamp {
        switch self {
        case .moment(let moment): return moment
        case .day(let day):
            let next = Due.localMidnight(of: CalendarDay(daysSinceEpoch: day.daysSinceEpoch + 1))
            return Timestamp(millisecondsSinceEpoch: next.millisecondsSinceEpoch - 1)
        }
    }

    private static func localMidnight(of day: CalendarDay) -> Timestamp {
        let utc = day.daysSinceEpoch * 86_400_000
        let offset = TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) / 1000))
        return Timestamp(millisecondsSinceEpoch: utc - Int64(offset) * 1000)
    }
}

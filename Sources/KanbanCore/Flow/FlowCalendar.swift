import Foundation

/// Calendar days of timestamps in one time zone, for the day-by-day counts of ``FlowBuilder``.
///
/// A day runs from local midnight to the next one; the zone's offset is looked up at each
/// moment, so days around a daylight-saving change are 23 or 25 hours long. Lookups are cached
/// per day: the log's timestamps rarely leave the day of the event before. Every timestamp
/// gives a day, however far from now (offsets beyond the years 1–9999 are those at their ends).
struct FlowCalendar {
    let timeZone: TimeZone
    private var cachedDay: CalendarDay?
    private var cachedStart: Int64 = 0
    private var cachedEnd: Int64 = 0

    private static let dayLength: Int64 = 86_400_000
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z, the range offsets are looked up in.
    private static let lookupRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The local calendar day `timestamp` falls on.
    mutating func day(of timestamp: Timestamp) -> CalendarDay {
        let moment = timestamp.millisecondsSinceEpoch
        if let cachedDay, moment >= cachedStart, moment < cachedEnd { return cachedDay }
        let day = exactDay(of: moment)
        // Cache from this moment to the next day's first one, when that boundary checks out.
        let next = CalendarDay(daysSinceEpoch: day.daysSinceEpoch.saturatingAdding(1))
        let end = start(of: next)
        if end > moment, exactDay(of: end) == next, exactDay(of: end - 1) == day {
            cachedDay = day
            cachedStart = moment
            cachedEnd = end
        } else {
            cachedDay = nil
        }
        return day
    }

    /// The local day of `moment`, computed without overflow: the UTC day and the local time
    /// within it apart, as ``ActionWording/date(_:utcOffsetSeconds:)`` does.
    func exactDay(of moment: Int64) -> CalendarDay {
        let local = moment.floorRemainder(dividingBy: Self.dayLength) + offset(at: moment)
        return CalendarDay(daysSinceEpoch: moment.floorDivided(by: Self.dayLength).saturatingAdding(local.floorDivided(by: Self.dayLength)))
    }

    /// The first moment of local day `day` (approximately, where a zone skips midnight).
    func start(of day: CalendarDay) -> Int64 {
        let midnight = day.daysSinceEpoch.multipliedReportingOverflow(by: Self.dayLength)
        guard !midnight.overflow else { return day.daysSinceEpoch < 0 ? .min : .max }
        let guess = midnight.partialValue.saturatingSubtracting(offset(at: midnight.partialValue))
        return midnight.partialValue.saturatingSubtracting(offset(at: guess))
    }

    /// The zone's offset from UTC at `moment`, in milliseconds (at most a day either way).
    private func offset(at moment: Int64) -> Int64 {
        let clamped = min(max(moment, Self.lookupRange.lowerBound), Self.lookupRange.upperBound)
        let seconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(clamped) / 1000))
        return Int64(min(max(seconds, -86_400), 86_400)) * 1000
    }
}

/// A week of the ISO 8601 week-numbering year, Monday to Sunday, written `2026-W47`. Week 1
/// is the week with the year's first Thursday.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The week-numbering year (which differs from the calendar year around New Year).
    public var year: Int
    /// 1–53.
    public var week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    /// The week `day` falls in.
    public init(_ day: CalendarDay) {
        // The week's Thursday decides its year; its day of the year, its number. Computed from
        // the Thursday's month and day, so that no step overflows at the ends of Int64.
        let thursday = CalendarDay(daysSinceEpoch: ISOWeek.monday(of: day).daysSinceEpoch.saturatingAdding(3))
        let (year, month, dayOfMonth) = thursday.components
        var dayOfYear = dayOfMonth
        for earlier in 1..<month { dayOfYear += CalendarDay.daysIn(month: earlier, year: year) }
        self.init(year: year, week: (dayOfYear - 1) / 7 + 1)
    }

    /// The Monday of the week `day` falls in (1970-01-01 was a Thursday).
    public static func monday(of day: CalendarDay) -> CalendarDay {
        CalendarDay(daysSinceEpoch: day.daysSinceEpoch.saturatingSubtracting(day.daysSinceEpoch.saturatingAdding(3).floorRemainder(dividingBy: 7)))
    }

    /// `2026-W47`.
    public var description: String {
        "\(CalendarDay.pad(year, 4))-W\(CalendarDay.pad(week, 2))"
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }
}

/// A day of the proleptic Gregorian calendar, with no time and no time zone: a due date
/// given as `2026-12-01` stays that day wherever the board is read.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64

    public init(daysSinceEpoch: Int64) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day `year-month-day`, or `nil` when no such day exists.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...CalendarDay.daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        // Howard Hinnant's days_from_civil.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1–12) and day (1–31), for every value (the year may be far from now).
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days, with the 400-year era taken first so that no step
        // overflows, even at Int64.min and Int64.max.
        let z = daysSinceEpoch.floorRemainder(dividingBy: 146_097) + 719_468
        let era = daysSinceEpoch.floorDivided(by: 146_097) + z / 146_097
        let dayOfEra = z % 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))-\(CalendarDay.pad(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` in at least `width` digits, after a `-` when negative.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }
}

import KanbanCore
import PropertyBased
import Testing

struct CalendarDayTests {
    @Test("Known days", arguments: [
        (1970, 1, 1, Int64(0)), (1970, 1, 2, 1), (1969, 12, 31, -1), (2000, 3, 1, 11_017),
        (2024, 2, 29, 19_782), (2026, 12, 1, 20_788), (1, 1, 1, -719_162),
    ] as [(Int, Int, Int, Int64)])
    func knownDays(year: Int, month: Int, day: Int, days: Int64) throws {
        let calendarDay = try #require(CalendarDay(year: year, month: month, day: day))
        #expect(calendarDay.daysSinceEpoch == days)
        #expect(calendarDay.components == (year, month, day))
    }

    @Test("Days that do not exist are nil", arguments: [
        (2023, 2, 29), (1900, 2, 29), (2100, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1), (2026, 1, 0), (2026, 1, 32),
    ] as [(Int, Int, Int)])
    func impossibleDays(year: Int, month: Int, day: Int) {
        #expect(CalendarDay(year: year, month: month, day: day) == nil)
    }

    @Test("Leap years: February has 29 days exactly when the Gregorian rule says so")
    func leapYears() {
        for year in 1600...2400 {
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            #expect((CalendarDay(year: year, month: 2, day: 29) != nil) == leap, "\(year)")
            let march = CalendarDay(year: year, month: 3, day: 1)!
            let february = CalendarDay(year: year, month: 2, day: 28)!
            #expect(march.daysSinceEpoch - february.daysSinceEpoch == (leap ? 2 : 1))
        }
    }

    @Test("components and init(year:month:day:) are inverse, and consecutive days are one apart")
    func roundTrip() async {
        await propertyCheck(count: 1000, input: Gen.int64(in: -1_000_000...3_000_000)) { days throws in
            let day = CalendarDay(daysSinceEpoch: days)
            let (year, month, dayOfMonth) = day.components
            #expect(CalendarDay(year: year, month: month, day: dayOfMonth) == day)
            let next = CalendarDay(daysSinceEpoch: days + 1).components
            let advanced = next.day == dayOfMonth + 1 && next.month == month && next.year == year
            let newMonth = next.day == 1 && (next.month == month + 1 || (month == 12 && next.month == 1 && next.year == year + 1))
            #expect(advanced || newMonth)
        }
    }

    @Test("description is YYYY-MM-DD, zero-padded")
    func description() {
        #expect(CalendarDay(year: 2026, month: 3, day: 7)!.description == "2026-03-07")
        #expect(CalendarDay(year: 12, month: 10, day: 17)!.description == "0012-10-17")
        #expect(CalendarDay(daysSinceEpoch: 0).description == "1970-01-01")
    }

    @Test("Days order by their number")
    func ordering() {
        #expect(CalendarDay(daysSinceEpoch: -5) < CalendarDay(daysSinceEpoch: 3))
        #expect(!(CalendarDay(daysSinceEpoch: 3) < CalendarDay(daysSinceEpoch: 3)))
    }
}

import KanbanCore
import Testing

/// ISO 8601 weeks: Monday to Sunday, week 1 holds the year's first Thursday.
struct ISOWeekTests {
    @Test("Weeks of known days, around New Year too", arguments: [
        ((2026, 3, 1), "2026-W09"),
        ((2026, 3, 2), "2026-W10"),
        ((2026, 11, 19), "2026-W47"),
        ((2021, 1, 3), "2020-W53"),
        ((2024, 12, 30), "2025-W01"),
        ((2026, 1, 1), "2026-W01"),
        ((2025, 12, 29), "2026-W01"),
        ((1970, 1, 1), "1970-W01"),
    ])
    func weeks(date: (Int, Int, Int), expected: String) throws {
        let day = try #require(CalendarDay(year: date.0, month: date.1, day: date.2))
        #expect(ISOWeek(day).description == expected)
        #expect(ISOWeek.monday(of: day) <= day)
        #expect(day.daysSinceEpoch - ISOWeek.monday(of: day).daysSinceEpoch < 7)
    }

    @Test("Every day, however far from now, has a week")
    func extremes() {
        for days in [Int64.min, .min + 1, -1, 0, .max - 1, .max] {
            let week = ISOWeek(CalendarDay(daysSinceEpoch: days))
            #expect((1...53).contains(week.week))
        }
    }
}

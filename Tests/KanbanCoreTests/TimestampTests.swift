import KanbanCore
import Testing

struct TimestampTests {
    @Test("description is ISO 8601 in UTC, with milliseconds only when there are some", arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (1, "1970-01-01T00:00:00.001Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-86_400_000, "1969-12-31T00:00:00Z"),
        (1_735_689_600_000, "2025-01-01T00:00:00Z"),
        (1_796_000_741_500, "2026-11-30T01:05:41.500Z"),
    ] as [(Int64, String)])
    func description(milliseconds: Int64, text: String) {
        #expect(Timestamp(millisecondsSinceEpoch: milliseconds).description == text)
    }

    @Test("Every timestamp prints, even the extremes a damaged log can hold", arguments: [
        (Int64.max, "292278994-08-17T07:12:55.807Z"),
        (Int64.min, "-292275055-05-16T16:47:04.192Z"),
        (Int64.min + 1, "-292275055-05-16T16:47:04.193Z"),
        (-62_135_596_800_001, "0000-12-31T23:59:59.999Z"),
        (-62_198_755_200_000, "-0001-01-01T00:00:00Z"),
        (253_402_300_800_000, "10000-01-01T00:00:00Z"),
    ] as [(Int64, String)])
    func extremeDescription(milliseconds: Int64, text: String) {
        #expect(Timestamp(millisecondsSinceEpoch: milliseconds).description == text)
    }

    @Test("Every calendar day prints, even the extremes a damaged due date can hold", arguments: [
        (Int64.max, "25252734927768524-07-27"),
        (Int64.min, "-25252734927764585-06-07"),
        (Int64.max - 719_468, "25252734927766554-09-25"),
        (-719_469, "0000-02-29"),
    ] as [(Int64, String)])
    func extremeDays(days: Int64, text: String) {
        #expect(CalendarDay(daysSinceEpoch: days).description == text)
    }

    @Test("Days and their components round-trip across the whole proleptic calendar")
    func componentsRoundTrip() {
        for days in stride(from: Int64(-800_000), through: 3_000_000, by: 997) + [-719_468, -719_469, 0, -1, 146_096, 146_097] {
            let (year, month, day) = CalendarDay(daysSinceEpoch: days).components
            #expect(CalendarDay(year: year, month: month, day: day)?.daysSinceEpoch == days, "day \(days)")
        }
    }

    @Test("utcDay rounds towards the past, also before 1970")
    func utcDay() {
        #expect(Timestamp(millisecondsSinceEpoch: 0).utcDay == CalendarDay(daysSinceEpoch: 0))
        #expect(Timestamp(millisecondsSinceEpoch: 86_399_999).utcDay == CalendarDay(daysSinceEpoch: 0))
        #expect(Timestamp(millisecondsSinceEpoch: 86_400_000).utcDay == CalendarDay(daysSinceEpoch: 1))
        #expect(Timestamp(millisecondsSinceEpoch: -1).utcDay == CalendarDay(daysSinceEpoch: -1))
        #expect(Timestamp(millisecondsSinceEpoch: -86_400_000).utcDay == CalendarDay(daysSinceEpoch: -1))
        #expect(Timestamp(millisecondsSinceEpoch: -86_400_001).utcDay == CalendarDay(daysSinceEpoch: -2))
    }

    @Test("Timestamps order by their milliseconds")
    func ordering() {
        #expect(Timestamp(millisecondsSinceEpoch: -1) < Timestamp(millisecondsSinceEpoch: 0))
        #expect(max(Timestamp(millisecondsSinceEpoch: 5), Timestamp(millisecondsSinceEpoch: 3)) == Timestamp(millisecondsSinceEpoch: 5))
    }
}

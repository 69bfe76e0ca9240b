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

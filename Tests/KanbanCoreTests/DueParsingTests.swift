import Foundation
import KanbanCore
import PropertyBased
import Testing

struct DueParsingTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Milliseconds since 1970 of a UTC wall-clock time.
    static func utcMoment(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, _ millisecond: Int = 0) -> Due {
        let days = CalendarDay(year: year, month: month, day: day)!.daysSinceEpoch
        return .moment(Timestamp(millisecondsSinceEpoch: days * 86_400_000 + Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)))
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Due { .day(CalendarDay(year: year, month: month, day: day)!) }

    @Test("Valid dates and date-times", arguments: [
        ("2026-12-01", day(2026, 12, 1)),
        ("1970-01-01", day(1970, 1, 1)),
        ("0001-01-01", day(1, 1, 1)),
        ("9999-12-31", day(9999, 12, 31)),
        ("2024-02-29", day(2024, 2, 29)),
        ("2000-02-29", day(2000, 2, 29)),
        ("2026-12-01T09:30:00Z", utcMoment(2026, 12, 1, 9, 30)),
        ("2026-12-01t09:30:00z", utcMoment(2026, 12, 1, 9, 30)),
        ("2026-12-01 09:30:15Z", utcMoment(2026, 12, 1, 9, 30, 15)),
        ("2026-12-01T09:30Z", utcMoment(2026, 12, 1, 9, 30)),
        ("2026-12-01T09:30:00+09:00", utcMoment(2026, 12, 1, 0, 30)),
        ("2026-12-01T09:30:00+0900", utcMoment(2026, 12, 1, 0, 30)),
        ("2026-12-01T09:30:00-03:30", utcMoment(2026, 12, 1, 13, 0)),
        ("2026-12-01T00:30:00+01:00", utcMoment(2026, 11, 30, 23, 30)),
        ("2026-12-31T23:00:00-02:00", utcMoment(2027, 1, 1, 1, 0)),
        ("2026-12-01T09:30:00.250Z", utcMoment(2026, 12, 1, 9, 30, 0, 250)),
        ("2026-12-01T09:30:00.5Z", utcMoment(2026, 12, 1, 9, 30, 0, 500)),
        ("2026-12-01T09:30:00,25Z", utcMoment(2026, 12, 1, 9, 30, 0, 250)),
        ("2026-12-01T09:30:00.123456789Z", utcMoment(2026, 12, 1, 9, 30, 0, 123)),
        ("2026-12-01T09:30:00.250+09:00", utcMoment(2026, 12, 1, 0, 30, 0, 250)),
        ("2024-02-29T23:59:59.999Z", utcMoment(2024, 2, 29, 23, 59, 59, 999)),
        ("1969-12-31T23:59:59.999Z", .moment(Timestamp(millisecondsSinceEpoch: -1))),
        // Without a zone: the time zone given (UTC here).
        ("2026-12-01T09:30", utcMoment(2026, 12, 1, 9, 30)),
        ("2026-12-01T09:30:45.1", utcMoment(2026, 12, 1, 9, 30, 45, 100)),
    ] as [(String, Due)])
    func valid(text: String, expected: Due) throws {
        #expect(try Due(parsing: text, timeZone: Self.utc) == expected)
    }

    @Test("Malformed dates are refused with malformedDate", arguments: [
        "", "2026", "2026-12", "2026-12-1", "26-12-01", "2026/12/01", "20261201", "２０２６-12-01",
        "2026-13-01", "2026-00-10", "2026-12-00", "2026-12-32", "2026-04-31", "2026-02-29", "2023-02-29",
        "1900-02-29", "2100-02-29", " 2026-12-01", "2026-12-01 ", "2026-12-01T", "2026-12-01T9:30",
        "2026-12-01T24:00", "2026-12-01T09:60", "2026-12-01T09:30:60", "2026-12-01T09:30:5",
        "2026-12-01T09:30:00.", "2026-12-01T09:30:00.Z", "2026-12-01T09:30:00ZZ", "2026-12-01T09:30:00+5",
        "2026-12-01T09:30:00+19:00", "2026-12-01T09:30:00+05:60", "2026-12-01T09:30:00+05:30x",
        "2026-12-01T09:30:00 UTC", "2026-12-01X09:30", "tomorrow", "next friday", "12/01/2026", "2026-12-01Z",
    ])
    func malformed(text: String) {
        #expect(throws: KanbanError.malformedDate(text)) { try Due(parsing: text, timeZone: Self.utc) }
    }

    @Test("A date-time without a zone is read in the time zone given, daylight saving included")
    func localTime() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(try Due(parsing: "2026-07-01T12:00", timeZone: newYork) == Self.utcMoment(2026, 7, 1, 16))
        #expect(try Due(parsing: "2026-01-15T12:00", timeZone: newYork) == Self.utcMoment(2026, 1, 15, 17))
        // Either side of the spring-forward change (07:00Z on 2026-03-08) and the fall-back one.
        #expect(try Due(parsing: "2026-03-08T01:30", timeZone: newYork) == Self.utcMoment(2026, 3, 8, 6, 30))
        #expect(try Due(parsing: "2026-03-08T03:30", timeZone: newYork) == Self.utcMoment(2026, 3, 8, 7, 30))
        #expect(try Due(parsing: "2026-11-01T00:30", timeZone: newYork) == Self.utcMoment(2026, 11, 1, 4, 30))
        #expect(try Due(parsing: "2026-11-01T03:00", timeZone: newYork) == Self.utcMoment(2026, 11, 1, 8))
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(try Due(parsing: "2026-12-01T09:30:00", timeZone: seoul) == Self.utcMoment(2026, 12, 1, 0, 30))
        // A zone in the text wins over the time zone given.
        #expect(try Due(parsing: "2026-12-01T09:30:00Z", timeZone: seoul) == Self.utcMoment(2026, 12, 1, 9, 30))
        // A plain date stays a day, whatever the zone.
        #expect(try Due(parsing: "2026-12-01", timeZone: seoul) == Self.day(2026, 12, 1))
    }

    @Test("A moment's description parses back to the same moment")
    func descriptionRoundTrip() async {
        // 0001-01-01 … 9999-12-31, the years four digits can write.
        await propertyCheck(count: 500, input: Gen.int64(in: -62_135_596_800_000...253_402_300_799_999)) { milliseconds throws in
            let moment = Timestamp(millisecondsSinceEpoch: milliseconds)
            #expect(try Due(parsing: moment.description, timeZone: Self.utc) == .moment(moment))
            let day = moment.utcDay
            #expect(try Due(parsing: day.description, timeZone: Self.utc) == .day(day))
        }
    }

    @Test("A day is overdue from the next day on; a moment once it has passed")
    func hasPassed() {
        let day = CalendarDay(year: 2026, month: 12, day: 1)!
        let noon = Timestamp(millisecondsSinceEpoch: day.daysSinceEpoch * 86_400_000 + 43_200_000)
        #expect(!Due.day(day).hasPassed(now: noon, today: day))
        #expect(Due.day(day).hasPassed(now: noon, today: CalendarDay(daysSinceEpoch: day.daysSinceEpoch + 1)))
        #expect(!Due.day(day).hasPassed(now: noon, today: CalendarDay(daysSinceEpoch: day.daysSinceEpoch - 1)))
        #expect(!Due.moment(noon).hasPassed(now: noon, today: day))
        #expect(Due.moment(noon).hasPassed(now: Timestamp(millisecondsSinceEpoch: noon.millisecondsSinceEpoch + 1), today: day))
    }

    @Test("description is ISO 8601")
    func description() {
        #expect(Self.day(2026, 12, 1).description == "2026-12-01")
        #expect(Self.utcMoment(2026, 12, 1, 9, 5, 7).description == "2026-12-01T09:05:07Z")
        #expect(Self.utcMoment(2026, 12, 1, 9, 5, 7, 40).description == "2026-12-01T09:05:07.040Z")
    }
}

/// When a card is due: a whole day, or a precise moment.
public enum Due: Hashable, Sendable, CustomStringConvertible {
    /// Due on a calendar day; overdue from the next day on.
    case day(CalendarDay)
    /// Due at a moment; overdue once it has passed.
    case moment(Timestamp)

    /// Whether the due date has passed at `now`, whose local calendar day is `today`.
    public func hasPassed(now: Timestamp, today: CalendarDay) -> Bool {
        switch self {
        case .day(let day): day < today
        case .moment(let moment): moment < now
        }
    }

    /// ISO 8601: `2026-12-01` or `2026-12-01T09:00:00Z`.
    public var description: String {
        switch self {
        case .day(let day): day.description
        case .moment(let moment): moment.description
        }
    }
}

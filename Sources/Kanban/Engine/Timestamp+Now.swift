import Foundation
import KanbanCore

extension Timestamp {
    /// The current moment from the system clock.
    @Sendable public static func now() -> Timestamp {
        Timestamp(millisecondsSinceEpoch: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// The calendar day this moment falls on in `timeZone`.
    public func day(in timeZone: TimeZone = .current) -> CalendarDay {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millisecondsSinceEpoch) / 1000)))
        let local = millisecondsSinceEpoch + offset * 1000
        let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
        return CalendarDay(daysSinceEpoch: days)
    }
}

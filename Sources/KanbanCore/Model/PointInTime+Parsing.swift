import Foundation

extension PointInTime {
    /// `SEQ` (or `#SEQ`): right after that event; `DATE`: an ISO 8601 date-time, or a date,
    /// meaning the end of that day in local time.
    public init(parsing text: String) throws(KanbanError) {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.isASCIIDigits, let sequence = UInt64(digits) {
            self = .sequence(sequence)
            return
        }
        self = .moment(try Due(parsing: text).end)
    }
}

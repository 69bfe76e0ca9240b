import Foundation
import KanbanCore

/// One line of `kanban history`: sequence number, local date and time, actor and the sentence.
enum HistoryLine {
    /// `#12  2026-11-22 18:36  ana  Moved 'X' from TODO to DOING.`, the date in `timeZone` and
    /// in the wording's language.
    static func text(for entry: HistoryEntry, wording: ActionWording, timeZone: TimeZone) -> String {
        let moment = Date(timeIntervalSince1970: Double(entry.timestamp.millisecondsSinceEpoch) / 1000)
        let date = wording.date(entry.timestamp, utcOffsetSeconds: timeZone.secondsFromGMT(for: moment))
        return "#\(entry.sequence)  \(date)  \(entry.actor)  \(entry.line)"
    }
}

// What the CLI prints of a decoded event, compiled in from Sources/KanbanCLI/Rendering by
// ../run.sh: any event the decoder accepts must render, whatever its values, without trapping.
import Foundation

private let offsets = [0, 1, -1, 9 * 3600, -10 * 3600, 5 * 3600 + 1800, 86_400, -86_400, Int.max, Int.min]
private let zones = ["UTC", "Asia/Seoul", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns"].compactMap(TimeZone.init(identifier:))

/// Renders `event` every way the CLI does: the log line and JSON, the history line (every
/// language, several offsets and zones) and history JSON, and the undo list's phrase.
func exerciseRenderers(_ event: RecordedEvent) {
    var lines = EventLine()
    if lines.line(for: event).isEmpty { fuzzFailure("an empty log line") }
    if ((try? OutputJSON.encoder.encode(EventOutput(event: event))) ?? Data()).isEmpty { fuzzFailure("empty log JSON") }
    for language in HistoryLanguage.allCases {
        var builder = HistoryBuilder(filter: HistoryFilter(), language: language)
        builder.consume(event)
        guard let entry = builder.result.first else { fuzzFailure("history left out an event with no filter") }
        let wording = ActionWording(language: language)
        for offset in offsets { _ = wording.date(entry.timestamp, utcOffsetSeconds: offset) }
        for zone in zones { _ = HistoryLine.text(for: entry, wording: wording, timeZone: zone) }
        if ((try? OutputJSON.encoder.encode(HistoryEntryOutput(entry: entry))) ?? Data()).isEmpty { fuzzFailure("empty history JSON") }
        _ = wording.imperative(for: event.payload) { $0.description }
    }
}

import KanbanCore

/// The text form of `kanban flow`: the summary first, then one line per day.
enum FlowText {
    /// The whole report, its lines joined by newlines.
    static func text(for report: FlowReport) -> String {
        var lines: [String] = []
        if let first = report.days.first?.day, let last = report.days.last?.day {
            let count = report.days.count
            lines.append("\(report.board): \(first) to \(last) (\(count) day\(count == 1 ? "" : "s"))")
        } else {
            lines.append("\(report.board): no days in this window")
        }
        let finished = report.cards.count
        lines.append("Finished: \(finished) card\(finished == 1 ? "" : "s")")
        lines.append("Lead time:  \(percentiles(report.lead))")
        let withCycle = report.cards.filter { $0.cycle != nil }.count
        let missing = finished - withCycle
        lines.append("Cycle time: \(percentiles(report.cycle))\(missing > 0 ? " (\(missing) added straight to the last column left out)" : "")")
        if !report.throughput.isEmpty {
            lines.append("Throughput: " + report.throughput.map { "\($0.week) \($0.done)" }.joined(separator: ", "))
        }
        lines.append("Now:        " + zip(report.columns, report.wip).map { "\($0) \($1)" }.joined(separator: ", "))
        if !report.days.isEmpty {
            lines.append("")
            lines.append(table(report))
        }
        return lines.joined(separator: "\n")
    }

    /// `p50 2d 3h · p85 … · p95 …`, or a dash when no card has the figure.
    static func percentiles(_ figures: FlowPercentiles) -> String {
        guard let p50 = figures.p50, let p85 = figures.p85, let p95 = figures.p95 else { return "–" }
        return "p50 \(duration(p50)) · p85 \(duration(p85)) · p95 \(duration(p95))"
    }

    /// A duration in its two largest units: `2d 3h`, `3h 20m`, `4m 5s`, `12s`, `0s`.
    static func duration(_ milliseconds: Int64) -> String {
        let seconds = max(milliseconds, 0) / 1000
        let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        for (index, (size, name)) in units.enumerated() where seconds >= size {
            var text = "\(seconds / size)\(name)"
            if index + 1 < units.count {
                let (smaller, smallerName) = units[index + 1]
                let rest = seconds % size / smaller
                if rest > 0 { text += " \(rest)\(smallerName)" }
            }
            return text
        }
        return "0s"
    }

    /// The days, one line each: the date, then the cards in each column, right-aligned under
    /// the column names.
    static func table(_ report: FlowReport) -> String {
        let widths = report.columns.indices.map { column in
            report.days.reduce(DisplayWidth.of(report.columns[column])) { widest, day in
                max(widest, String(day.counts[column]).count)
            }
        }
        func pad(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(width - DisplayWidth.of(text), 0)) + text
        }
        var rows = ["date      " + zip(report.columns, widths).map { "  " + pad($0, $1) }.joined()]
        for day in report.days {
            rows.append(day.day.description + zip(day.counts, widths).map { "  " + pad(String($0), $1) }.joined())
        }
        return rows.joined(separator: "\n")
    }
}
